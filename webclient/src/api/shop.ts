// The coin shop's calls (issue 21; api/shop/README.md is the contract). Paths and payloads only:
// the call contract itself lives in client.ts.
import { api } from "./client";

export type ProductKind = "physical" | "virtual" | "item" | "blindbox";
export type ShopSort = "" | "price" | "-price" | "popular";
export type OrderStatus = "unpaid" | "exchanging" | "review" | "exchanged" | "charged_back" | "cancelled" | "expired";

export interface Prize {
  name: string;
  picture?: string;
  coins?: number;
  /** Percent, two decimals. */
  odds: number;
  weight: number;
  itemKind?: string;
  itemValue?: number;
}

export interface Product {
  id: number;
  kind: ProductKind;
  category: string;
  name: string;
  picture: string;
  price: number;
  stock: number;
  soldOut: boolean;
  perOrderLimit: number;
  perUserLimit: number;
  redeemed: number;
  details?: string;
  notice?: string;
  itemKind?: string;
  itemValue?: number;
  /** Staff views only. */
  active?: boolean;
  sort?: number;
  prizes?: Prize[];
  /** An order of one needs the one-time code of GET /sendMsg (physical goods, or a high price). */
  confirmCode?: boolean;
  /** Any order costing more coins than this needs the code too (absent: none by amount). */
  confirmAbove?: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export interface GoodsPage extends Page<Product> {
  categories: string[];
}

export interface ShopOrder {
  orderNo: string;
  /** Staff views only ("u123"). */
  userId?: string;
  goodsId: number;
  kind: ProductKind;
  name: string;
  picture: string;
  quantity: number;
  unitPrice: number;
  coins: number;
  recipient: string;
  address: string;
  contact: string;
  trackingNo: string;
  cardNo: string;
  remarks: string;
  status: OrderStatus;
  refunded: boolean;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  paidAt: number;
  /** Paying this unpaid order takes the confirmation code (user views only). */
  needsCode?: boolean;
}

export interface Draw {
  orderNo: string;
  seq: number;
  box: string;
  prize: string;
  picture?: string;
  coins: number;
  odds: Prize[];
  totalWeight: number;
  roll: number;
  createdAt: number;
}

export interface PaidOrder {
  order: ShopOrder;
  draws: Draw[];
  replayed: boolean;
}

/** A line of "my orders": any order of the user, whatever the area. */
export interface AnyOrder {
  type: string;
  orderNo: string;
  title: string;
  quantity: number;
  coins: number;
  money: number;
  currency: string;
  status: string;
  createdAt: number;
}

/** Where a confirmation code went. */
export interface CodeSent {
  channel: "sms" | "email";
  /** The destination, masked ("+86 138****8000"). */
  to: string;
  /** Seconds until another code may be asked for. */
  resendAfter: number;
}

/** Whether an order of `quantity` of p needs the confirmation code. */
export function needsConfirmCode(p: Product, quantity: number): boolean {
  if (p.confirmCode) return true;
  return p.confirmAbove !== undefined && p.price * quantity > p.confirmAbove;
}

export interface OrderForm {
  goodsId: number;
  quantity: number;
  recipient?: string;
  address?: string;
  contact?: string;
  /** The idempotency key: the same key gives back the same order. */
  key: string;
}

export interface MoveBody {
  orderNo: string;
  trackingNo?: string;
  remarks?: string;
  reason?: string;
}

export type StaffMove = "review" | "ship" | "chargeback" | "cancel" | "remarks";

export type ProductInput = Omit<Product, "id" | "soldOut" | "redeemed" | "prizes"> & {
  id?: number;
  prizes?: Omit<Prize, "odds">[];
};

const inline = { toast: false } as const;

export const shopApi = {
  list: (q: { category?: string; sort?: ShopSort; pageIndex?: number; pageSize?: number }) =>
    api.get<GoodsPage>("/goods/list", { query: { ...q, category: q.category || undefined, sort: q.sort || undefined } }),
  details: (id: number) => api.get<Product>("/goods/details", { query: { id } }),
  createOrder: (form: OrderForm) => api.post<ShopOrder>("/orderpay/goodsOrder", form, inline),
  /** Pays an order; `code` is the one-time code of sendCode when the order needs one. */
  payOrder: (orderNo: string, code?: string) =>
    api.post<PaidOrder>("/orderpay/payGoodsOrder", code ? { orderNo, code } : { orderNo }, inline),
  /** Sends the signed-in user the one-time code that confirms a redemption (phone, else e-mail). */
  sendCode: () => api.get<CodeSent>("/sendMsg", inline),
  records: (pageIndex: number, pageSize = 20) =>
    api.get<Page<ShopOrder>>("/user/order/list", { query: { type: "exchange", pageIndex, pageSize } }),
  draws: (pageIndex: number, pageSize = 20) => api.get<Page<Draw>>("/user/order/list", { query: { type: "draws", pageIndex, pageSize } }),
  allOrders: (pageIndex: number, pageSize = 20) => api.get<Page<AnyOrder>>("/user/order/list", { query: { type: "all", pageIndex, pageSize } }),

  // Staff (the back office): orders need manageOrders, products manageShop.
  staffOrders: (q: { status?: string; pageIndex?: number; pageSize?: number }) =>
    api.get<Page<ShopOrder>>("/admin/shop/orders", { query: { ...q, status: q.status || undefined } }),
  move: (action: StaffMove, body: MoveBody) => api.post<ShopOrder>(`/admin/shop/orders/${action}`, body),
  staffProducts: (pageIndex = 1, pageSize = 100) => api.get<Page<Product>>("/admin/shop/products", { query: { pageIndex, pageSize } }),
  staffProduct: (id: number) => api.get<Product>(`/admin/shop/products/${id}`),
  saveProduct: (p: ProductInput) => api.post<Product>("/admin/shop/products", p),
};

/** A fresh idempotency key for one order attempt (kept while the form retries). */
export function newOrderKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
