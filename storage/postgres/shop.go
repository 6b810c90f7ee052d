package postgres

// The coin shop's store (migration 0300, rules in api/shop). Concurrency: every write runs in one
// READ COMMITTED transaction (InTx, retried on deadlocks and serialization failures). Stock is
// reserved by one statement, UPDATE shop_products SET stock = stock - q WHERE id = $1 AND stock >= q:
// the row lock serializes the buyers of one product and the CHECK (stock >= 0) is the backstop, so a
// product can never be oversold whatever the interleaving. The per-user limit is counted after that
// UPDATE, under the same row lock, so two orders of one user cannot both slip under it. Paying locks
// the order row (FOR UPDATE) and posts the charge through the ledger in the same transaction under the
// idempotency key "shop:pay:<order>", so an order is charged at most once; a refund is
// "shop:refund:<order>" in the transaction that moves the order to charged back or cancelled.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Shop product kinds.
const (
	ShopPhysical = "physical" // shipped: recipient, address, contact, tracking number
	ShopVirtual  = "virtual"  // a card number or code delivered to the user
	ShopItem     = "item"     // applied to the account: membership days, a badge
	ShopBlindBox = "blindbox" // a draw among its prizes
)

// Shop order states (spec §4).
const (
	ShopUnpaid      = "unpaid"       // stock reserved, waiting for payment
	ShopExchanging  = "exchanging"   // paid, being handled
	ShopReview      = "review"       // staff reviewing
	ShopExchanged   = "exchanged"    // delivered (physical goods shipped)
	ShopChargedBack = "charged_back" // could not be delivered: coins refunded, stock returned
	ShopCancelled   = "cancelled"    // cancelled by staff (coins refunded if paid) or never paid
	ShopExpired     = "expired"      // never paid in time: stock returned
)

// Shop store errors.
var (
	ErrShopProductNotFound = errors.New("postgres: shop product not found")
	ErrShopSoldOut         = errors.New("postgres: shop product sold out")
	ErrShopOrderLimit      = errors.New("postgres: shop per-order limit exceeded")
	ErrShopUserLimit       = errors.New("postgres: shop per-user limit exceeded")
	ErrShopOrderNotFound   = errors.New("postgres: shop order not found")
	ErrShopOrderState      = errors.New("postgres: shop order is not in a state that allows this")
	ErrShopOrderExpired    = errors.New("postgres: shop order expired before payment")
	ErrShopKeyConflict     = errors.New("postgres: shop order key reused for another order")
	ErrShopNoPrizes        = errors.New("postgres: blind box has no active prizes")
)

// ShopPrize is one prize of a blind box; its chance is Weight over the sum of the box's weights.
type ShopPrize struct {
	ID        int64  `json:"id"`
	BoxID     int64  `json:"-"`
	Name      string `json:"name"`
	Picture   string `json:"picture,omitempty"`
	Weight    int    `json:"weight"`
	Coins     int64  `json:"coins,omitempty"`
	ItemKind  string `json:"itemKind,omitempty"`
	ItemValue int    `json:"itemValue,omitempty"`
	Active    bool   `json:"-"`
	Sort      int    `json:"-"`
}

// ShopProduct is one product of the catalogue.
type ShopProduct struct {
	ID            int64
	Kind          string
	Category      string
	Name          string
	Picture       string
	Price         int64
	Stock         int
	PerOrderLimit int
	PerUserLimit  int
	Redeemed      int
	Details       string
	Notice        string
	ItemKind      string
	ItemValue     int
	Active        bool
	Sort          int
	Prizes        []ShopPrize // active prizes of a blind box (Product fills them)
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// ShopOrder is one order.
type ShopOrder struct {
	No          string
	UserID      int64
	ClientKey   string
	ProductID   int64
	Kind        string
	ProductName string
	Picture     string
	Quantity    int
	UnitPrice   int64
	Coins       int64
	Recipient   string
	Address     string
	Contact     string
	TrackingNo  string
	CardNo      string
	Remarks     string
	Status      string
	PayTxnID    int64
	RefundTxnID int64
	CreatedAt   time.Time
	UpdatedAt   time.Time
	ExpiresAt   time.Time
	PaidAt      time.Time
}

// Paid reports whether the order's coins were taken (and not given back).
func (o ShopOrder) Paid() bool { return o.PayTxnID != 0 && o.RefundTxnID == 0 }

// ShopDraw is one blind box opened.
type ShopDraw struct {
	ID          int64
	OrderNo     string
	Seq         int
	UserID      int64
	BoxID       int64
	BoxName     string
	PrizeID     int64
	PrizeName   string
	Picture     string
	Coins       int64
	Odds        []ShopPrize // the prizes and weights in force
	TotalWeight int64
	Roll        int64
	CreatedAt   time.Time
}

// ShopStore is the shop's Postgres store. Safe for concurrent use.
type ShopStore struct{ pool *pgxpool.Pool }

// NewShopStore returns the shop store on pool.
func NewShopStore(pool *pgxpool.Pool) *ShopStore { return &ShopStore{pool: pool} }

// Pool is the store's pool.
func (s *ShopStore) Pool() *pgxpool.Pool { return s.pool }

const productCols = `id, kind, category, name, picture, price, stock, per_order_limit, per_user_limit, redeemed,
	details, notice, item_kind, item_value, active, sort, created_at, updated_at`

func scanProduct(r pgx.Row) (ShopProduct, error) {
	var p ShopProduct
	err := r.Scan(&p.ID, &p.Kind, &p.Category, &p.Name, &p.Picture, &p.Price, &p.Stock, &p.PerOrderLimit,
		&p.PerUserLimit, &p.Redeemed, &p.Details, &p.Notice, &p.ItemKind, &p.ItemValue, &p.Active, &p.Sort,
		&p.CreatedAt, &p.UpdatedAt)
	return p, err
}

// ShopProductFilter selects products. Sort: "price" (ascending), "-price", "popular" (most redeemed
// first) or "" (the staff's order).
type ShopProductFilter struct {
	Category        string
	Kind            string
	Sort            string
	IncludeInactive bool
	Limit, Offset   int
}

// Products lists the products f selects and how many there are in all.
func (s *ShopStore) Products(ctx context.Context, f ShopProductFilter) ([]ShopProduct, int, error) {
	order := "sort, id"
	switch f.Sort {
	case "price":
		order = "price, id"
	case "-price":
		order = "price DESC, id"
	case "popular":
		order = "redeemed DESC, sort, id"
	}
	if f.Limit <= 0 {
		f.Limit = 20
	}
	where := `($1 = '' OR category = $1) AND ($2 = '' OR kind = $2) AND (active OR $3)`
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM shop_products WHERE `+where, f.Category, f.Kind, f.IncludeInactive).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: shop products count: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT `+productCols+` FROM shop_products WHERE `+where+` ORDER BY `+order+` LIMIT $4 OFFSET $5`,
		f.Category, f.Kind, f.IncludeInactive, f.Limit, f.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: shop products: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ShopProduct, error) { return scanProduct(r) })
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: shop products: %w", err)
	}
	return out, total, nil
}

// Categories are the categories of the active products, in the staff's order.
func (s *ShopStore) Categories(ctx context.Context) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT category FROM shop_products WHERE active AND category <> ''
		GROUP BY category ORDER BY min(sort), category`)
	if err != nil {
		return nil, fmt.Errorf("postgres: shop categories: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// Product reads one product (active or not), with a blind box's active prizes.
func (s *ShopStore) Product(ctx context.Context, id int64) (ShopProduct, error) {
	p, err := scanProduct(s.pool.QueryRow(ctx, `SELECT `+productCols+` FROM shop_products WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return p, ErrShopProductNotFound
	}
	if err != nil {
		return p, fmt.Errorf("postgres: shop product: %w", err)
	}
	if p.Kind == ShopBlindBox {
		if p.Prizes, err = prizes(ctx, s.pool, id, false); err != nil {
			return p, err
		}
	}
	return p, nil
}

func prizes(ctx context.Context, q querier, boxID int64, lock bool) ([]ShopPrize, error) {
	sql := `SELECT id, box_id, name, picture, weight, coins, item_kind, item_value, active, sort FROM shop_prizes
		WHERE box_id = $1 AND active ORDER BY sort, id`
	if lock {
		sql += ` FOR SHARE`
	}
	rows, err := q.Query(ctx, sql, boxID)
	if err != nil {
		return nil, fmt.Errorf("postgres: shop prizes: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ShopPrize, error) {
		var p ShopPrize
		err := r.Scan(&p.ID, &p.BoxID, &p.Name, &p.Picture, &p.Weight, &p.Coins, &p.ItemKind, &p.ItemValue, &p.Active, &p.Sort)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: shop prizes: %w", err)
	}
	return out, nil
}

// SaveProduct inserts p (ID 0, with its Redeemed count: demo data) or updates it (Redeemed is
// kept), and returns it as stored. For a blind box with
// prizes given (non-nil), the box's prizes are replaced in the same transaction: the old ones are
// deactivated (draws keep pointing at them) and the new ones inserted.
func (s *ShopStore) SaveProduct(ctx context.Context, p ShopProduct, now time.Time) (ShopProduct, error) {
	var out ShopProduct
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if p.ID == 0 {
			out, err = scanProduct(tx.QueryRow(ctx, `INSERT INTO shop_products (kind, category, name, picture, price, stock,
				per_order_limit, per_user_limit, details, notice, item_kind, item_value, active, sort, created_at, updated_at, redeemed)
				VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$15,$16) RETURNING `+productCols,
				p.Kind, p.Category, p.Name, p.Picture, p.Price, p.Stock, p.PerOrderLimit, p.PerUserLimit, p.Details,
				p.Notice, p.ItemKind, p.ItemValue, p.Active, p.Sort, now, p.Redeemed))
		} else {
			out, err = scanProduct(tx.QueryRow(ctx, `UPDATE shop_products SET kind=$2, category=$3, name=$4, picture=$5,
				price=$6, stock=$7, per_order_limit=$8, per_user_limit=$9, details=$10, notice=$11, item_kind=$12,
				item_value=$13, active=$14, sort=$15, updated_at=$16 WHERE id=$1 RETURNING `+productCols,
				p.ID, p.Kind, p.Category, p.Name, p.Picture, p.Price, p.Stock, p.PerOrderLimit, p.PerUserLimit,
				p.Details, p.Notice, p.ItemKind, p.ItemValue, p.Active, p.Sort, now))
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrShopProductNotFound
			}
		}
		if err != nil {
			return fmt.Errorf("postgres: shop save product: %w", err)
		}
		if p.Kind == ShopBlindBox && p.Prizes != nil {
			if _, err := tx.Exec(ctx, `UPDATE shop_prizes SET active = false WHERE box_id = $1`, out.ID); err != nil {
				return fmt.Errorf("postgres: shop prizes: %w", err)
			}
			for i, z := range p.Prizes {
				if _, err := tx.Exec(ctx, `INSERT INTO shop_prizes (box_id, name, picture, weight, coins, item_kind, item_value, sort)
					VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`, out.ID, z.Name, z.Picture, z.Weight, z.Coins, z.ItemKind, z.ItemValue, i); err != nil {
					return fmt.Errorf("postgres: shop prizes: %w", err)
				}
			}
		}
		if out.Kind == ShopBlindBox {
			out.Prizes, err = prizes(ctx, tx, out.ID, false)
		}
		return err
	})
	return out, err
}

const orderCols = `order_no, user_id, client_key, product_id, kind, product_name, picture, quantity, unit_price, coins,
	recipient, address, contact, tracking_no, card_no, remarks, status, coalesce(pay_txn_id, 0), coalesce(refund_txn_id, 0),
	created_at, updated_at, expires_at, coalesce(paid_at, 'epoch'::timestamptz)`

func scanShopOrder(r pgx.Row) (ShopOrder, error) {
	var o ShopOrder
	err := r.Scan(&o.No, &o.UserID, &o.ClientKey, &o.ProductID, &o.Kind, &o.ProductName, &o.Picture, &o.Quantity,
		&o.UnitPrice, &o.Coins, &o.Recipient, &o.Address, &o.Contact, &o.TrackingNo, &o.CardNo, &o.Remarks, &o.Status,
		&o.PayTxnID, &o.RefundTxnID, &o.CreatedAt, &o.UpdatedAt, &o.ExpiresAt, &o.PaidAt)
	if o.PaidAt.Unix() == 0 {
		o.PaidAt = time.Time{}
	}
	return o, err
}

// NewShopOrder is what CreateOrder needs.
type NewShopOrder struct {
	No        string
	UserID    int64
	ClientKey string
	ProductID int64
	Quantity  int
	Recipient string
	Address   string
	Contact   string
	Now       time.Time
	ExpiresAt time.Time
}

// CreateOrder reserves the stock and stores the order, once per (user, client key): a second call
// with the same key returns the first order (created false), or ErrShopKeyConflict when it named
// another product or quantity. ErrShopProductNotFound (missing or inactive), ErrShopSoldOut (less
// stock than asked), ErrShopOrderLimit and ErrShopUserLimit refuse it; nothing is reserved then.
func (s *ShopStore) CreateOrder(ctx context.Context, n NewShopOrder) (ShopOrder, bool, error) {
	var out ShopOrder
	errRace := errors.New("key race")
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		prev, err := scanShopOrder(tx.QueryRow(ctx, `SELECT `+orderCols+` FROM shop_orders WHERE user_id = $1 AND client_key = $2`, n.UserID, n.ClientKey))
		if err == nil {
			out = prev
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("postgres: shop order by key: %w", err)
		}
		var kind, name, picture string
		var price int64
		var perOrder, perUser int
		err = tx.QueryRow(ctx, `UPDATE shop_products SET stock = stock - $2 WHERE id = $1 AND active AND stock >= $2
			RETURNING kind, name, picture, price, per_order_limit, per_user_limit`, n.ProductID, n.Quantity).
			Scan(&kind, &name, &picture, &price, &perOrder, &perUser)
		if errors.Is(err, pgx.ErrNoRows) {
			// A concurrent request with the same key may have taken the last items while this one
			// waited on the product's row lock: it is the same order, not a sold-out.
			prev, err := scanShopOrder(tx.QueryRow(ctx, `SELECT `+orderCols+` FROM shop_orders WHERE user_id = $1 AND client_key = $2`, n.UserID, n.ClientKey))
			if err == nil {
				out = prev
				return nil
			}
			var active bool
			if err := tx.QueryRow(ctx, `SELECT active FROM shop_products WHERE id = $1`, n.ProductID).Scan(&active); err != nil || !active {
				return ErrShopProductNotFound
			}
			return ErrShopSoldOut
		}
		if err != nil {
			return fmt.Errorf("postgres: shop reserve: %w", err)
		}
		if perOrder > 0 && n.Quantity > perOrder {
			return ErrShopOrderLimit
		}
		if perUser > 0 {
			var held int
			if err := tx.QueryRow(ctx, `SELECT coalesce(sum(quantity), 0) FROM shop_orders WHERE product_id = $1 AND user_id = $2
				AND status NOT IN ('expired', 'cancelled', 'charged_back')`, n.ProductID, n.UserID).Scan(&held); err != nil {
				return fmt.Errorf("postgres: shop per-user count: %w", err)
			}
			if held+n.Quantity > perUser {
				return ErrShopUserLimit
			}
		}
		out, err = scanShopOrder(tx.QueryRow(ctx, `INSERT INTO shop_orders (order_no, user_id, client_key, product_id, kind, product_name,
			picture, quantity, unit_price, coins, recipient, address, contact, status, created_at, updated_at, expires_at)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,'unpaid',$14,$14,$15)
			ON CONFLICT (user_id, client_key) DO NOTHING RETURNING `+orderCols,
			n.No, n.UserID, n.ClientKey, n.ProductID, kind, name, picture, n.Quantity, price, price*int64(n.Quantity),
			n.Recipient, n.Address, n.Contact, n.Now, n.ExpiresAt))
		if errors.Is(err, pgx.ErrNoRows) {
			return errRace // a concurrent call with the same key won: undo this reservation
		}
		if err != nil {
			return fmt.Errorf("postgres: shop insert order: %w", err)
		}
		return nil
	})
	created := err == nil && out.No == n.No
	if errors.Is(err, errRace) {
		out, err = scanShopOrder(s.pool.QueryRow(ctx, `SELECT `+orderCols+` FROM shop_orders WHERE user_id = $1 AND client_key = $2`, n.UserID, n.ClientKey))
		if err != nil {
			return out, false, fmt.Errorf("postgres: shop order by key: %w", err)
		}
	}
	if err != nil {
		return out, false, err
	}
	if !created && (out.ProductID != n.ProductID || out.Quantity != n.Quantity) {
		return out, false, ErrShopKeyConflict
	}
	return out, created, nil
}

// Drawer picks a prize among prizes (the box's active ones, in order) and says the roll it used in
// [0, total): the shop's cryptographic draw (api/shop).
type Drawer func(prizes []ShopPrize) (index int, roll, total int64, err error)

// ShopPayment is what PayOrder needs.
type ShopPayment struct {
	OrderNo string
	UserID  int64
	Now     time.Time
	// CardNo makes the code of a virtual product (called once, in the transaction).
	CardNo func() string
	// Draw draws a blind box's prizes, once per box opened.
	Draw Drawer
}

// ShopPayKey is the ledger idempotency key of an order's charge.
func ShopPayKey(orderNo string) string { return "shop:pay:" + orderNo }

// ShopRefundKey is the ledger idempotency key of an order's refund.
func ShopRefundKey(orderNo string) string { return "shop:refund:" + orderNo }
func prizeKey(orderNo string, seq int) string {
	return "shop:prize:" + orderNo + ":" + strconv.Itoa(seq)
}

// PayOrder charges an unpaid order of p.UserID through the ledger and delivers it in one
// transaction: a physical order moves to exchanging; a virtual one gets its code and an item is
// exchanged; a blind box is drawn (each box once, recorded with the odds in force, coin prizes
// credited) and exchanged. Paying a paid order again changes nothing and returns it (replay true).
// ErrShopOrderNotFound (not this user's), ErrShopOrderExpired (past its time: the order expires
// and its stock is returned, in a committed transaction), ErrShopOrderState (cancelled),
// ErrInsufficientFunds (nothing moved).
func (s *ShopStore) PayOrder(ctx context.Context, p ShopPayment) (ShopOrder, []ShopDraw, bool, error) {
	var out ShopOrder
	var draws []ShopDraw
	var replay, expired bool
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		draws, replay, expired = nil, false, false
		o, err := scanShopOrder(tx.QueryRow(ctx, `SELECT `+orderCols+` FROM shop_orders WHERE order_no = $1 AND user_id = $2 FOR UPDATE`, p.OrderNo, p.UserID))
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrShopOrderNotFound
		}
		if err != nil {
			return fmt.Errorf("postgres: shop lock order: %w", err)
		}
		out = o
		switch o.Status {
		case ShopUnpaid:
		case ShopExpired:
			return ErrShopOrderExpired
		case ShopExchanging, ShopReview, ShopExchanged:
			replay = true
			draws, err = orderDraws(ctx, tx, o.No)
			return err
		default:
			return ErrShopOrderState
		}
		if !p.Now.Before(o.ExpiresAt) {
			expired = true
			out, err = releaseOrder(ctx, tx, o, ShopExpired, p.Now)
			return err
		}
		posted, err := PostTx(ctx, tx, Posting{Key: ShopPayKey(o.No), Type: TxnShop, Reference: o.No, UserID: o.UserID, At: p.Now,
			Entries: []Entry{{UserWallet(o.UserID, Coin), -o.Coins}, {SystemAccount(KindPlatform, Coin), o.Coins}}})
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE shop_products SET redeemed = redeemed + $2 WHERE id = $1`, o.ProductID, o.Quantity); err != nil {
			return fmt.Errorf("postgres: shop redeemed: %w", err)
		}
		status, card := ShopExchanged, ""
		switch o.Kind {
		case ShopPhysical:
			status = ShopExchanging
		case ShopVirtual:
			if p.CardNo != nil {
				card = p.CardNo()
			}
		case ShopBlindBox:
			if draws, err = drawBoxes(ctx, tx, o, p); err != nil {
				return err
			}
		}
		out, err = scanShopOrder(tx.QueryRow(ctx, `UPDATE shop_orders SET status = $2, card_no = $3, pay_txn_id = $4, paid_at = $5,
			updated_at = $5 WHERE order_no = $1 RETURNING `+orderCols, o.No, status, card, posted.TxnID, p.Now))
		if err != nil {
			return fmt.Errorf("postgres: shop pay order: %w", err)
		}
		return nil
	})
	if err == nil && expired {
		return out, nil, false, ErrShopOrderExpired
	}
	return out, draws, replay, err
}

// drawBoxes opens the order's boxes: the prizes are read under a share lock (a staff change of the
// odds waits for this payment, so the odds recorded are the odds used).
func drawBoxes(ctx context.Context, tx pgx.Tx, o ShopOrder, p ShopPayment) ([]ShopDraw, error) {
	zs, err := prizes(ctx, tx, o.ProductID, true)
	if err != nil {
		return nil, err
	}
	if len(zs) == 0 || p.Draw == nil {
		return nil, ErrShopNoPrizes
	}
	odds, err := json.Marshal(zs)
	if err != nil {
		return nil, err
	}
	var out []ShopDraw
	for seq := 1; seq <= o.Quantity; seq++ {
		i, roll, total, err := p.Draw(zs)
		if err != nil {
			return nil, err
		}
		z := zs[i]
		d := ShopDraw{OrderNo: o.No, Seq: seq, UserID: o.UserID, BoxID: o.ProductID, BoxName: o.ProductName, PrizeID: z.ID,
			PrizeName: z.Name, Picture: z.Picture, Coins: z.Coins, Odds: zs, TotalWeight: total, Roll: roll, CreatedAt: p.Now}
		if err := tx.QueryRow(ctx, `INSERT INTO shop_draws (order_no, seq, user_id, box_id, prize_id, prize_name, coins, odds,
			total_weight, roll, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING id`,
			d.OrderNo, d.Seq, d.UserID, d.BoxID, d.PrizeID, d.PrizeName, d.Coins, odds, d.TotalWeight, d.Roll, d.CreatedAt).Scan(&d.ID); err != nil {
			return nil, fmt.Errorf("postgres: shop draw: %w", err)
		}
		if z.Coins > 0 {
			if _, err := PostTx(ctx, tx, Posting{Key: prizeKey(o.No, seq), Type: TxnShop, Reference: o.No, UserID: o.UserID, At: p.Now,
				Entries: []Entry{{SystemAccount(KindPlatform, Coin), -z.Coins}, {UserWallet(o.UserID, Coin), z.Coins}}}); err != nil {
				return nil, err
			}
		}
		out = append(out, d)
	}
	return out, nil
}

// releaseOrder moves o to status and returns its stock (and its redeemed count when it was paid).
func releaseOrder(ctx context.Context, tx pgx.Tx, o ShopOrder, status string, now time.Time) (ShopOrder, error) {
	sold := 0
	if o.PayTxnID != 0 {
		sold = o.Quantity
	}
	if _, err := tx.Exec(ctx, `UPDATE shop_products SET stock = stock + $2, redeemed = greatest(redeemed - $3, 0) WHERE id = $1`,
		o.ProductID, o.Quantity, sold); err != nil {
		return o, fmt.Errorf("postgres: shop release stock: %w", err)
	}
	out, err := scanShopOrder(tx.QueryRow(ctx, `UPDATE shop_orders SET status = $2, updated_at = $3 WHERE order_no = $1 RETURNING `+orderCols,
		o.No, status, now))
	if err != nil {
		return o, fmt.Errorf("postgres: shop release order: %w", err)
	}
	return out, nil
}

// ExpireOrders expires the unpaid orders whose time is up at now (up to 500 a call) and returns their
// stock. Orders being paid right now are skipped (their payment decides).
func (s *ShopStore) ExpireOrders(ctx context.Context, now time.Time) ([]ShopOrder, error) {
	var out []ShopOrder
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		out = nil
		rows, err := tx.Query(ctx, `SELECT `+orderCols+` FROM shop_orders WHERE status = 'unpaid' AND expires_at <= $1
			ORDER BY expires_at LIMIT 500 FOR UPDATE SKIP LOCKED`, now)
		if err != nil {
			return fmt.Errorf("postgres: shop expire: %w", err)
		}
		due, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ShopOrder, error) { return scanShopOrder(r) })
		if err != nil {
			return fmt.Errorf("postgres: shop expire: %w", err)
		}
		for _, o := range due {
			e, err := releaseOrder(ctx, tx, o, ShopExpired, now)
			if err != nil {
				return err
			}
			out = append(out, e)
		}
		return nil
	})
	return out, err
}

// ShopTransition is a staff move of an order.
type ShopTransition struct {
	OrderNo    string
	From       []string // the states the order may be in
	To         string   // "" keeps the state (remarks, tracking number)
	TrackingNo *string  // set when non-nil
	Remarks    *string  // set when non-nil
	// Refund gives the coins back through the ledger ("shop:refund:<order>") and returns the stock;
	// the order must not be a blind box already drawn (those are exchanged at once).
	Refund bool
	Now    time.Time
}

// Transition moves an order as t says, in one transaction with its refund. It returns the order
// before and after. ErrShopOrderNotFound, ErrShopOrderState (not in t.From).
func (s *ShopStore) Transition(ctx context.Context, t ShopTransition) (before, after ShopOrder, err error) {
	err = InTx(ctx, s.pool, func(tx pgx.Tx) error {
		o, err := scanShopOrder(tx.QueryRow(ctx, `SELECT `+orderCols+` FROM shop_orders WHERE order_no = $1 FOR UPDATE`, t.OrderNo))
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrShopOrderNotFound
		}
		if err != nil {
			return fmt.Errorf("postgres: shop lock order: %w", err)
		}
		before = o
		ok := false
		for _, f := range t.From {
			ok = ok || f == o.Status
		}
		if !ok {
			return ErrShopOrderState
		}
		refundID := o.RefundTxnID
		if t.Refund {
			if o.PayTxnID != 0 && o.RefundTxnID == 0 {
				posted, err := PostTx(ctx, tx, Posting{Key: ShopRefundKey(o.No), Type: TxnRefund, Reference: o.No, UserID: o.UserID, At: t.Now,
					Entries: []Entry{{SystemAccount(KindPlatform, Coin), -o.Coins}, {UserWallet(o.UserID, Coin), o.Coins}}})
				if err != nil {
					return err
				}
				refundID = posted.TxnID
			}
			if o, err = releaseOrder(ctx, tx, o, t.To, t.Now); err != nil {
				return err
			}
		}
		to := t.To
		if to == "" {
			to = o.Status
		}
		tracking, remarks := o.TrackingNo, o.Remarks
		if t.TrackingNo != nil {
			tracking = *t.TrackingNo
		}
		if t.Remarks != nil {
			remarks = *t.Remarks
		}
		var rid *int64
		if refundID != 0 {
			rid = &refundID
		}
		after, err = scanShopOrder(tx.QueryRow(ctx, `UPDATE shop_orders SET status = $2, tracking_no = $3, remarks = $4, refund_txn_id = $5,
			updated_at = $6 WHERE order_no = $1 RETURNING `+orderCols, o.No, to, tracking, remarks, rid, t.Now))
		if err != nil {
			return fmt.Errorf("postgres: shop transition: %w", err)
		}
		return nil
	})
	return before, after, err
}

// OrderByKey reads a user's order by its client key.
func (s *ShopStore) OrderByKey(ctx context.Context, userID int64, key string) (ShopOrder, error) {
	o, err := scanShopOrder(s.pool.QueryRow(ctx, `SELECT `+orderCols+` FROM shop_orders WHERE user_id = $1 AND client_key = $2`, userID, key))
	if errors.Is(err, pgx.ErrNoRows) {
		return o, ErrShopOrderNotFound
	}
	return o, err
}

// Order reads one order.
func (s *ShopStore) Order(ctx context.Context, orderNo string) (ShopOrder, error) {
	o, err := scanShopOrder(s.pool.QueryRow(ctx, `SELECT `+orderCols+` FROM shop_orders WHERE order_no = $1`, orderNo))
	if errors.Is(err, pgx.ErrNoRows) {
		return o, ErrShopOrderNotFound
	}
	return o, err
}

// ShopOrderFilter selects orders; zero fields do not filter.
type ShopOrderFilter struct {
	UserID        int64
	Status        string
	Kind          string
	ExcludeKind   string
	Limit, Offset int
}

// Orders lists the orders f selects, newest first, with the total count.
func (s *ShopStore) Orders(ctx context.Context, f ShopOrderFilter) ([]ShopOrder, int, error) {
	if f.Limit <= 0 {
		f.Limit = 20
	}
	where := `($1 = 0 OR user_id = $1) AND ($2 = '' OR status = $2) AND ($3 = '' OR kind = $3) AND ($4 = '' OR kind <> $4)`
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM shop_orders WHERE `+where, f.UserID, f.Status, f.Kind, f.ExcludeKind).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: shop orders count: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT `+orderCols+` FROM shop_orders WHERE `+where+` ORDER BY created_at DESC, order_no DESC LIMIT $5 OFFSET $6`,
		f.UserID, f.Status, f.Kind, f.ExcludeKind, f.Limit, f.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: shop orders: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ShopOrder, error) { return scanShopOrder(r) })
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: shop orders: %w", err)
	}
	return out, total, nil
}

const drawCols = `d.id, d.order_no, d.seq, d.user_id, d.box_id, coalesce(p.name, ''), d.prize_id, d.prize_name,
	coalesce(z.picture, ''), d.coins, d.odds, d.total_weight, d.roll, d.created_at`

func scanDraw(r pgx.Row) (ShopDraw, error) {
	var d ShopDraw
	var odds []byte
	err := r.Scan(&d.ID, &d.OrderNo, &d.Seq, &d.UserID, &d.BoxID, &d.BoxName, &d.PrizeID, &d.PrizeName, &d.Picture, &d.Coins,
		&odds, &d.TotalWeight, &d.Roll, &d.CreatedAt)
	if err == nil {
		err = json.Unmarshal(odds, &d.Odds)
	}
	return d, err
}

func orderDraws(ctx context.Context, q querier, orderNo string) ([]ShopDraw, error) {
	rows, err := q.Query(ctx, `SELECT `+drawCols+` FROM shop_draws d LEFT JOIN shop_products p ON p.id = d.box_id
		LEFT JOIN shop_prizes z ON z.id = d.prize_id WHERE d.order_no = $1 ORDER BY d.seq`, orderNo)
	if err != nil {
		return nil, fmt.Errorf("postgres: shop draws: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ShopDraw, error) { return scanDraw(r) })
}

// Draws lists a user's blind-box draws (userID 0: everybody's), newest first, with the total count.
func (s *ShopStore) Draws(ctx context.Context, userID int64, limit, offset int) ([]ShopDraw, int, error) {
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM shop_draws WHERE $1 = 0 OR user_id = $1`, userID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: shop draws count: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT `+drawCols+` FROM shop_draws d LEFT JOIN shop_products p ON p.id = d.box_id
		LEFT JOIN shop_prizes z ON z.id = d.prize_id WHERE $1 = 0 OR d.user_id = $1 ORDER BY d.id DESC LIMIT $2 OFFSET $3`, userID, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: shop draws: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ShopDraw, error) { return scanDraw(r) })
	return out, total, err
}

// UserOrder is one line of "my orders": any order of the user, whatever the area.
type UserOrder struct {
	Type      string // shop, recharge, membership, unlock, plan
	No        string
	Title     string
	Quantity  int64
	Coins     int64  // coins spent (shop, membership, unlock, plan) or credited (recharge)
	Money     int64  // recharge: minor units of Currency
	Currency  string // recharge
	Status    string
	CreatedAt time.Time
}

// UserOrders lists every order of a user across the areas (shop orders, recharges, memberships,
// paid-room unlocks and plan purchases, from their own tables and the ledger), newest first.
func (s *ShopStore) UserOrders(ctx context.Context, userID int64, limit, offset int) ([]UserOrder, int, error) {
	const all = `
		SELECT 'shop' AS type, order_no AS no, product_name AS title, quantity::bigint AS quantity, coins, 0::bigint AS money,
		       '' AS currency, status, created_at FROM shop_orders WHERE user_id = $1
		UNION ALL
		SELECT 'recharge', order_no, product, quantity, 0, amount_minor, currency, state, created_at FROM payment_orders WHERE user_id = $1
		UNION ALL
		SELECT 'membership', 'M' || r.id::text, CASE r.tier WHEN 2 THEN 'SVIP' ELSE 'VIP' END, greatest(r.months, 0)::bigint, r.coins, 0, '',
		       r.action, r.created_at FROM membership_records r WHERE r.user_id = $1
		UNION ALL
		SELECT t.type, 'T' || t.id::text, t.reference, 1, -sum(e.amount)::bigint, 0, '', 'paid', t.created_at
		  FROM ledger_transactions t JOIN ledger_entries e ON e.txn_id = t.id
		  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'user' AND a.owner_id = $1 AND a.currency = 'COIN'
		 WHERE t.user_id = $1 AND t.type IN ('unlock', 'plan') GROUP BY t.id`
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM (`+all+`) x`, userID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: user orders count: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT * FROM (`+all+`) x ORDER BY created_at DESC, no DESC LIMIT $2 OFFSET $3`, userID, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: user orders: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (UserOrder, error) {
		var o UserOrder
		err := r.Scan(&o.Type, &o.No, &o.Title, &o.Quantity, &o.Coins, &o.Money, &o.Currency, &o.Status, &o.CreatedAt)
		return o, err
	})
	return out, total, err
}
