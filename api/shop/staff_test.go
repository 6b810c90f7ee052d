package shop_test

import (
	"errors"
	"slices"
	"testing"

	"courtside/api/shop"
	"courtside/storage/postgres"
)

// TestStaffTransitions walks every state of spec §4: exchanging → review → exchanged; charge-back and
// cancellation with the coins refunded in the same transaction and the stock returned; the moves a
// state does not allow; the user told of each change and every move in the audit log.
func TestStaffTransitions(t *testing.T) {
	e := newEnv(t)
	p := e.product(postgres.ShopProduct{Price: 200, Stock: 10})
	e.fund(1, 2000)
	staffer := shop.Actor{ID: 901, IP: "10.0.0.1"}
	order := func(key string) postgres.ShopOrder {
		t.Helper()
		o, err := e.svc.CreateOrder(ctx, 1, ship(p.ID, 1, key))
		if err != nil {
			t.Fatal(err)
		}
		paid, err := e.svc.PayOrder(ctx, 1, o.No, "")
		if err != nil {
			t.Fatal(err)
		}
		return paid.Order
	}
	remark := "checked the address by phone"

	// Shipped.
	a := order("a")
	r, err := e.svc.Review(ctx, staffer, shop.Move{OrderNo: a.No, Remarks: &remark})
	if err != nil || r.Status != shop.StatusReview || r.Remarks != remark {
		t.Fatalf("review: %+v %v", r, err)
	}
	if _, err := e.svc.Review(ctx, staffer, shop.Move{OrderNo: a.No}); !errors.Is(err, shop.ErrOrderState) {
		t.Fatalf("review twice: %v", err)
	}
	if _, err := e.svc.Ship(ctx, staffer, shop.Move{OrderNo: a.No}); err == nil {
		t.Fatal("shipped without a tracking number")
	}
	s, err := e.svc.Ship(ctx, staffer, shop.Move{OrderNo: a.No, TrackingNo: " SF1234567890 "})
	if err != nil || s.Status != shop.StatusExchanged || s.TrackingNo != "SF1234567890" || s.Remarks != remark {
		t.Fatalf("ship: %+v %v", s, err)
	}
	for _, f := range []func() error{
		func() error { _, err := e.svc.ChargeBack(ctx, staffer, shop.Move{OrderNo: a.No}); return err },
		func() error { _, err := e.svc.Cancel(ctx, staffer, shop.Move{OrderNo: a.No}); return err },
		func() error {
			_, err := e.svc.Ship(ctx, staffer, shop.Move{OrderNo: a.No, TrackingNo: "x"})
			return err
		},
	} {
		if err := f(); !errors.Is(err, shop.ErrOrderState) {
			t.Fatalf("a delivered order moved: %v", err)
		}
	}
	if b := e.balance(1); b != 1800 {
		t.Fatalf("balance %d after a shipped order", b)
	}

	// Charged back from review: the coins come back once, the stock returns.
	b := order("b")
	if _, err := e.svc.Review(ctx, staffer, shop.Move{OrderNo: b.No}); err != nil {
		t.Fatal(err)
	}
	cb, err := e.svc.ChargeBack(ctx, staffer, shop.Move{OrderNo: b.No, Reason: "address unreachable"})
	if err != nil || cb.Status != shop.StatusChargedBack || cb.RefundTxnID == 0 {
		t.Fatalf("charge back: %+v %v", cb, err)
	}
	if bal := e.balance(1); bal != 1800 {
		t.Fatalf("balance %d after the charge-back, want 1800", bal)
	}
	if _, err := e.svc.ChargeBack(ctx, staffer, shop.Move{OrderNo: b.No}); !errors.Is(err, shop.ErrOrderState) {
		t.Fatalf("charged back twice: %v", err)
	}
	if bal := e.balance(1); bal != 1800 {
		t.Fatalf("refunded twice: %d", bal)
	}

	// Cancelled straight from exchanging.
	c := order("c")
	cc, err := e.svc.Cancel(ctx, staffer, shop.Move{OrderNo: c.No})
	if err != nil || cc.Status != shop.StatusCancelled || cc.RefundTxnID == 0 {
		t.Fatalf("cancel: %+v %v", cc, err)
	}
	if bal := e.balance(1); bal != 1800 {
		t.Fatalf("balance %d after the cancellation", bal)
	}

	// An unpaid order cancelled: stock back, nothing refunded.
	d, _ := e.svc.CreateOrder(ctx, 1, ship(p.ID, 2, "d"))
	dc, err := e.svc.Cancel(ctx, staffer, shop.Move{OrderNo: d.No})
	if err != nil || dc.RefundTxnID != 0 {
		t.Fatalf("cancel unpaid: %+v %v", dc, err)
	}
	if _, err := e.svc.PayOrder(ctx, 1, d.No, ""); !errors.Is(err, shop.ErrOrderState) {
		t.Fatalf("paid a cancelled order: %v", err)
	}
	if st, red := e.stock(p.ID); st != 9 || red != 1 {
		t.Fatalf("stock %d redeemed %d, want 9 and 1 (one shipped)", st, red)
	}

	// Remarks on a finished order, no move.
	note := "customer thanked us"
	if x, err := e.svc.Annotate(ctx, staffer, shop.Move{OrderNo: a.No, Remarks: &note}); err != nil || x.Status != shop.StatusExchanged || x.Remarks != note {
		t.Fatalf("annotate %+v %v", x, err)
	}
	if _, err := e.svc.Review(ctx, staffer, shop.Move{OrderNo: "nope"}); !errors.Is(err, shop.ErrOrderNotFound) {
		t.Fatalf("unknown order: %v", err)
	}

	wantNotices := []string{"shop.notice.paid", "shop.notice.review", "shop.notice.shipped", "shop.notice.paid", "shop.notice.review",
		"shop.notice.chargedBack", "shop.notice.paid", "shop.notice.cancelled", "shop.notice.cancelled"}
	if k := e.notices.Keys(1); !slices.Equal(k, wantNotices) {
		t.Fatalf("notices\n got %v\nwant %v", k, wantNotices)
	}
	wantAudit := []string{"product.create", "order.review", "order.ship", "order.review", "order.chargeback", "order.cancel", "order.cancel", "order.remarks"}
	if got := e.audit.Actions(); !slices.Equal(got, wantAudit) {
		t.Fatalf("audit\n got %v\nwant %v", got, wantAudit)
	}
	for _, en := range e.audit.Entries()[1:] {
		if en.ActorID != 901 || en.TargetKind != "shop_order" || en.Before == nil || en.After == nil || en.IP != "10.0.0.1" {
			t.Fatalf("audit entry %+v", en)
		}
	}
	e.verifyLedger()
}

func TestProductEditsAreValidatedAndAudited(t *testing.T) {
	e := newEnv(t)
	bad := []postgres.ShopProduct{
		{Kind: "furniture", Name: "x", Price: 1},
		{Kind: shop.KindPhysical, Name: "", Price: 1},
		{Kind: shop.KindPhysical, Name: "x", Price: 0},
		{Kind: shop.KindPhysical, Name: "x", Price: 1, Stock: -1},
		{Kind: shop.KindPhysical, Name: "x", Price: 1, Picture: "javascript:alert(1)"},
		{Kind: shop.KindItem, Name: "x", Price: 1, ItemKind: "gold"},
		{Kind: shop.KindBlindBox, Name: "x", Price: 1},
		{Kind: shop.KindBlindBox, Name: "x", Price: 1, Prizes: []postgres.ShopPrize{{Name: "a", Weight: 0}}},
	}
	for i, p := range bad {
		if _, err := e.svc.SaveProduct(ctx, shop.Actor{ID: 900}, p); !errors.Is(err, shop.ErrProductInvalid) && !errors.Is(err, shop.ErrPrizesInvalid) {
			t.Errorf("case %d saved: %v", i, err)
		}
	}
	p := e.product(postgres.ShopProduct{Stock: 3})
	p.Stock, p.Name = 7, "Jersey 2027"
	up, err := e.svc.SaveProduct(ctx, shop.Actor{ID: 900}, p)
	if err != nil || up.Stock != 7 || up.Name != "Jersey 2027" {
		t.Fatalf("update %+v %v", up, err)
	}
	if got := e.audit.Actions(); !slices.Equal(got, []string{"product.create", "product.update"}) {
		t.Fatalf("audit %v", got)
	}
	if e.audit.Entries()[1].Before.(postgres.ShopProduct).Stock != 3 {
		t.Fatal("audit keeps no before state")
	}
}
