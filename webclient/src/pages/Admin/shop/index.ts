// The shop's back-office components (issue 21), for the back office shell to mount: ShopOrdersAdmin
// (manageOrders) and ShopProductsAdmin (manageShop).
export { ShopOrdersAdmin } from "./ShopOrdersAdmin";
export { ShopProductsAdmin } from "./ShopProductsAdmin";
