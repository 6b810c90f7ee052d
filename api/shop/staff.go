package shop

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"courtside/api/audit"
	"courtside/storage/postgres"
)

// The staff's moves of an order (spec §4): exchanging → in review → exchanged (shipped with a
// tracking number), or charged back / cancelled with the coins refunded through the ledger in the
// same transaction and the stock returned. Each move is in the audit log and the user is told.

// Limits of the staff's texts.
const (
	maxTracking = 50
	maxRemarks  = 500
)

// Move is a staff move: the order, the remarks (nil keeps them) and for shipping the tracking number.
type Move struct {
	OrderNo    string
	Remarks    *string
	TrackingNo string
	Reason     string // for the audit log
}

func (m *Move) check() error {
	m.OrderNo = strings.TrimSpace(m.OrderNo)
	if m.Remarks != nil {
		r := strings.TrimSpace(*m.Remarks)
		if utf8.RuneCountInString(r) > maxRemarks {
			return ErrTooLong
		}
		m.Remarks = &r
	}
	m.TrackingNo = strings.TrimSpace(m.TrackingNo)
	if utf8.RuneCountInString(m.TrackingNo) > maxTracking {
		return ErrTooLong
	}
	return nil
}

// StaffOrders lists every user's orders for staff (manageOrders), newest first.
func (s *Service) StaffOrders(ctx context.Context, q OrderQuery) ([]postgres.ShopOrder, int, error) {
	return s.store.Orders(ctx, postgres.ShopOrderFilter{Status: q.Status, Kind: q.Kind, ExcludeKind: q.ExcludeKind, Limit: q.Limit, Offset: q.Offset})
}

// Review takes a paid order into review: exchanging → review.
func (s *Service) Review(ctx context.Context, by Actor, m Move) (postgres.ShopOrder, error) {
	o, err := s.move(ctx, by, m, "order.review", postgres.ShopTransition{From: []string{StatusExchanging}, To: StatusReview})
	if err == nil {
		s.notify(ctx, o, "shop.notice.review", o.ProductName)
	}
	return o, err
}

// Ship delivers a physical order with its tracking number: exchanging or review → exchanged.
func (s *Service) Ship(ctx context.Context, by Actor, m Move) (postgres.ShopOrder, error) {
	if err := m.check(); err != nil {
		return postgres.ShopOrder{}, err
	}
	if m.TrackingNo == "" {
		return postgres.ShopOrder{}, ErrInvalid.WithKey("shop.trackingRequired")
	}
	tn := m.TrackingNo
	o, err := s.move(ctx, by, m, "order.ship", postgres.ShopTransition{From: []string{StatusExchanging, StatusReview}, To: StatusExchanged, TrackingNo: &tn})
	if err == nil {
		s.notify(ctx, o, "shop.notice.shipped", o.ProductName, o.TrackingNo)
	}
	return o, err
}

// ChargeBack refunds a paid order that cannot be delivered: exchanging or review → charged back, the
// coins back to the user through the ledger and the stock back on the shelf, in one transaction.
func (s *Service) ChargeBack(ctx context.Context, by Actor, m Move) (postgres.ShopOrder, error) {
	o, err := s.move(ctx, by, m, "order.chargeback", postgres.ShopTransition{From: []string{StatusExchanging, StatusReview}, To: StatusChargedBack, Refund: true})
	if err == nil {
		s.notify(ctx, o, "shop.notice.chargedBack", o.ProductName, strconv.FormatInt(o.Coins, 10))
	}
	return o, err
}

// Cancel cancels an order not delivered yet: unpaid, exchanging or review → cancelled, the coins
// refunded if it was paid and the stock returned, in one transaction.
func (s *Service) Cancel(ctx context.Context, by Actor, m Move) (postgres.ShopOrder, error) {
	o, err := s.move(ctx, by, m, "order.cancel", postgres.ShopTransition{From: []string{StatusUnpaid, StatusExchanging, StatusReview}, To: StatusCancelled, Refund: true})
	if err == nil {
		coins := int64(0)
		if o.RefundTxnID != 0 {
			coins = o.Coins
		}
		s.notify(ctx, o, "shop.notice.cancelled", o.ProductName, strconv.FormatInt(coins, 10))
	}
	return o, err
}

// Annotate sets an order's remarks (and tracking number when given) without moving it.
func (s *Service) Annotate(ctx context.Context, by Actor, m Move) (postgres.ShopOrder, error) {
	t := postgres.ShopTransition{From: []string{StatusUnpaid, StatusExchanging, StatusReview, StatusExchanged, StatusChargedBack, StatusCancelled, StatusExpired}}
	if err := m.check(); err != nil {
		return postgres.ShopOrder{}, err
	}
	if m.TrackingNo != "" {
		tn := m.TrackingNo
		t.TrackingNo = &tn
	}
	return s.move(ctx, by, m, "order.remarks", t)
}

func (s *Service) move(ctx context.Context, by Actor, m Move, action string, t postgres.ShopTransition) (postgres.ShopOrder, error) {
	if err := m.check(); err != nil {
		return postgres.ShopOrder{}, err
	}
	t.OrderNo, t.Remarks, t.Now = m.OrderNo, m.Remarks, s.cfg.Now()
	before, after, err := s.store.Transition(ctx, t)
	if err != nil {
		return after, storeErr(err)
	}
	s.record(ctx, by, audit.Entry{Action: action, TargetKind: "shop_order", TargetID: after.No, Before: orderState(before),
		After: orderState(after), Reason: m.Reason})
	return after, nil
}

// orderState is what the audit log keeps of an order.
func orderState(o postgres.ShopOrder) map[string]any {
	return map[string]any{"status": o.Status, "trackingNo": o.TrackingNo, "remarks": o.Remarks, "coins": o.Coins,
		"userId": o.UserID, "product": o.ProductName, "quantity": o.Quantity, "refunded": o.RefundTxnID != 0}
}
