package shop

import (
	"courtside/api"
	"courtside/api/account"
)

// handlers are the shop's REST endpoints (README.md has the table): decode, call the Service, shape
// the answer. No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers every shop endpoint on srv; users says who sends a request (the accounts
// module), Deps.Staff what a staff member may do.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Admins: s.d.Admins, Staff: s.d.Staff}}
	user := h.auth.RequireUser
	orders := h.auth.RequireStaff(string(account.PermManageOrders))
	products := h.auth.RequireStaff(string(account.PermManageShop))

	// Public: the catalogue.
	srv.Handle("GET /goods/list", h.list)
	srv.Handle("GET /goods/details", h.details)

	// Signed-in user, own orders only.
	srv.Handle("POST /orderpay/goodsOrder", user(h.createOrder))
	srv.Handle("POST /orderpay/payGoodsOrder", user(h.payOrder))
	srv.Handle("GET /sendMsg", user(h.sendMsg))
	srv.Handle("GET /user/order/list", user(h.myOrders))

	// Staff: orders (manageOrders: finance, administrators), products and odds (manageShop).
	srv.Handle("GET /admin/shop/orders", orders(h.staffOrders))
	srv.Handle("POST /admin/shop/orders/review", orders(h.staffMove(s.Review)))
	srv.Handle("POST /admin/shop/orders/ship", orders(h.staffMove(s.Ship)))
	srv.Handle("POST /admin/shop/orders/chargeback", orders(h.staffMove(s.ChargeBack)))
	srv.Handle("POST /admin/shop/orders/cancel", orders(h.staffMove(s.Cancel)))
	srv.Handle("POST /admin/shop/orders/remarks", orders(h.staffMove(s.Annotate)))
	srv.Handle("GET /admin/shop/products", products(h.staffProducts))
	srv.Handle("GET /admin/shop/products/{id}", products(h.staffProduct))
	srv.Handle("POST /admin/shop/products", products(h.saveProduct))
}
