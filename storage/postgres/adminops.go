package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// The back office's reads of the live rooms, the ledger and the platform's banned words (issue 16,
// migration 1640). Writes go through each area's rules: a room's access through the streamer
// centre, a refund through the wallet's order state machine, never a direct balance edit.

// StaffRoomRow is one live room as staff see it.
type StaffRoomRow struct {
	RoomID       string
	StreamerID   int64
	StreamerName string
	Title        string
	MemberOnly   bool
	Paid         bool
	Price        int64
	Cover        int64
	Broadcasting bool
	Live         bool
	LiveSince    time.Time
}

// StaffLiveRooms pages through the rooms whose streamer started live or whose stream is up, the
// longest-running first, with the total; q narrows to a room id or a streamer's username (prefix).
func (s *Anchors) StaffLiveRooms(ctx context.Context, q string, limit, offset int) ([]StaffRoomRow, int, error) {
	like := likePrefix(q)
	const where = `FROM live_rooms l JOIN rooms r ON r.id = l.room_id LEFT JOIN anchors a ON a.room_id = l.room_id
		LEFT JOIN users u ON u.id = a.user_id
		WHERE (l.is_live OR l.broadcasting) AND ($1 = '' OR l.room_id = $2 OR lower(coalesce(u.username,'')) LIKE $1)`
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) `+where, like, strings.TrimSpace(q)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: staff live rooms: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT l.room_id, coalesce(a.user_id,0), coalesce(u.username,''), r.title, r.member_only,
		l.paid, l.price, coalesce(l.cover,0), l.broadcasting, l.is_live, coalesce(l.live_since,'epoch') `+where+`
		ORDER BY l.live_since NULLS LAST, l.room_id LIMIT $3 OFFSET $4`, like, strings.TrimSpace(q), limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: staff live rooms: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (StaffRoomRow, error) {
		var x StaffRoomRow
		err := r.Scan(&x.RoomID, &x.StreamerID, &x.StreamerName, &x.Title, &x.MemberOnly, &x.Paid, &x.Price, &x.Cover,
			&x.Broadcasting, &x.Live, &x.LiveSince)
		if x.LiveSince.Unix() == 0 {
			x.LiveSince = time.Time{}
		}
		return x, err
	})
	return out, total, err
}

// SetRoomAccess sets who may watch a live room: members only, and paid with its price in coins. It
// returns the access before and after (ErrAnchorNotFound for a room without live settings).
func (s *Anchors) SetRoomAccess(ctx context.Context, room string, memberOnly, paid bool, price int64) (before, after StaffAccess, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT r.member_only, l.paid, l.price FROM live_rooms l JOIN rooms r ON r.id = l.room_id
			WHERE l.room_id = $1 FOR UPDATE`, room).Scan(&before.MemberOnly, &before.Paid, &before.Price)
		if err == pgx.ErrNoRows {
			return ErrAnchorNotFound
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE rooms SET member_only = $2, updated_at = now() WHERE id = $1`, room, memberOnly); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE live_rooms SET paid = $2, price = $3, updated_at = now() WHERE room_id = $1`, room, paid, price)
		return err
	})
	after = StaffAccess{MemberOnly: memberOnly, Paid: paid, Price: price}
	return before, after, err
}

// StaffAccess is who may watch a room.
type StaffAccess struct {
	MemberOnly bool  `json:"memberOnly"`
	Paid       bool  `json:"paid"`
	Price      int64 `json:"price"`
}

// RoomWordLists are the rooms' own word lists (the moderation presets' shield words), for staff to
// read, rooms with a non-empty list first by room id, a page at a time with the total.
func (s *AdminStore) RoomWordLists(ctx context.Context, room string, limit, offset int) (map[string][]string, []string, int, error) {
	const where = `FROM room_mod_presets WHERE cardinality(shield_words) > 0 AND ($1 = '' OR room_id = $1)`
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) `+where, room).Scan(&total); err != nil {
		return nil, nil, 0, fmt.Errorf("postgres: room word lists: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT room_id, shield_words `+where+` ORDER BY room_id LIMIT $2 OFFSET $3`, room, limit, offset)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("postgres: room word lists: %w", err)
	}
	defer rows.Close()
	lists, order := map[string][]string{}, []string{}
	for rows.Next() {
		var id string
		var words []string
		if err := rows.Scan(&id, &words); err != nil {
			return nil, nil, 0, err
		}
		lists[id], order = words, append(order, id)
	}
	return lists, order, total, rows.Err()
}

// likePrefix is q lower-cased as a LIKE prefix pattern ("" for an empty q).
func likePrefix(q string) string {
	q = strings.TrimSpace(q)
	if q == "" {
		return ""
	}
	return strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(strings.ToLower(q)) + "%"
}

// MoneyKind is a list of the orders-and-money screen.
type MoneyKind string

// The money lists.
const (
	MoneyRecharges   MoneyKind = "recharge"   // payment orders, any state
	MoneyMemberships MoneyKind = "membership" // memberships bought with coins
	MoneyUnlocks     MoneyKind = "unlock"     // paid rooms unlocked with coins
	MoneyRefunds     MoneyKind = "refund"     // reversals of paid orders (staff refunds, provider refunds, chargebacks)
	MoneyChargebacks MoneyKind = "chargeback" // the reversals a chargeback caused
)

// MoneyRow is one order or ledger transaction, with its ledger entries.
type MoneyRow struct {
	Kind      MoneyKind
	Reference string // the order number, or the transaction's reference
	TxnID     int64  // 0 for an order (its transactions are in Entries)
	UserID    int64
	UserName  string
	Order     *Order // for recharges
	At        time.Time
	Entries   []EntryRow
}

// EntryRow is one ledger entry with its account.
type EntryRow struct {
	TxnID        int64
	TxnType      TxnType
	AccountKind  string
	OwnerID      int64
	Currency     Currency
	Amount       int64
	BalanceAfter *int64
	At           time.Time
}

// StaffMoney pages through one money list, newest first, with the total; q is an order number or
// reference (prefix), a user id ("u12" or "12") or a username (prefix).
func (s *WalletStore) StaffMoney(ctx context.Context, kind MoneyKind, q string, limit, offset int) ([]MoneyRow, int, error) {
	q = strings.TrimSpace(q)
	var uid int64
	if id, err := strconv.ParseInt(strings.TrimPrefix(strings.ToLower(q), "u"), 10, 64); err == nil && id > 0 {
		uid = id
	}
	like := likePrefix(q)
	var rows []MoneyRow
	var total int
	var err error
	if kind == MoneyRecharges {
		rows, total, err = s.staffOrders(ctx, like, uid, limit, offset)
	} else {
		rows, total, err = s.staffTxns(ctx, kind, like, uid, limit, offset)
	}
	if err != nil || len(rows) == 0 {
		return rows, total, err
	}
	return rows, total, s.attachEntries(ctx, rows)
}

func (s *WalletStore) staffOrders(ctx context.Context, like string, uid int64, limit, offset int) ([]MoneyRow, int, error) {
	const where = ` FROM payment_orders o LEFT JOIN users u ON u.id = o.user_id
		WHERE ($1 = '' OR lower(o.order_no) LIKE $1 OR lower(coalesce(u.username,'')) LIKE $1 OR o.user_id = $2)`
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*)`+where, like, uid).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: staff orders: %w", err)
	}
	rs, err := s.pool.Query(ctx, `SELECT uname, `+orderColumns+` FROM (SELECT o.*, coalesce(u.username,'') AS uname`+where+`) x
		ORDER BY created_at DESC, order_no LIMIT $3 OFFSET $4`, like, uid, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: staff orders: %w", err)
	}
	defer rs.Close()
	var out []MoneyRow
	for rs.Next() {
		var name string
		o, err := scanOrder(prefixScan{rs, &name})
		if err != nil {
			return nil, 0, err
		}
		out = append(out, MoneyRow{Kind: MoneyRecharges, Reference: o.No, UserID: o.UserID, UserName: name, Order: &o, At: o.CreatedAt})
	}
	return out, total, rs.Err()
}

// prefixScan scans one leading column into name, then the order's columns.
type prefixScan struct {
	rows pgx.Rows
	name *string
}

func (p prefixScan) Scan(dest ...any) error { return p.rows.Scan(append([]any{p.name}, dest...)...) }

func (s *WalletStore) staffTxns(ctx context.Context, kind MoneyKind, like string, uid int64, limit, offset int) ([]MoneyRow, int, error) {
	typ, extra := string(kind), ""
	if kind == MoneyChargebacks {
		typ, extra = string(TxnRefund), ` AND EXISTS (SELECT 1 FROM payment_events ev WHERE ev.order_no = t.reference AND ev.state = 'chargeback' AND ev.applied)`
	}
	where := ` FROM ledger_transactions t LEFT JOIN users u ON u.id = t.user_id
		WHERE t.type = $3 AND ($1 = '' OR lower(t.reference) LIKE $1 OR lower(coalesce(u.username,'')) LIKE $1 OR t.user_id = $2)` + extra
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*)`+where, like, uid, typ).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: staff money: %w", err)
	}
	rs, err := s.pool.Query(ctx, `SELECT t.id, t.reference, t.user_id, coalesce(u.username,''), t.created_at`+where+`
		ORDER BY t.id DESC LIMIT $4 OFFSET $5`, like, uid, typ, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: staff money: %w", err)
	}
	out, err := pgx.CollectRows(rs, func(r pgx.CollectableRow) (MoneyRow, error) {
		m := MoneyRow{Kind: kind}
		return m, r.Scan(&m.TxnID, &m.Reference, &m.UserID, &m.UserName, &m.At)
	})
	return out, total, err
}

// attachEntries reads the ledger entries of each row: a transaction's own, or for an order those of
// its credit and of its reversal (keys RechargeKey and RefundKey).
func (s *WalletStore) attachEntries(ctx context.Context, rows []MoneyRow) error {
	var ids []int64
	var keys []string
	for _, r := range rows {
		if r.TxnID != 0 {
			ids = append(ids, r.TxnID)
		} else {
			keys = append(keys, RechargeKey(r.Reference), RefundKey(r.Reference))
		}
	}
	rs, err := s.pool.Query(ctx, `SELECT t.id, t.idem_key, t.type, a.kind, a.owner_id, e.currency, e.amount, e.balance_after, e.created_at
		FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.txn_id JOIN ledger_accounts a ON a.id = e.account_id
		WHERE t.id = ANY($1) OR t.idem_key = ANY($2) ORDER BY t.id, e.id`, ids, keys)
	if err != nil {
		return fmt.Errorf("postgres: ledger entries: %w", err)
	}
	defer rs.Close()
	byTxn, byKey := map[int64]int{}, map[string]int{}
	for i, r := range rows {
		if r.TxnID != 0 {
			byTxn[r.TxnID] = i
		} else {
			byKey[RechargeKey(r.Reference)], byKey[RefundKey(r.Reference)] = i, i
		}
	}
	for rs.Next() {
		var e EntryRow
		var key, typ, cur string
		if err := rs.Scan(&e.TxnID, &key, &typ, &e.AccountKind, &e.OwnerID, &cur, &e.Amount, &e.BalanceAfter, &e.At); err != nil {
			return err
		}
		e.TxnType, e.Currency = TxnType(typ), Currency(cur)
		i, ok := byTxn[e.TxnID]
		if !ok {
			i, ok = byKey[key]
		}
		if ok {
			rows[i].Entries = append(rows[i].Entries, e)
		}
	}
	return rs.Err()
}

// BannedWords is the platform's list of banned words that staff edit (migration 1640).
type BannedWords struct{ s *AdminStore }

// BannedWordRow is one entry of the list.
type BannedWordRow struct {
	Word    string
	AddedBy int64
	AddedAt time.Time
}

// BannedWords returns the store of the platform's banned words.
func (s *AdminStore) BannedWords() BannedWords { return BannedWords{s} }

// All returns every entry, for building the chat filter.
func (b BannedWords) All(ctx context.Context) ([]string, error) {
	rows, err := b.s.pool.Query(ctx, `SELECT word FROM banned_words ORDER BY word`)
	if err != nil {
		return nil, fmt.Errorf("postgres: banned words: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// Page lists the entries starting with q (any case), alphabetically, a page at a time, with the total.
func (b BannedWords) Page(ctx context.Context, q string, limit, offset int) ([]BannedWordRow, int, error) {
	like := likePrefix(q)
	var total int
	if err := b.s.pool.QueryRow(ctx, `SELECT count(*) FROM banned_words WHERE $1 = '' OR lower(word) LIKE $1`, like).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: banned words: %w", err)
	}
	rows, err := b.s.pool.Query(ctx, `SELECT word, added_by, added_at FROM banned_words WHERE $1 = '' OR lower(word) LIKE $1
		ORDER BY word LIMIT $2 OFFSET $3`, like, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: banned words: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (BannedWordRow, error) {
		var w BannedWordRow
		return w, r.Scan(&w.Word, &w.AddedBy, &w.AddedAt)
	})
	return out, total, err
}

// Add stores word; added is false when it was already listed.
func (b BannedWords) Add(ctx context.Context, word string, by int64) (added bool, err error) {
	tag, err := b.s.pool.Exec(ctx, `INSERT INTO banned_words (word, added_by) VALUES ($1, $2) ON CONFLICT DO NOTHING`, word, by)
	return err == nil && tag.RowsAffected() == 1, err
}

// Remove deletes word; removed is false when it was not listed.
func (b BannedWords) Remove(ctx context.Context, word string) (removed bool, err error) {
	tag, err := b.s.pool.Exec(ctx, `DELETE FROM banned_words WHERE word = $1`, word)
	return err == nil && tag.RowsAffected() == 1, err
}

// DayCounts is one day of the dashboard's charts.
type DayCounts struct {
	Signups     int
	Recharges   int   // paid recharge orders (paid that day and not refunded since)
	RechargeFen int64 // their total, in fen
	CoinsSpent  int64 // coins sent as gifts
}

// DashboardDays counts signups, paid recharges and coins spent per day for n days from start (each
// day 24 hours from start), by the same rules as Dashboard's "today".
func (s *AdminStore) DashboardDays(ctx context.Context, start time.Time, n int) ([]DayCounts, error) {
	out := make([]DayCounts, n)
	end := start.Add(time.Duration(n) * 24 * time.Hour)
	const day = `floor(extract(epoch FROM %s - $1::timestamptz) / 86400)::int`
	queries := []struct {
		sql  string
		scan func(i int, a, b int64)
	}{
		{fmt.Sprintf(`SELECT %s, count(*), 0 FROM users WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`, fmt.Sprintf(day, "created_at")),
			func(i int, a, _ int64) { out[i].Signups = int(a) }},
		{fmt.Sprintf(`SELECT %s, count(*), coalesce(sum(cny_fen),0) FROM payment_orders WHERE state = 'paid' AND paid_at >= $1 AND paid_at < $2 GROUP BY 1`, fmt.Sprintf(day, "paid_at")),
			func(i int, a, b int64) { out[i].Recharges, out[i].RechargeFen = int(a), b }},
		{fmt.Sprintf(`SELECT %s, coalesce(sum(total),0), 0 FROM gift_sends WHERE currency = 'COIN' AND created_at >= $1 AND created_at < $2 GROUP BY 1`, fmt.Sprintf(day, "created_at")),
			func(i int, a, _ int64) { out[i].CoinsSpent = a }},
	}
	for _, q := range queries {
		rows, err := s.pool.Query(ctx, q.sql, start, end)
		if err != nil {
			return nil, fmt.Errorf("postgres: dashboard days: %w", err)
		}
		for rows.Next() {
			var i int
			var a, b int64
			if err := rows.Scan(&i, &a, &b); err != nil {
				rows.Close()
				return nil, err
			}
			if i >= 0 && i < n {
				q.scan(i, a, b)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// StaffSessionRow is one live session of a user, as staff see it.
type StaffSessionRow struct {
	CreatedAt, LastSeenAt, ExpiresAt time.Time
	IP, UserAgent                    string
}

// UserSessions lists a user's live sessions (not revoked, not expired at now), the most recently
// used first, at most limit.
func (s *AdminStore) UserSessions(ctx context.Context, userID int64, now time.Time, limit int) ([]StaffSessionRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT created_at, last_seen_at, expires_at, ip, user_agent FROM sessions
		WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY last_seen_at DESC LIMIT $3`, userID, now, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: user sessions: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (StaffSessionRow, error) {
		var x StaffSessionRow
		return x, r.Scan(&x.CreatedAt, &x.LastSeenAt, &x.ExpiresAt, &x.IP, &x.UserAgent)
	})
}
