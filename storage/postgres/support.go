package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SupportTicketRow is one ticket of customer service (migration 1680). UserName and Messages are
// filled by the reads that list tickets.
type SupportTicketRow struct {
	ID        int64
	UserID    int64
	UserName  string // the user's username ("" before the new-user step)
	Category  string
	Subject   string
	Lang      string
	State     string // open, answered, closed
	CreatedAt time.Time
	UpdatedAt time.Time
	ClosedAt  time.Time // zero: not closed
	ClosedBy  int64
	Messages  int
}

// SupportMessageRow is one message of a ticket's thread.
type SupportMessageRow struct {
	ID        int64
	TicketID  int64
	AuthorID  int64
	Staff     bool
	Body      string
	CreatedAt time.Time
}

// Errors of the support store.
var (
	ErrSupportNotFound    = errors.New("postgres: support ticket not found")
	ErrSupportClosed      = errors.New("postgres: support ticket closed")
	ErrSupportRateLimited = errors.New("postgres: too many support tickets")
	ErrSupportThreadFull  = errors.New("postgres: support thread full")
)

// SupportStore keeps the tickets and their threads.
type SupportStore struct{ pool *pgxpool.Pool }

// NewSupportStore returns the store over pool.
func NewSupportStore(pool *pgxpool.Pool) *SupportStore { return &SupportStore{pool: pool} }

const supportTicketCols = `t.id, t.user_id, coalesce(u.username, ''), t.category, t.subject, t.lang, t.state, t.created_at,
	t.updated_at, t.closed_at, coalesce(t.closed_by, 0), (SELECT count(*) FROM support_messages m WHERE m.ticket_id = t.id)`

const supportTicketFrom = ` FROM support_tickets t LEFT JOIN users u ON u.id = t.user_id`

func scanSupportTicket(row pgx.Row) (SupportTicketRow, error) {
	var t SupportTicketRow
	var closed *time.Time
	if err := row.Scan(&t.ID, &t.UserID, &t.UserName, &t.Category, &t.Subject, &t.Lang, &t.State, &t.CreatedAt,
		&t.UpdatedAt, &closed, &t.ClosedBy, &t.Messages); err != nil {
		return t, err
	}
	if closed != nil {
		t.ClosedAt = *closed
	}
	return t, nil
}

// CreateTicket stores a new open ticket with its first message, unless its user already opened max
// tickets since since (ErrSupportRateLimited). Two requests of one user at once are counted one
// after the other (a transaction lock on the user).
func (s *SupportStore) CreateTicket(ctx context.Context, t SupportTicketRow, body string, since time.Time, max int) (SupportTicketRow, error) {
	var out SupportTicketRow
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(1680, ($1 % 2147483647)::int)`, t.UserID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM support_tickets WHERE user_id=$1 AND created_at > $2`,
			t.UserID, since).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return ErrSupportRateLimited
		}
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO support_tickets (user_id, category, subject, lang, state, created_at, updated_at)
			VALUES ($1,$2,$3,$4,'open',$5,$5) RETURNING id`, t.UserID, t.Category, t.Subject, t.Lang, t.CreatedAt).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO support_messages (ticket_id, author_id, staff, body, created_at)
			VALUES ($1,$2,false,$3,$4)`, id, t.UserID, body, t.CreatedAt); err != nil {
			return err
		}
		var err error
		out, err = scanSupportTicket(tx.QueryRow(ctx, `SELECT `+supportTicketCols+supportTicketFrom+` WHERE t.id=$1`, id))
		return err
	})
	if err != nil && !errors.Is(err, ErrSupportRateLimited) {
		return out, fmt.Errorf("postgres: create support ticket: %w", err)
	}
	return out, err
}

// Ticket reads one ticket (ErrSupportNotFound).
func (s *SupportStore) Ticket(ctx context.Context, id int64) (SupportTicketRow, error) {
	t, err := scanSupportTicket(s.pool.QueryRow(ctx, `SELECT `+supportTicketCols+supportTicketFrom+` WHERE t.id=$1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return t, ErrSupportNotFound
	}
	if err != nil {
		return t, fmt.Errorf("postgres: support ticket: %w", err)
	}
	return t, nil
}

// Messages is a ticket's thread, oldest first.
func (s *SupportStore) Messages(ctx context.Context, ticketID int64) ([]SupportMessageRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, ticket_id, author_id, staff, body, created_at FROM support_messages
		WHERE ticket_id=$1 ORDER BY id`, ticketID)
	if err != nil {
		return nil, fmt.Errorf("postgres: support messages: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (SupportMessageRow, error) {
		var m SupportMessageRow
		err := r.Scan(&m.ID, &m.TicketID, &m.AuthorID, &m.Staff, &m.Body, &m.CreatedAt)
		return m, err
	})
}

// UserTickets lists a user's tickets, newest first.
func (s *SupportStore) UserTickets(ctx context.Context, userID int64, limit int) ([]SupportTicketRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+supportTicketCols+supportTicketFrom+` WHERE t.user_id=$1 ORDER BY t.id DESC LIMIT $2`,
		userID, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: support tickets: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (SupportTicketRow, error) { return scanSupportTicket(r) })
}

// Queue lists tickets for staff: of one state ("" : every state), the open ones that waited longest
// first, the others most recently changed first; and how many match.
func (s *SupportStore) Queue(ctx context.Context, state string, limit, offset int) ([]SupportTicketRow, int, error) {
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM support_tickets WHERE ($1 = '' OR state = $1)`, state).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: support queue: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT `+supportTicketCols+supportTicketFrom+` WHERE ($1 = '' OR t.state = $1)
		ORDER BY (t.state = 'open') DESC,
			CASE WHEN t.state = 'open' THEN t.updated_at END ASC,
			t.updated_at DESC, t.id
		LIMIT $2 OFFSET $3`, state, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: support queue: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (SupportTicketRow, error) { return scanSupportTicket(r) })
	return list, total, err
}

// AddMessage appends a message to an open or answered ticket and sets its state to state (answered
// after staff, open after the user): ErrSupportNotFound, ErrSupportClosed, or ErrSupportThreadFull
// when the thread holds max messages already. closeIt closes the ticket with the message.
func (s *SupportStore) AddMessage(ctx context.Context, m SupportMessageRow, state string, closeIt bool, max int) (SupportTicketRow, error) {
	var out SupportTicketRow
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var cur string
		err := tx.QueryRow(ctx, `SELECT state FROM support_tickets WHERE id=$1 FOR UPDATE`, m.TicketID).Scan(&cur)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrSupportNotFound
		}
		if err != nil {
			return err
		}
		if cur == "closed" {
			return ErrSupportClosed
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM support_messages WHERE ticket_id=$1`, m.TicketID).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return ErrSupportThreadFull
		}
		if _, err := tx.Exec(ctx, `INSERT INTO support_messages (ticket_id, author_id, staff, body, created_at)
			VALUES ($1,$2,$3,$4,$5)`, m.TicketID, m.AuthorID, m.Staff, m.Body, m.CreatedAt); err != nil {
			return err
		}
		if closeIt {
			state = "closed"
		}
		if _, err := tx.Exec(ctx, `UPDATE support_tickets SET state=$2::text, updated_at=$3::timestamptz,
			closed_at = CASE WHEN $2::text = 'closed' THEN $3::timestamptz END,
			closed_by = CASE WHEN $2::text = 'closed' THEN $4::bigint END
			WHERE id=$1`, m.TicketID, state, m.CreatedAt, m.AuthorID); err != nil {
			return err
		}
		out, err = scanSupportTicket(tx.QueryRow(ctx, `SELECT `+supportTicketCols+supportTicketFrom+` WHERE t.id=$1`, m.TicketID))
		return err
	})
	if err != nil && !errors.Is(err, ErrSupportNotFound) && !errors.Is(err, ErrSupportClosed) && !errors.Is(err, ErrSupportThreadFull) {
		return out, fmt.Errorf("postgres: support message: %w", err)
	}
	return out, err
}

// Close closes a ticket at now by userID; closing a closed ticket changes nothing (changed false).
func (s *SupportStore) Close(ctx context.Context, id, by int64, now time.Time) (SupportTicketRow, bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE support_tickets SET state='closed', updated_at=$2, closed_at=$2, closed_by=$3
		WHERE id=$1 AND state <> 'closed'`, id, now, by)
	if err != nil {
		return SupportTicketRow{}, false, fmt.Errorf("postgres: close support ticket: %w", err)
	}
	t, err := s.Ticket(ctx, id)
	return t, tag.RowsAffected() == 1, err
}
