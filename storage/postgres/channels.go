package postgres

// The promotion channels' store (migration 1100, rules in api/channels). Statistics are computed
// from promotion_events on every read, never kept as counters. A visit or a download is one row per
// (channel, visitor, day): the unique index decides, so a reload or a concurrent duplicate inserts
// nothing. The fraud guard counts a source's visits of the last window under a transaction-scoped
// advisory lock on the source, so a burst cannot slip through by racing itself. Spend is read from
// ledger_entries: coins and diamonds that left the wallets of the channel's users, refunds netted.

import (
	"context"
	"encoding/binary"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Channel store errors.
var (
	ErrChannelNotFound  = errors.New("postgres: promotion channel not found")
	ErrChannelCodeTaken = errors.New("postgres: promotion channel code taken")
)

// Channel event kinds.
const (
	ChannelVisit    = "visit"
	ChannelRegister = "register"
	ChannelDownload = "download"
)

// Channel is one promotion channel.
type Channel struct {
	ID        int64
	OwnerID   int64
	Code      string
	Name      string
	Source    string
	Kind      string // register or download
	ShareBps  int
	CreatedAt time.Time
}

// ChannelEvent is one event to record.
type ChannelEvent struct {
	ChannelID int64
	Kind      string
	Day       time.Time // the visitor's day (UTC date)
	Visitor   []byte
	Source    []byte
	UserID    int64
	FromType  string
	At        time.Time
}

// ChannelDay is one (day, channel) line of the statistics.
type ChannelDay struct {
	Day           time.Time
	ChannelID     int64
	Visits        int64
	Registrations int64
	Downloads     int64
}

// ChannelUser is a user registered through a channel.
type ChannelUser struct {
	UserID       int64
	Username     string
	Phone, Email string
	ChannelID    int64
	RegisteredAt time.Time
	LastOpened   time.Time // zero: never signed in since
	Downloaded   bool
}

// ChannelSpend is one movement of a channel user's coins or diamonds.
type ChannelSpend struct {
	TxnID     int64
	UserID    int64
	Username  string
	ChannelID int64
	Type      string
	Currency  string
	Amount    int64 // spent: positive; a refund: negative
	At        time.Time
}

// ChannelStore reads and writes promotion channels and their events.
type ChannelStore struct{ pool *pgxpool.Pool }

// NewChannelStore returns the store on pool.
func NewChannelStore(pool *pgxpool.Pool) *ChannelStore { return &ChannelStore{pool: pool} }

const channelCols = `id, owner_id, code, name, source, kind, share_bps, created_at`

func scanChannel(row pgx.Row) (Channel, error) {
	var c Channel
	err := row.Scan(&c.ID, &c.OwnerID, &c.Code, &c.Name, &c.Source, &c.Kind, &c.ShareBps, &c.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, ErrChannelNotFound
	}
	return c, err
}

// Channels lists the owner's channels, newest first.
func (s *ChannelStore) Channels(ctx context.Context, owner int64) ([]Channel, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+channelCols+` FROM promotion_channels WHERE owner_id = $1 ORDER BY id DESC`, owner)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Channel, error) { return scanChannel(r) })
}

// Channel reads one channel by id.
func (s *ChannelStore) Channel(ctx context.Context, id int64) (Channel, error) {
	return scanChannel(s.pool.QueryRow(ctx, `SELECT `+channelCols+` FROM promotion_channels WHERE id = $1`, id))
}

// ChannelByCode reads one channel by its code.
func (s *ChannelStore) ChannelByCode(ctx context.Context, code string) (Channel, error) {
	return scanChannel(s.pool.QueryRow(ctx, `SELECT `+channelCols+` FROM promotion_channels WHERE code = $1`, code))
}

// SaveChannel creates c (ID 0) or updates the owner's channel c.ID (name, source, kind; the code and
// share stay). An update of another owner's channel is ErrChannelNotFound.
func (s *ChannelStore) SaveChannel(ctx context.Context, c Channel, now time.Time) (Channel, error) {
	var row pgx.Row
	if c.ID == 0 {
		row = s.pool.QueryRow(ctx, `INSERT INTO promotion_channels (owner_id, code, name, source, kind, share_bps, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING `+channelCols, c.OwnerID, c.Code, c.Name, c.Source, c.Kind, c.ShareBps, now)
	} else {
		row = s.pool.QueryRow(ctx, `UPDATE promotion_channels SET name = $3, source = $4, kind = $5, updated_at = $6
			WHERE id = $1 AND owner_id = $2 RETURNING `+channelCols, c.ID, c.OwnerID, c.Name, c.Source, c.Kind, now)
	}
	out, err := scanChannel(row)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return out, ErrChannelCodeTaken
	}
	return out, err
}

// RecordVisit records a visit unless the source sent more than burst visits within window before
// it (then it is dropped, kept in promotion_dropped, and dropped is true). counted is false for a
// visitor already counted today on this channel.
func (s *ChannelStore) RecordVisit(ctx context.Context, e ChannelEvent, burst int, window time.Duration) (counted, dropped bool, err error) {
	err = InTx(ctx, s.pool, func(tx pgx.Tx) error {
		counted, dropped = false, false
		var lock int64
		if len(e.Source) >= 8 {
			lock = int64(binary.BigEndian.Uint64(e.Source[:8]))
		}
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(11000, $1::int)`, int32(lock)); err != nil {
			return err
		}
		var recent int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM promotion_events WHERE kind = 'visit' AND source = $1 AND at > $2 AND at <= $3`,
			e.Source, e.At.Add(-window), e.At).Scan(&recent); err != nil {
			return err
		}
		if recent >= burst {
			dropped = true
			_, err := tx.Exec(ctx, `INSERT INTO promotion_dropped (channel_id, source, minute) VALUES ($1, $2, $3)
				ON CONFLICT (channel_id, source, minute) DO UPDATE SET n = promotion_dropped.n + 1`,
				e.ChannelID, e.Source, e.At.Truncate(time.Minute))
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO promotion_events (channel_id, kind, day, visitor, source, at)
			VALUES ($1, 'visit', $2, $3, $4, $5) ON CONFLICT DO NOTHING`, e.ChannelID, e.Day, e.Visitor, e.Source, e.At)
		counted = err == nil && tag.RowsAffected() == 1
		return err
	})
	return counted, dropped, err
}

// RecordDownload records a download once per (channel, visitor, day); counted is false for a repeat.
func (s *ChannelStore) RecordDownload(ctx context.Context, e ChannelEvent) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO promotion_events (channel_id, kind, day, visitor, source, user_id, at)
		VALUES ($1, 'download', $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, e.ChannelID, e.Day, e.Visitor, e.Source, e.UserID, e.At)
	return err == nil && tag.RowsAffected() == 1, err
}

// RecordRegistration attributes a user to a channel, once: a second attribution of the same user
// changes nothing (counted false), unless the user is on channel replace (the default channel),
// which a named channel takes over. The user's promotion_channel is set to the code.
func (s *ChannelStore) RecordRegistration(ctx context.Context, e ChannelEvent, code string, replace int64) (bool, error) {
	var counted bool
	err := InTx(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO promotion_events (channel_id, kind, day, visitor, source, user_id, from_type, at)
			VALUES ($1, 'register', $2, $3, $4, $5, $6, $7)
			ON CONFLICT (user_id) WHERE kind = 'register' DO UPDATE SET channel_id = EXCLUDED.channel_id, from_type = EXCLUDED.from_type
			WHERE promotion_events.channel_id = $8 AND EXCLUDED.channel_id <> $8`,
			e.ChannelID, e.Day, e.Visitor, e.Source, e.UserID, e.FromType, e.At, replace)
		if err != nil {
			return err
		}
		counted = tag.RowsAffected() == 1
		if counted {
			_, err = tx.Exec(ctx, `UPDATE users SET promotion_channel = $2 WHERE id = $1`, e.UserID, code)
		}
		return err
	})
	return counted, err
}

// UserRegisteredAt is when a user registered: the time of its registration event (by the
// channels' clock), else the account's creation (ErrUserNotFound if none).
func (s *ChannelStore) UserRegisteredAt(ctx context.Context, userID int64) (time.Time, error) {
	var t time.Time
	err := s.pool.QueryRow(ctx, `SELECT coalesce((SELECT at FROM promotion_events WHERE kind = 'register' AND user_id = u.id), u.created_at)
		FROM users u WHERE u.id = $1`, userID).Scan(&t)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, ErrUserNotFound
	}
	return t, err
}

// Stats counts the events of the given channels per day and channel, days in [from, to].
func (s *ChannelStore) Stats(ctx context.Context, channels []int64, from, to time.Time) ([]ChannelDay, error) {
	rows, err := s.pool.Query(ctx, `SELECT day, channel_id,
			count(*) FILTER (WHERE kind = 'visit'), count(*) FILTER (WHERE kind = 'register'), count(*) FILTER (WHERE kind = 'download')
		FROM promotion_events WHERE channel_id = ANY($1) AND day BETWEEN $2 AND $3
		GROUP BY day, channel_id ORDER BY day, channel_id`, channels, from, to)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ChannelDay, error) {
		var d ChannelDay
		err := r.Scan(&d.Day, &d.ChannelID, &d.Visits, &d.Registrations, &d.Downloads)
		return d, err
	})
}

// Users lists the users registered through the given channels, newest first, and their total.
func (s *ChannelStore) Users(ctx context.Context, channels []int64, limit, offset int) ([]ChannelUser, int, error) {
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM promotion_events WHERE kind = 'register' AND channel_id = ANY($1)`,
		channels).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.pool.Query(ctx, `SELECT u.id, coalesce(u.username, ''), coalesce(u.phone, ''), coalesce(u.email, ''), e.channel_id,
			u.created_at, coalesce((SELECT max(last_seen_at) FROM sessions WHERE user_id = u.id), u.last_login_at, u.created_at),
			EXISTS (SELECT 1 FROM promotion_events d WHERE d.kind = 'download' AND d.user_id = u.id)
		FROM promotion_events e JOIN users u ON u.id = e.user_id
		WHERE e.kind = 'register' AND e.channel_id = ANY($1) ORDER BY e.at DESC, e.id DESC LIMIT $2 OFFSET $3`, channels, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ChannelUser, error) {
		var u ChannelUser
		err := r.Scan(&u.UserID, &u.Username, &u.Phone, &u.Email, &u.ChannelID, &u.RegisteredAt, &u.LastOpened, &u.Downloaded)
		return u, err
	})
	return out, total, err
}

// spendTypes are the ledger transactions in which a user spends coins or diamonds on the site.
var spendTypes = []string{string(TxnGift), string(TxnShop), string(TxnPlan), string(TxnUnlock), string(TxnMembership), string(TxnRefund)}

// Spend lists the coin and diamond movements of the channels' users on the site (gifts, shop,
// plans, unlocks, memberships, and their refunds as negative amounts) at or after since, newest
// first, and their total count.
func (s *ChannelStore) Spend(ctx context.Context, channels []int64, since time.Time, limit, offset int) ([]ChannelSpend, int, error) {
	const from = ` FROM promotion_events e
		JOIN ledger_accounts a ON a.kind = 'user' AND a.owner_id = e.user_id AND a.currency IN ('COIN', 'DIAMOND')
		JOIN ledger_entries le ON le.account_id = a.id
		JOIN ledger_transactions t ON t.id = le.txn_id
		JOIN users u ON u.id = e.user_id
		WHERE e.kind = 'register' AND e.channel_id = ANY($1) AND t.type = ANY($2) AND t.created_at >= $3
		  AND ((t.type <> 'refund' AND le.amount < 0) OR (t.type = 'refund' AND le.amount > 0))`
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*)`+from, channels, spendTypes, since).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.pool.Query(ctx, `SELECT t.id, e.user_id, coalesce(u.username, ''), e.channel_id, t.type, a.currency, -le.amount, t.created_at`+from+`
		ORDER BY t.created_at DESC, le.id DESC LIMIT $4 OFFSET $5`, channels, spendTypes, since, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ChannelSpend, error) {
		var x ChannelSpend
		err := r.Scan(&x.TxnID, &x.UserID, &x.Username, &x.ChannelID, &x.Type, &x.Currency, &x.Amount, &x.At)
		return x, err
	})
	return out, total, err
}

// SpendTotals sums Spend per channel and currency (refunds netted).
func (s *ChannelStore) SpendTotals(ctx context.Context, channels []int64, since time.Time) (map[int64]map[string]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT e.channel_id, a.currency, coalesce(sum(-le.amount), 0)
		FROM promotion_events e
		JOIN ledger_accounts a ON a.kind = 'user' AND a.owner_id = e.user_id AND a.currency IN ('COIN', 'DIAMOND')
		JOIN ledger_entries le ON le.account_id = a.id
		JOIN ledger_transactions t ON t.id = le.txn_id
		WHERE e.kind = 'register' AND e.channel_id = ANY($1) AND t.type = ANY($2) AND t.created_at >= $3
		  AND ((t.type <> 'refund' AND le.amount < 0) OR (t.type = 'refund' AND le.amount > 0))
		GROUP BY e.channel_id, a.currency`, channels, spendTypes, since)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]map[string]int64{}
	for rows.Next() {
		var id int64
		var cur string
		var n int64
		if err := rows.Scan(&id, &cur, &n); err != nil {
			return nil, err
		}
		if out[id] == nil {
			out[id] = map[string]int64{}
		}
		out[id][cur] = n
	}
	return out, rows.Err()
}

// ChannelOverview is a channel with its owner and all-time totals, for the back office.
type ChannelOverview struct {
	Channel
	Owner         string // the partner's username ("" for the site's default channel)
	Visits        int64
	Registrations int64
	Downloads     int64
}

// AllChannels lists every channel, newest first, filtered by q (a substring of the code, name, source
// or owner's username; "" for all), with its total.
func (s *ChannelStore) AllChannels(ctx context.Context, q string, limit, offset int) ([]ChannelOverview, int, error) {
	const where = ` FROM promotion_channels c LEFT JOIN users u ON u.id = c.owner_id
		WHERE $1 = '' OR c.code ILIKE '%'||$1||'%' OR c.name ILIKE '%'||$1||'%' OR c.source ILIKE '%'||$1||'%'
			OR COALESCE(u.username,'') ILIKE '%'||$1||'%'`
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*)`+where, q).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.pool.Query(ctx, `SELECT c.id, c.owner_id, c.code, c.name, c.source, c.kind, c.share_bps, c.created_at,
			COALESCE(u.username,''),
			(SELECT count(*) FROM promotion_events e WHERE e.channel_id = c.id AND e.kind = 'visit'),
			(SELECT count(*) FROM promotion_events e WHERE e.channel_id = c.id AND e.kind = 'register'),
			(SELECT count(*) FROM promotion_events e WHERE e.channel_id = c.id AND e.kind = 'download')`+where+`
		ORDER BY c.id DESC LIMIT $2 OFFSET $3`, q, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ChannelOverview, error) {
		var o ChannelOverview
		err := r.Scan(&o.ID, &o.OwnerID, &o.Code, &o.Name, &o.Source, &o.Kind, &o.ShareBps, &o.CreatedAt, &o.Owner,
			&o.Visits, &o.Registrations, &o.Downloads)
		return o, err
	})
	return out, total, err
}
