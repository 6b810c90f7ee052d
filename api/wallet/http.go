package wallet

import (
	"net/http"
	"strings"

	"courtside/api"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

// handlers are the wallet's REST endpoints: they decode, ask auth who calls, call the Service and
// shape the answer (the table is in README.md). No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers every wallet endpoint on srv; users says who sends a request (the accounts
// module), and Deps.Roles who is an administrator.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Admins: s.roles}}
	user, admin, subject := h.auth.RequireUser, h.auth.RequireAdmin, h.auth.RequireSubject

	// Public: offers and prices.
	srv.Handle("GET /orderpay/gold/list", h.goldList)
	srv.Handle("GET /orderpay/score/list", h.scoreList)
	srv.Handle("GET /orderpay/getPayType", h.payTypes)
	srv.Handle("GET /orderpay/getPayMoney", h.payMoney)
	srv.Handle("GET /orderpay/vip/list", h.vipList)
	srv.Handle("GET /gift", h.giftList)
	srv.Handle("GET /gift/leaderboard/{type}", h.leaderboard)

	// Signed-in user, own data only (administrators may name another user where it says userId).
	srv.Handle("GET /orderpay/getVipAmount", user(h.vipAmount))
	srv.Handle("POST /orderpay/payByAlipay", user(h.payByAlipay))
	srv.Handle("POST /orderpay/vip/pay", user(h.vipPay))
	srv.Handle("GET /orderpay/order/{orderNo}", user(h.orderStatus))
	srv.Handle("GET /user/userGold", user(h.userGold))
	srv.Handle("GET /user/getVipOpenRecord", subject(h.vipRecords))
	srv.Handle("GET /user/getScoreOpenRecord", subject(h.details(postgres.Diamond)))
	srv.Handle("GET /user/getGoldOpenRecord", subject(h.details(postgres.Coin)))
	srv.HandleHTTP("GET /orderpay/events", http.HandlerFunc(h.events))

	// Administrators.
	srv.Handle("POST /orderpay/refund", admin(h.refund))
	srv.Handle("POST /gift/leaderboard/rebuild", admin(h.rebuildLeaderboard))
	// The same staff calls under the back office (issue 16), where its second factor guards them.
	srv.Handle("POST /admin/orderpay/refund", admin(h.refund))
	srv.Handle("POST /admin/gift/leaderboard/rebuild", admin(h.rebuildLeaderboard))

	// Providers: authenticated by signature, answered in each provider's own format.
	srv.HandleHTTP("POST "+route(callbackPath)+"{provider}", http.HandlerFunc(h.callback))
	if s.dev != nil {
		srv.HandleHTTP("GET "+route(devPagePath), http.HandlerFunc(h.devPage))
	}
}

// route is a full /java path as Server.Handle takes it.
func route(path string) string { return strings.TrimPrefix(path, api.Prefix) }

// parseProduct reads the product of a recharge as the pages send it.
func parseProduct(s string) (Product, bool) {
	switch s {
	case "coin", "gold", "1", "":
		return ProductCoin, true
	case "diamond", "score", "2":
		return ProductDiamond, true
	}
	return "", false
}

// orderView is an order as the recharge page and payWs show it.
func orderView(o postgres.Order) map[string]any {
	return map[string]any{
		"orderNo": o.No, "product": o.Product, "quantity": o.Quantity, "money": payment.Decimal(o.CNYFen),
		"payType": o.Method, "currency": o.Currency, "amount": payment.Decimal(o.AmountMinor), "state": o.State,
		"payUrl": o.PayURL, "qrCode": o.QRCode, "eventsUrl": api.Prefix + "/orderpay/events?order=" + o.No,
		"createdAt": api.Millis(o.CreatedAt), "expiresAt": api.Millis(o.ExpiresAt), "paidAt": api.Millis(o.PaidAt),
	}
}
