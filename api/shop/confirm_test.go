package shop_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"courtside/actors/ratelimit"
	"courtside/api/account"
	"courtside/api/account/mail"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/api/shop"
	"courtside/storage/postgres"
)

// accountCodes is engine's adapter (engine/shop.go), rebuilt here so the shop's tests run the real
// accounts module: purpose-scoped codes, limits, attempts, expiry on the shared clock.
type accountCodes struct{ a *account.Service }

var orderPurpose = account.CodePurpose{Name: "order", Subject: "shop.confirmCode.subject", Body: "shop.confirmCode.body"}

func (c accountCodes) Send(ctx context.Context, uid int64, ip, lang string) (shop.CodeSent, error) {
	s, err := c.a.SendUserCode(ctx, uid, orderPurpose, account.Client{IP: ip, Lang: lang})
	if errors.Is(err, account.ErrNoCodeAddress) {
		return shop.CodeSent{}, shop.ErrBindContact
	}
	return shop.CodeSent{Channel: s.Channel, To: s.To, ResendAfter: s.ResendAfter}, err
}

func (c accountCodes) Consume(ctx context.Context, uid int64, code string) error {
	return c.a.ConsumeUserCode(ctx, uid, orderPurpose, code)
}

// confirmEnv is a shop whose orders are confirmed with the accounts module's codes.
type confirmEnv struct {
	*env
	acc  *account.Service
	sink *mail.DevSink
}

func newConfirmEnv(t *testing.T, tweak func(*account.Config, *shop.Config)) *confirmEnv {
	t.Helper()
	sink := mail.NewDevSink()
	ce := &confirmEnv{sink: sink}
	ce.env = newEnv(t, func(e *env, cfg *shop.Config, d *shop.Deps) {
		acfg := account.Config{Now: e.clock.Now, Secret: "test-secret", Argon2MemoryK: 1024, Argon2Time: 1, AvatarDir: t.TempDir()}
		if tweak != nil {
			tweak(&acfg, cfg)
		}
		acc, err := account.New(acfg, account.Deps{Pool: e.pool, Mail: sink, SMS: sink})
		if err != nil {
			t.Fatal(err)
		}
		ce.acc = acc
		d.Codes = accountCodes{acc}
	})
	return ce
}

// user creates an account with the given bound phone (CN, no "+86") and e-mail, either may be empty.
func (ce *confirmEnv) user(name, phone, email string) int64 {
	ce.t.Helper()
	nu := postgres.NewUser{Username: name, Email: email}
	if phone != "" {
		nu.AreaCode, nu.Phone = "86", "+86"+phone
	}
	id, err := ce.acc.Store().CreateUser(ctx, nu, nil)
	if err != nil {
		ce.t.Fatal(err)
	}
	return id
}

// send asks for a confirmation code over REST and returns the answer and the code delivered to.
func (ce *confirmEnv) send(uid int64, to string) (shop.CodeSent, string) {
	ce.t.Helper()
	var sent shop.CodeSent
	apitest.Result(ce.t, ce.do("GET", "/java/sendMsg", "", uid, "en_US"), &sent)
	code, ok := ce.sink.LastCode(to)
	if !ok {
		ce.t.Fatalf("no code delivered to %s", to)
	}
	return sent, code
}

func (ce *confirmEnv) order(uid int64, p postgres.ShopProduct, q int) postgres.ShopOrder {
	ce.t.Helper()
	o, err := ce.svc.CreateOrder(ctx, uid, ship(p.ID, q, ce.key()))
	if err != nil {
		ce.t.Fatal(err)
	}
	return o
}

func errCode(err error) errcode.Code {
	if e, ok := errcode.As(err); ok {
		return e.Code
	}
	return 0
}

func TestConfirmCodeIsNeededForPhysicalGoodsAndLargeSpends(t *testing.T) {
	ce := newConfirmEnv(t, func(_ *account.Config, c *shop.Config) { c.ConfirmCodeAbove = 1000 })
	cases := []struct {
		name  string
		kind  string
		coins int64
		want  bool
	}{
		{"physical goods, however cheap", shop.KindPhysical, 10, true},
		{"a virtual code at the threshold", shop.KindVirtual, 1000, false},
		{"a virtual code above the threshold", shop.KindVirtual, 1001, true},
		{"an in-site item below it", shop.KindItem, 999, false},
		{"a blind box above it", shop.KindBlindBox, 5000, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ce.svc.NeedsConfirm(c.kind, c.coins); got != c.want {
				t.Fatalf("NeedsConfirm(%s, %d) = %v", c.kind, c.coins, got)
			}
		})
	}

	off, err := shop.New(shop.Config{ConfirmCodeAbove: -1}, shop.Deps{Pool: ce.pool, Codes: accountCodes{ce.acc}})
	if err != nil {
		t.Fatal(err)
	}
	if off.NeedsConfirm(shop.KindVirtual, 1_000_000) || !off.NeedsConfirm(shop.KindPhysical, 1) {
		t.Fatal("a negative threshold: only physical goods need a code")
	}
	if def, _ := shop.New(shop.Config{}, shop.Deps{Pool: ce.pool, Codes: accountCodes{ce.acc}}); def.Config().ConfirmCodeAbove != shop.DefaultConfirmCodeAbove {
		t.Fatalf("default threshold %d", def.Config().ConfirmCodeAbove)
	}

	// The views say so: a product (an order of one, and the threshold for more) and an unpaid order.
	uid := ce.user("viewer", "13800138001", "")
	code := ce.product(postgres.ShopProduct{Kind: shop.KindVirtual, Name: "Code", Price: 600, Stock: 9})
	var pv struct {
		ConfirmCode  bool   `json:"confirmCode"`
		ConfirmAbove *int64 `json:"confirmAbove"`
	}
	apitest.Result(t, ce.do("GET", fmt.Sprintf("/java/goods/details?id=%d", code.ID), "", 0, "en_US"), &pv)
	if pv.ConfirmCode || pv.ConfirmAbove == nil || *pv.ConfirmAbove != 1000 {
		t.Fatalf("product view %+v", pv)
	}
	var ov struct {
		NeedsCode bool `json:"needsCode"`
	}
	apitest.Result(t, ce.do("POST", "/java/orderpay/goodsOrder", fmt.Sprintf(`{"goodsId":%d,"quantity":2,"key":"v2"}`, code.ID), uid, "en_US"), &ov)
	if !ov.NeedsCode {
		t.Fatal("an order of 1200 coins does not say it needs a code")
	}
	ov.NeedsCode = false
	apitest.Result(t, ce.do("POST", "/java/orderpay/goodsOrder", fmt.Sprintf(`{"goodsId":%d,"quantity":1,"key":"v1"}`, code.ID), uid, "en_US"), &ov)
	if ov.NeedsCode {
		t.Fatal("an order of 600 coins says it needs a code")
	}
}

// TestConfirmCodeJourney: a physical redemption is refused without a code and with a wrong one
// (nothing moves), paid with the code sent to the bound phone, replayed without one; the code
// confirms one order only.
func TestConfirmCodeJourney(t *testing.T) {
	ce := newConfirmEnv(t, nil)
	uid := ce.user("buyer", "13800138000", "buyer@example.com")
	ce.fund(uid, 1000)
	p := ce.product(postgres.ShopProduct{Price: 300, Stock: 5})
	o := ce.order(uid, p, 1)

	r := ce.do("POST", "/java/orderpay/payGoodsOrder", fmt.Sprintf(`{"orderNo":%q}`, o.No), uid, "zh_CN")
	if r.Env.ErrorCode != errcode.ShopConfirmCodeRequired || r.Env.ErrorMsg != "兑换失败：请输入发送到您手机或邮箱的确认验证码" {
		t.Fatalf("no code: %s", r.Body)
	}

	sent, code := ce.send(uid, "+8613800138000") // the phone comes before the e-mail
	if sent.Channel != "sms" || sent.To != "+86 138****8000" || sent.ResendAfter != 60 {
		t.Fatalf("sent %+v", sent)
	}
	if m := ce.sink.Last("+8613800138000"); !strings.HasPrefix(m[len(m)-1].Text, "Your code to confirm a redemption in the coin shop is "+code) {
		t.Fatalf("message %+v", m[len(m)-1])
	}
	wrong := fmt.Sprintf("%06d", (mustAtoi(code)+1)%1_000_000)
	r = ce.do("POST", "/java/orderpay/payGoodsOrder", fmt.Sprintf(`{"orderNo":%q,"code":%q}`, o.No, wrong), uid, "en_US")
	if r.Env.ErrorCode != errcode.CodeWrong || r.Env.ErrorMsg == "" {
		t.Fatalf("wrong code: %s", r.Body)
	}
	if b := ce.balance(uid); b != 1000 {
		t.Fatalf("balance %d after refusals", b)
	}

	var paid struct {
		Order struct {
			Status    string `json:"status"`
			NeedsCode bool   `json:"needsCode"`
		} `json:"order"`
		Replayed bool `json:"replayed"`
	}
	apitest.Result(t, ce.do("POST", "/java/orderpay/payGoodsOrder", fmt.Sprintf(`{"orderNo":%q,"code":%q}`, o.No, code), uid, "en_US"), &paid)
	if paid.Order.Status != shop.StatusExchanging || paid.Order.NeedsCode || paid.Replayed || ce.balance(uid) != 700 {
		t.Fatalf("paid %+v, balance %d", paid, ce.balance(uid))
	}
	// A retry of the paid order needs no new code.
	apitest.Result(t, ce.do("POST", "/java/orderpay/payGoodsOrder", fmt.Sprintf(`{"orderNo":%q}`, o.No), uid, "en_US"), &paid)
	if !paid.Replayed || ce.balance(uid) != 700 {
		t.Fatalf("replay %+v", paid)
	}
	// The code was consumed: it does not confirm another order.
	o2 := ce.order(uid, p, 1)
	if _, err := ce.svc.PayOrder(ctx, uid, o2.No, code); !errors.Is(err, account.ErrCodeExpired) {
		t.Fatalf("a used code paid another order: %v", err)
	}
	if b := ce.balance(uid); b != 700 {
		t.Fatalf("balance %d", b)
	}
	ce.verifyLedger()
}

func mustAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

func TestConfirmCodeExpires(t *testing.T) {
	ce := newConfirmEnv(t, func(a *account.Config, _ *shop.Config) { a.CodeTTL = 5 * time.Minute })
	uid := ce.user("late", "", "late@example.com")
	ce.fund(uid, 1000)
	p := ce.product(postgres.ShopProduct{Price: 100, Stock: 5})
	o := ce.order(uid, p, 1)
	sent, code := ce.send(uid, "late@example.com")
	if sent.Channel != "email" || sent.To != "l***@example.com" {
		t.Fatalf("sent %+v", sent)
	}
	ce.clock.Add(5*time.Minute + time.Second) // the order still has its stock (15 min), the code is gone
	_, err := ce.svc.PayOrder(ctx, uid, o.No, code)
	if !errors.Is(err, account.ErrCodeExpired) {
		t.Fatalf("expired code: %v", err)
	}
	if b := ce.balance(uid); b != 1000 {
		t.Fatalf("balance %d", b)
	}
}

// TestSignInCodesAndOrderCodesAreApart: a sign-in code to the user's own phone does not confirm an
// order, and an order's code does not sign in.
func TestSignInCodesAndOrderCodesAreApart(t *testing.T) {
	ce := newConfirmEnv(t, nil)
	uid := ce.user("twin", "13900139000", "")
	ce.fund(uid, 1000)
	p := ce.product(postgres.ShopProduct{Price: 100, Stock: 5})
	o := ce.order(uid, p, 1)

	if _, err := ce.acc.SendCode(ctx, account.CodeRequest{To: "13900139000", AreaCode: "86", Kind: account.MobileAddress},
		account.Client{IP: "198.51.100.1", Lang: "en_US"}); err != nil {
		t.Fatal(err)
	}
	signIn, _ := ce.sink.LastCode("+8613900139000")
	if _, err := ce.svc.PayOrder(ctx, uid, o.No, signIn); !errors.Is(err, account.ErrCodeExpired) {
		t.Fatalf("a sign-in code confirmed an order: %v", err)
	}

	_, orderCode := ce.send(uid, "+8613900139000") // no resend wait: another purpose
	if orderCode == signIn {
		t.Skip("the two random codes collided")
	}
	_, err := ce.acc.CodeLogin(ctx, account.CodeLogin{Identity: account.Identity{MobileOrEmail: "13900139000", AreaCode: "86",
		Type: account.MobileAddress}, Code: orderCode}, account.Client{IP: "198.51.100.1", Lang: "en_US"})
	if c := errCode(err); c != errcode.CodeWrong && c != errcode.CodeExpired {
		t.Fatalf("an order's code signed in: %v", err)
	}
	// Both still work for their own purpose.
	if _, err := ce.svc.PayOrder(ctx, uid, o.No, orderCode); err != nil {
		t.Fatal(err)
	}
	if _, err := ce.acc.CodeLogin(ctx, account.CodeLogin{Identity: account.Identity{MobileOrEmail: "13900139000", AreaCode: "86",
		Type: account.MobileAddress}, Code: signIn}, account.Client{IP: "198.51.100.1", Lang: "en_US"}); err != nil {
		t.Fatal(err)
	}
}

// TestConfirmCodesAreRateLimited: the resend interval, then the limit per destination shared with
// sign-in codes; a short balance does not spend the code.
func TestConfirmCodesAreRateLimited(t *testing.T) {
	ce := newConfirmEnv(t, func(a *account.Config, _ *shop.Config) {
		a.CodePerDestination = ratelimit.Limit{Count: 4, Period: time.Hour} // every request counts, a too-soon one too
	})
	uid := ce.user("eager", "13700137000", "")
	ce.send(uid, "+8613700137000")
	r := ce.do("GET", "/java/sendMsg", "", uid, "en_US")
	if r.Env.ErrorCode != errcode.CodeTooSoon {
		t.Fatalf("second code at once: %s", r.Body)
	}
	ce.clock.Add(61 * time.Second)
	if _, err := ce.acc.SendCode(ctx, account.CodeRequest{To: "13700137000", AreaCode: "86", Kind: account.MobileAddress},
		account.Client{IP: "198.51.100.2", Lang: "en_US"}); err != nil {
		t.Fatal(err)
	}
	_, code := ce.send(uid, "+8613700137000")
	if r := ce.do("GET", "/java/sendMsg", "", uid, "en_US"); r.Env.ErrorCode != errcode.CodeRateLimited {
		t.Fatalf("fifth request for one phone: %s", r.Body)
	}

	p := ce.product(postgres.ShopProduct{Price: 500, Stock: 5})
	o := ce.order(uid, p, 1)
	ce.fund(uid, 100)
	if _, err := ce.svc.PayOrder(ctx, uid, o.No, code); !errors.Is(err, shop.ErrInsufficientCoins) {
		t.Fatalf("short balance: %v", err)
	}
	ce.fund(uid, 400)
	if _, err := ce.svc.PayOrder(ctx, uid, o.No, code); err != nil {
		t.Fatalf("the code was spent on a refused payment: %v", err)
	}
}

func TestSendMsgNeedsAPhoneOrAnEmail(t *testing.T) {
	ce := newConfirmEnv(t, nil)
	uid := ce.user("nobody", "", "")
	r := ce.do("GET", "/java/sendMsg", "", uid, "de")
	if r.Env.ErrorCode != errcode.ShopBindContact || r.Env.ErrorMsg == "" || r.Env.ErrorMsg == "shop.bindContact" {
		t.Fatalf("no phone, no e-mail: %s", r.Body)
	}
	if r := ce.do("GET", "/java/sendMsg", "", 0, "en_US"); r.Env.ErrorCode != errcode.AuthRequired {
		t.Fatalf("guest: %s", r.Body)
	}
}
