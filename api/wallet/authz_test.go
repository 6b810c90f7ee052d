package wallet_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"courtside/api/errcode"
	"courtside/api/wallet"
)

// TestAuthorizationMatrix calls every wallet endpoint as a guest, as the owner, as another user and
// as an administrator.
func TestAuthorizationMatrix(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	const owner, other = 1, 2
	e.welcome(owner)
	o := e.createOrder(owner, "coin", 1, 0, "dev", "k")
	e.pay(o)
	const (
		pub   = 200 // success for everyone
		deny  = http.StatusForbidden
		login = http.StatusUnauthorized
		nf    = http.StatusNotFound
	)
	type row struct {
		method, path, body        string
		guest, user, other, admin int
	}
	rows := []row{
		{"GET", "/java/orderpay/gold/list", "", pub, pub, pub, pub},
		{"GET", "/java/orderpay/score/list", "", pub, pub, pub, pub},
		{"GET", "/java/orderpay/getPayType", "", pub, pub, pub, pub},
		{"GET", "/java/orderpay/getPayMoney?product=coin&id=1&payType=dev", "", pub, pub, pub, pub},
		{"GET", "/java/orderpay/vip/list", "", pub, pub, pub, pub},
		{"GET", "/java/gift", "", pub, pub, pub, pub},
		{"GET", "/java/gift/leaderboard/day?room=r", "", pub, pub, pub, pub},
		{"GET", "/java/orderpay/getVipAmount?tier=1&months=1", "", login, 200, 200, 200},
		{"POST", "/java/orderpay/payByAlipay", `{"product":"coin","id":1,"payType":"dev","clientKey":"m%d"}`, login, 200, 200, 200},
		{"POST", "/java/orderpay/vip/pay", `{"tier":1,"months":1,"clientKey":"m"}`, login, 200, 400, 400}, // others have no coins: 4007
		{"GET", "/java/orderpay/order/" + o.OrderNo, "", login, 200, nf, 200},
		{"GET", "/java/orderpay/events?order=" + o.OrderNo, "", login, 200, nf, 200},
		{"GET", "/java/user/userGold", "", login, 200, 200, 200},
		{"GET", "/java/user/getVipOpenRecord", "", login, 200, 200, 200},
		{"GET", fmt.Sprintf("/java/user/getVipOpenRecord?userId=%d", owner), "", login, 200, deny, 200},
		{"GET", "/java/user/getScoreOpenRecord", "", login, 200, 200, 200},
		{"GET", fmt.Sprintf("/java/user/getGoldOpenRecord?userId=%d", owner), "", login, 200, deny, 200},
		{"POST", "/java/gift/leaderboard/rebuild", `{"room":"r"}`, login, deny, deny, 200},
		{"POST", "/java/orderpay/refund", fmt.Sprintf(`{"orderNo":%q}`, o.OrderNo), login, deny, deny, 200},
		// Provider callbacks trust a signature, never a session: unsigned is refused for everyone.
		{"POST", "/java/orderpay/callback/dev", fmt.Sprintf(`{"eventId":"x","orderNo":%q,"state":"refunded"}`, o.OrderNo), 400, 400, 400, 400},
		{"POST", "/java/orderpay/callback/nosuch", `{}`, nf, nf, nf, nf},
		// The development pay page only ever completes its own order, with the provider's signature.
		{"GET", "/java/orderpay/dev/pay?order=" + o.OrderNo, "", pub, pub, pub, pub},
	}
	who := []struct {
		name string
		uid  int64
		pick func(row) int
	}{
		{"guest", 0, func(r row) int { return r.guest }},
		{"owner", owner, func(r row) int { return r.user }},
		{"other user", other, func(r row) int { return r.other }},
		{"admin", adminID, func(r row) int { return r.admin }},
	}
	for i, r := range rows {
		for _, w := range who {
			t.Run(fmt.Sprintf("%s %s as %s", r.method, r.path, w.name), func(t *testing.T) {
				// A fresh client key per call, so each caller opens an order of its own.
				body := strings.ReplaceAll(r.body, "%d", fmt.Sprint(i*1000+int(w.uid)))
				res := e.do(r.method, r.path, body, w.uid)
				if want := w.pick(r); res.Status != want {
					t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
				}
				if res.Status == login && res.Env.ErrorCode != errcode.AuthRequired {
					t.Fatalf("errorCode %d, want %d", res.Env.ErrorCode, errcode.AuthRequired)
				}
			})
		}
	}
	t.Run("a dead session is errorCode 3000 everywhere a user is needed", func(t *testing.T) {
		h := http.Header{"token": {"expired"}}
		for _, r := range rows {
			if r.guest != login {
				continue
			}
			res := apitestDo(t, e, r.method, r.path, h)
			if res != errcode.SessionExpired {
				t.Fatalf("%s %s: errorCode %d, want 3000", r.method, r.path, res)
			}
		}
	})
}
