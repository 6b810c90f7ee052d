package shop

import (
	"context"
	"crypto/rand"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.uber.org/zap"

	"courtside/storage/postgres"
)

// Order states (spec §4), as stored and sent.
const (
	StatusUnpaid      = postgres.ShopUnpaid
	StatusExchanging  = postgres.ShopExchanging
	StatusReview      = postgres.ShopReview
	StatusExchanged   = postgres.ShopExchanged
	StatusChargedBack = postgres.ShopChargedBack
	StatusCancelled   = postgres.ShopCancelled
	StatusExpired     = postgres.ShopExpired
)

// OrderRequest is the order confirmation form: the product, how many, and for physical goods where to
// ship them. Key is the client's idempotency key (the same key gives the same order).
type OrderRequest struct {
	ProductID int64
	Quantity  int
	Recipient string
	Address   string
	Contact   string
	Key       string
}

// Field limits of the confirmation form.
const (
	maxRecipient = 50
	maxAddress   = 200
	maxContact   = 50
	maxKey       = 100
)

// Validate applies spec §5 to an order of product p: a quantity within 1..MaxQuantity, the product's
// per-order limit and its stock; recipient, address and contact for physical goods. Texts are
// trimmed.
func (s *Service) Validate(in *OrderRequest, p postgres.ShopProduct) error {
	in.Recipient, in.Address, in.Contact = strings.TrimSpace(in.Recipient), strings.TrimSpace(in.Address), strings.TrimSpace(in.Contact)
	in.Key = strings.TrimSpace(in.Key)
	if in.Key == "" || len(in.Key) > maxKey {
		return ErrInvalid
	}
	if in.Quantity < 1 || in.Quantity > s.cfg.MaxQuantity {
		return ErrQuantity
	}
	if p.PerOrderLimit > 0 && in.Quantity > p.PerOrderLimit {
		return ErrOrderLimit.WithArgs(p.PerOrderLimit)
	}
	if p.PerUserLimit > 0 && in.Quantity > p.PerUserLimit {
		return ErrUserLimit.WithArgs(p.PerUserLimit)
	}
	if p.Stock < in.Quantity {
		return ErrSoldOut
	}
	if p.Kind != KindPhysical {
		in.Recipient, in.Address, in.Contact = "", "", ""
		return nil
	}
	switch {
	case in.Recipient == "":
		return ErrRecipientRequired
	case in.Address == "":
		return ErrAddressRequired
	case in.Contact == "":
		return ErrContactRequired
	case utf8.RuneCountInString(in.Recipient) > maxRecipient || utf8.RuneCountInString(in.Address) > maxAddress ||
		utf8.RuneCountInString(in.Contact) > maxContact:
		return ErrTooLong
	}
	return nil
}

// CreateOrder checks the form and reserves the stock for userID: the order waits OrderTTL for its
// payment. The same Key gives back the same order (ErrKeyConflict if it named another product or
// quantity). The stock decision is taken again in the database, so concurrent buyers of the last
// items get ErrSoldOut rather than an oversell.
func (s *Service) CreateOrder(ctx context.Context, userID int64, in OrderRequest) (postgres.ShopOrder, error) {
	now := s.cfg.Now()
	in.Key = strings.TrimSpace(in.Key)
	if in.Key != "" && len(in.Key) <= maxKey {
		// A retry of an order already created answers it, even if the stock ran out since.
		if o, err := s.store.OrderByKey(ctx, userID, in.Key); err == nil {
			if o.ProductID != in.ProductID || o.Quantity != in.Quantity {
				return o, ErrKeyConflict
			}
			return o, nil
		}
	}
	p, err := s.Product(ctx, in.ProductID)
	if err != nil {
		return postgres.ShopOrder{}, err
	}
	if err := s.Validate(&in, p); err != nil {
		if err == ErrSoldOut {
			// A concurrent request with the same key may have taken the last items since the
			// check above: that is this order, not a sold-out.
			if o, kerr := s.store.OrderByKey(ctx, userID, in.Key); kerr == nil && o.ProductID == in.ProductID && o.Quantity == in.Quantity {
				return o, nil
			}
		}
		return postgres.ShopOrder{}, err
	}
	o, _, err := s.store.CreateOrder(ctx, postgres.NewShopOrder{No: newOrderNo(now.UTC().Format("20060102150405")), UserID: userID,
		ClientKey: in.Key, ProductID: in.ProductID, Quantity: in.Quantity, Recipient: in.Recipient, Address: in.Address,
		Contact: in.Contact, Now: now, ExpiresAt: now.Add(s.cfg.OrderTTL)})
	switch {
	case err == postgres.ErrShopOrderLimit:
		return o, ErrOrderLimit.WithArgs(p.PerOrderLimit)
	case err == postgres.ErrShopUserLimit:
		return o, ErrUserLimit.WithArgs(p.PerUserLimit)
	}
	return o, storeErr(err)
}

// Paid is the result of a payment: the order, and a blind box's draws.
type Paid struct {
	Order    postgres.ShopOrder
	Draws    []postgres.ShopDraw
	Replayed bool // the order had been paid before; nothing moved now
}

// PayOrder pays userID's unpaid order with coins through the ledger and delivers it, all in one
// transaction (see postgres.ShopStore.PayOrder); paying again is harmless. An order that needs
// confirmation (NeedsConfirm) takes code, checked and consumed before any coin moves; a replay of a
// paid order needs none. ErrConfirmCodeRequired, the accounts module's wrong or expired code,
// ErrInsufficientCoins ('Insufficient gold coins'), ErrOrderExpired, ErrOrderNotFound, ErrOrderState.
func (s *Service) PayOrder(ctx context.Context, userID int64, orderNo, code string) (Paid, error) {
	orderNo = strings.TrimSpace(orderNo)
	if err := s.confirm(ctx, userID, orderNo, code); err != nil {
		return Paid{}, err
	}
	o, draws, replay, err := s.store.PayOrder(ctx, postgres.ShopPayment{OrderNo: orderNo, UserID: userID,
		Now: s.cfg.Now(), CardNo: newCardNo, Draw: Draw})
	if err != nil {
		return Paid{Order: o}, storeErr(err)
	}
	if !replay {
		s.delivered(ctx, o, draws)
	}
	return Paid{Order: o, Draws: draws, Replayed: replay}, nil
}

// delivered applies in-site items and tells the user.
func (s *Service) delivered(ctx context.Context, o postgres.ShopOrder, draws []postgres.ShopDraw) {
	if o.Status == StatusExchanging {
		s.notify(ctx, o, "shop.notice.paid", o.ProductName)
		return
	}
	if o.Kind == KindItem && s.d.Items != nil {
		if p, err := s.store.Product(ctx, o.ProductID); err == nil {
			if err := s.d.Items.GrantItem(ctx, o.UserID, p.ItemKind, p.ItemValue*o.Quantity, o.No); err != nil {
				s.log.Error("shop: item not granted", zap.String("order", o.No), zap.Error(err))
			}
		}
	}
	if o.Kind == KindBlindBox && s.d.Items != nil {
		for _, d := range draws {
			for _, z := range d.Odds {
				if z.ID == d.PrizeID && z.ItemKind != "" && z.ItemValue > 0 {
					if err := s.d.Items.GrantItem(ctx, o.UserID, z.ItemKind, z.ItemValue, o.No+":"+strconv.Itoa(d.Seq)); err != nil {
						s.log.Error("shop: prize not granted", zap.String("order", o.No), zap.Error(err))
					}
				}
			}
		}
	}
	s.notify(ctx, o, "shop.notice.delivered", o.ProductName)
}

// ExpireUnpaid releases the stock of unpaid orders past their time (Run calls it) and returns them.
func (s *Service) ExpireUnpaid(ctx context.Context) ([]postgres.ShopOrder, error) {
	return s.store.ExpireOrders(ctx, s.cfg.Now())
}

// OrderQuery selects a page of orders.
type OrderQuery struct {
	Status      string
	Kind        string
	ExcludeKind string
	Limit       int
	Offset      int
}

// Orders lists userID's shop orders (the redemption records), newest first.
func (s *Service) Orders(ctx context.Context, userID int64, q OrderQuery) ([]postgres.ShopOrder, int, error) {
	return s.store.Orders(ctx, postgres.ShopOrderFilter{UserID: userID, Status: q.Status, Kind: q.Kind, ExcludeKind: q.ExcludeKind,
		Limit: q.Limit, Offset: q.Offset})
}

// Order is one of userID's orders, with its draws (ErrOrderNotFound for another user's).
func (s *Service) Order(ctx context.Context, userID int64, orderNo string) (postgres.ShopOrder, error) {
	o, err := s.store.Order(ctx, orderNo)
	if err == nil && o.UserID != userID {
		err = postgres.ErrShopOrderNotFound
	}
	return o, storeErr(err)
}

// Draws lists userID's blind-box draws and prizes, newest first.
func (s *Service) Draws(ctx context.Context, userID int64, limit, offset int) ([]postgres.ShopDraw, int, error) {
	return s.store.Draws(ctx, userID, limit, offset)
}

// AllOrders lists every order of userID across the areas (shop, recharges, memberships, unlocks,
// plans): "my orders".
func (s *Service) AllOrders(ctx context.Context, userID int64, limit, offset int) ([]postgres.UserOrder, int, error) {
	return s.store.UserOrders(ctx, userID, limit, offset)
}

// newOrderNo is "G" + the time + 6 random digits.
func newOrderNo(stamp string) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	n := uint64(0)
	for _, c := range b {
		n = n<<8 | uint64(c)
	}
	return fmt.Sprintf("G%s%06d", stamp, n%1_000_000)
}

// newCardNo is a virtual product's code: 16 characters of an unambiguous alphabet, from crypto/rand.
func newCardNo() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	var b [16]byte
	_, _ = rand.Read(b[:])
	var sb strings.Builder
	for i, c := range b {
		if i > 0 && i%4 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(alphabet[int(c)%len(alphabet)])
	}
	return sb.String()
}
