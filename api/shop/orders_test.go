package shop_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"courtside/api/errcode"
	"courtside/api/shop"
	"courtside/storage/postgres"
)

var ctx = context.Background()

func wantKey(t *testing.T, err error, key string) {
	t.Helper()
	e, ok := errcode.As(err)
	if !ok || e.Key != key {
		t.Fatalf("want error %s, got %v", key, err)
	}
}

func TestOrderValidationFollowsSpec5(t *testing.T) {
	e := newEnv(t)
	phys := e.product(postgres.ShopProduct{Stock: 5, PerOrderLimit: 2, PerUserLimit: 3})
	virt := e.product(postgres.ShopProduct{Kind: shop.KindVirtual, Name: "Voucher", Stock: 5})
	cases := []struct {
		name string
		in   shop.OrderRequest
		key  string
	}{
		{"no recipient", shop.OrderRequest{ProductID: phys.ID, Quantity: 1, Address: "a", Contact: "c", Key: "1"}, "shop.recipientRequired"},
		{"no address", shop.OrderRequest{ProductID: phys.ID, Quantity: 1, Recipient: "r", Address: "  ", Contact: "c", Key: "2"}, "shop.addressRequired"},
		{"no contact", shop.OrderRequest{ProductID: phys.ID, Quantity: 1, Recipient: "r", Address: "a", Key: "3"}, "shop.contactRequired"},
		{"zero quantity", ship(phys.ID, 0, "4"), "shop.quantityInvalid"},
		{"over the per-order limit", ship(phys.ID, 3, "5"), "shop.orderLimit"},
		{"no key", ship(phys.ID, 1, ""), "shop.invalid"},
		{"unknown product", ship(99999, 1, "6"), "shop.productNotFound"},
		{"over the stock", shop.OrderRequest{ProductID: virt.ID, Quantity: 6, Key: "7"}, "shop.soldOut"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.svc.CreateOrder(ctx, 1, c.in)
			wantKey(t, err, c.key)
		})
	}
	if s, _ := e.stock(phys.ID); s != 5 {
		t.Fatalf("refused orders reserved stock: %d left", s)
	}
	// Virtual goods need no address.
	if _, err := e.svc.CreateOrder(ctx, 1, shop.OrderRequest{ProductID: virt.ID, Quantity: 1, Key: "8"}); err != nil {
		t.Fatal(err)
	}
}

func TestPerUserLimitCountsEveryLiveOrder(t *testing.T) {
	e := newEnv(t)
	p := e.product(postgres.ShopProduct{Stock: 10, PerUserLimit: 3})
	if _, err := e.svc.CreateOrder(ctx, 1, ship(p.ID, 2, "a")); err != nil {
		t.Fatal(err)
	}
	_, err := e.svc.CreateOrder(ctx, 1, ship(p.ID, 2, "b"))
	wantKey(t, err, "shop.userLimit")
	if _, err := e.svc.CreateOrder(ctx, 2, ship(p.ID, 2, "b")); err != nil {
		t.Fatal("another user is not limited by the first:", err)
	}
	if s, _ := e.stock(p.ID); s != 6 {
		t.Fatalf("stock %d, want 6", s)
	}
}

func TestCreateIsIdempotentByKey(t *testing.T) {
	e := newEnv(t)
	p := e.product(postgres.ShopProduct{Stock: 5})
	a, err := e.svc.CreateOrder(ctx, 1, ship(p.ID, 2, "same"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.svc.CreateOrder(ctx, 1, ship(p.ID, 2, "same"))
	if err != nil || b.No != a.No {
		t.Fatalf("retry gave %v %v, want order %s", b.No, err, a.No)
	}
	if s, _ := e.stock(p.ID); s != 3 {
		t.Fatalf("stock %d after a retried order, want 3", s)
	}
	_, err = e.svc.CreateOrder(ctx, 1, ship(p.ID, 1, "same"))
	if !errors.Is(err, shop.ErrKeyConflict) {
		t.Fatalf("same key, other quantity: %v", err)
	}
	// The same key of another user is another order.
	c, err := e.svc.CreateOrder(ctx, 2, ship(p.ID, 1, "same"))
	if err != nil || c.No == a.No {
		t.Fatalf("other user's order %v %v", c.No, err)
	}
}

func TestPayChargesOnceThroughTheLedger(t *testing.T) {
	e := newEnv(t)
	p := e.product(postgres.ShopProduct{Price: 300, Stock: 5})
	e.fund(1, 1000)
	o, err := e.svc.CreateOrder(ctx, 1, ship(p.ID, 2, "k"))
	if err != nil {
		t.Fatal(err)
	}
	if o.Status != shop.StatusUnpaid || o.Coins != 600 {
		t.Fatalf("order %+v", o)
	}
	paid, err := e.svc.PayOrder(ctx, 1, o.No, "")
	if err != nil {
		t.Fatal(err)
	}
	if paid.Order.Status != shop.StatusExchanging || paid.Replayed {
		t.Fatalf("paid %+v", paid)
	}
	again, err := e.svc.PayOrder(ctx, 1, o.No, "")
	if err != nil || !again.Replayed || again.Order.Status != shop.StatusExchanging {
		t.Fatalf("second pay: %+v %v", again, err)
	}
	if b := e.balance(1); b != 400 {
		t.Fatalf("balance %d, want 400 (charged once)", b)
	}
	if _, r := e.stock(p.ID); r != 2 {
		t.Fatalf("redeemed %d", r)
	}
	if _, err := e.svc.PayOrder(ctx, 2, o.No, ""); !errors.Is(err, shop.ErrOrderNotFound) {
		t.Fatalf("another user paid it: %v", err)
	}
	if k := e.notices.Keys(1); !slices.Contains(k, "shop.notice.paid") {
		t.Fatalf("notices %v", k)
	}
	e.verifyLedger()
}

func TestInsufficientCoinsMovesNothing(t *testing.T) {
	e := newEnv(t)
	p := e.product(postgres.ShopProduct{Price: 300, Stock: 5})
	e.fund(1, 299)
	o, err := e.svc.CreateOrder(ctx, 1, ship(p.ID, 1, "k"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.PayOrder(ctx, 1, o.No, "")
	if !errors.Is(err, shop.ErrInsufficientCoins) {
		t.Fatalf("want insufficient coins, got %v", err)
	}
	got, _ := e.svc.Order(ctx, 1, o.No)
	if got.Status != shop.StatusUnpaid || e.balance(1) != 299 {
		t.Fatalf("order %s balance %d", got.Status, e.balance(1))
	}
	// After a recharge the same order pays.
	e.fund(1, 1)
	if _, err := e.svc.PayOrder(ctx, 1, o.No, ""); err != nil {
		t.Fatal(err)
	}
	e.verifyLedger()
}

func TestUnpaidOrdersReleaseStockAfterTheTimeout(t *testing.T) {
	e := newEnv(t)
	p := e.product(postgres.ShopProduct{Stock: 3})
	e.fund(1, 1000)
	a, _ := e.svc.CreateOrder(ctx, 1, ship(p.ID, 2, "a"))
	b, _ := e.svc.CreateOrder(ctx, 1, ship(p.ID, 1, "b"))
	if s, _ := e.stock(p.ID); s != 0 {
		t.Fatalf("stock %d", s)
	}
	e.clock.Add(14 * time.Minute)
	if ex, _ := e.svc.ExpireUnpaid(ctx); len(ex) != 0 {
		t.Fatalf("expired before the timeout: %d", len(ex))
	}
	e.clock.Add(time.Minute)
	// Paying at the deadline is too late: the order expires and its stock goes back at once.
	if _, err := e.svc.PayOrder(ctx, 1, b.No, ""); !errors.Is(err, shop.ErrOrderExpired) {
		t.Fatalf("late payment: %v", err)
	}
	if s, _ := e.stock(p.ID); s != 1 {
		t.Fatalf("stock %d after the late payment, want 1", s)
	}
	ex, err := e.svc.ExpireUnpaid(ctx)
	if err != nil || len(ex) != 1 || ex[0].No != a.No || ex[0].Status != shop.StatusExpired {
		t.Fatalf("sweep: %+v %v", ex, err)
	}
	if s, _ := e.stock(p.ID); s != 3 {
		t.Fatalf("stock %d after the sweep, want 3", s)
	}
	if _, err := e.svc.PayOrder(ctx, 1, a.No, ""); !errors.Is(err, shop.ErrOrderExpired) {
		t.Fatalf("paying an expired order: %v", err)
	}
	if e.balance(1) != 1000 {
		t.Fatal("an expired order took coins")
	}
	// The per-user limit no longer counts expired orders.
	if _, err := e.svc.CreateOrder(ctx, 1, ship(p.ID, 3, "c")); err != nil {
		t.Fatal(err)
	}
}

func TestVirtualGoodsGetACodeAndItemsAreApplied(t *testing.T) {
	e := newEnv(t)
	v := e.product(postgres.ShopProduct{Kind: shop.KindVirtual, Name: "Voucher", Stock: 5})
	it := e.product(postgres.ShopProduct{Kind: shop.KindItem, Name: "VIP 7 days", Stock: 5, ItemKind: shop.ItemVIPDays, ItemValue: 7})
	e.fund(1, 1000)
	o, _ := e.svc.CreateOrder(ctx, 1, shop.OrderRequest{ProductID: v.ID, Quantity: 1, Key: "v", Address: "ignored"})
	paid, err := e.svc.PayOrder(ctx, 1, o.No, "")
	if err != nil {
		t.Fatal(err)
	}
	if paid.Order.Status != shop.StatusExchanged || len(paid.Order.CardNo) != 19 || paid.Order.Address != "" {
		t.Fatalf("virtual order %+v", paid.Order)
	}
	o, _ = e.svc.CreateOrder(ctx, 1, shop.OrderRequest{ProductID: it.ID, Quantity: 2, Key: "i"})
	if _, err := e.svc.PayOrder(ctx, 1, o.No, ""); err != nil {
		t.Fatal(err)
	}
	if len(e.items.got) != 1 || e.items.got[0] != "1 vipDays 14" {
		t.Fatalf("items %v", e.items.got)
	}
	if k := e.notices.Keys(1); !slices.Equal(k, []string{"shop.notice.delivered", "shop.notice.delivered"}) {
		t.Fatalf("notices %v", k)
	}
}

func TestUserOrdersListsEveryArea(t *testing.T) {
	e := newEnv(t)
	p := e.product(postgres.ShopProduct{Stock: 5})
	e.fund(1, 1000)
	o, _ := e.svc.CreateOrder(ctx, 1, ship(p.ID, 1, "a"))
	if _, err := e.svc.PayOrder(ctx, 1, o.No, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `INSERT INTO payment_orders (order_no, user_id, client_key, product, quantity, cny_fen, method, currency,
		amount_minor, state, expires_at) VALUES ('R1', 1, 'x', 'coin', 100, 1000, 'dev', 'CNY', 1000, 'paid', now())`); err != nil {
		t.Fatal(err)
	}
	rows, total, err := e.svc.AllOrders(ctx, 1, 10, 0)
	if err != nil || total != 2 || len(rows) != 2 {
		t.Fatalf("%+v %d %v", rows, total, err)
	}
	types := []string{rows[0].Type, rows[1].Type}
	slices.Sort(types)
	if !slices.Equal(types, []string{"recharge", "shop"}) {
		t.Fatalf("types %v", types)
	}
}
