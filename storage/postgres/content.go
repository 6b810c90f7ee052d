package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The site's content edited by staff (migration 1650, api/content): proclamations, their dismissals,
// and the footer and protocol pages' saved text. The rules (who may, when a proclamation shows,
// which text a page falls back to) are the service's; this is storage only.

// ErrContentNotFound: no proclamation or saved page with that key.
var ErrContentNotFound = errors.New("postgres: content not found")

// Proclamation is one row of proclamations.
type Proclamation struct {
	ID          int64
	Lang        string // "" for every language
	Title       string
	Body        string
	Link        string
	Level       string
	StartsAt    time.Time
	EndsAt      time.Time // zero: until withdrawn
	WithdrawnAt time.Time // zero: not withdrawn
	WithdrawnBy int64
	CreatedBy   int64
	CreatedAt   time.Time
	UpdatedBy   int64
	UpdatedAt   time.Time
}

// SitePage is one saved page text.
type SitePage struct {
	Slug      string
	Lang      string
	Title     string
	Body      json.RawMessage
	UpdatedBy int64
	UpdatedAt time.Time
}

// ContentStore stores proclamations and pages.
type ContentStore struct{ pool *pgxpool.Pool }

// NewContentStore returns the store over pool.
func NewContentStore(pool *pgxpool.Pool) *ContentStore { return &ContentStore{pool: pool} }

const proclCols = `id, lang, title, body, link, level, starts_at, ends_at, withdrawn_at, withdrawn_by,
	created_by, created_at, updated_by, updated_at`

func scanProclamation(r pgx.Row) (Proclamation, error) {
	var p Proclamation
	var ends, withdrawn *time.Time
	err := r.Scan(&p.ID, &p.Lang, &p.Title, &p.Body, &p.Link, &p.Level, &p.StartsAt, &ends, &withdrawn, &p.WithdrawnBy,
		&p.CreatedBy, &p.CreatedAt, &p.UpdatedBy, &p.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return Proclamation{}, ErrContentNotFound
	}
	if ends != nil {
		p.EndsAt = *ends
	}
	if withdrawn != nil {
		p.WithdrawnAt = *withdrawn
	}
	return p, err
}

// SaveProclamation inserts p (ID 0) or replaces the editable fields of row p.ID, and returns the row.
func (s *ContentStore) SaveProclamation(ctx context.Context, p Proclamation) (Proclamation, error) {
	if p.ID == 0 {
		return scanProclamation(s.pool.QueryRow(ctx, `INSERT INTO proclamations (lang, title, body, link, level, starts_at, ends_at,
			created_by, created_at, updated_by, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$8,$9) RETURNING `+proclCols,
			p.Lang, p.Title, p.Body, p.Link, p.Level, p.StartsAt, nullTime(p.EndsAt), p.UpdatedBy, p.UpdatedAt))
	}
	return scanProclamation(s.pool.QueryRow(ctx, `UPDATE proclamations SET lang=$2, title=$3, body=$4, link=$5, level=$6,
		starts_at=$7, ends_at=$8, updated_by=$9, updated_at=$10 WHERE id=$1 RETURNING `+proclCols,
		p.ID, p.Lang, p.Title, p.Body, p.Link, p.Level, p.StartsAt, nullTime(p.EndsAt), p.UpdatedBy, p.UpdatedAt))
}

// Proclamation reads one row.
func (s *ContentStore) Proclamation(ctx context.Context, id int64) (Proclamation, error) {
	return scanProclamation(s.pool.QueryRow(ctx, `SELECT `+proclCols+` FROM proclamations WHERE id=$1`, id))
}

// WithdrawProclamation stamps row id as withdrawn at by whom, once: a row withdrawn already is
// returned unchanged with done false.
func (s *ContentStore) WithdrawProclamation(ctx context.Context, id, by int64, at time.Time) (p Proclamation, done bool, err error) {
	p, err = scanProclamation(s.pool.QueryRow(ctx, `UPDATE proclamations SET withdrawn_at=$2, withdrawn_by=$3, updated_by=$3, updated_at=$2
		WHERE id=$1 AND withdrawn_at IS NULL RETURNING `+proclCols, id, at, by))
	if errors.Is(err, ErrContentNotFound) {
		p, err = s.Proclamation(ctx, id)
		return p, false, err
	}
	return p, err == nil, err
}

// LiveProclamations lists the rows not withdrawn of the languages langs whose time has started by
// at and not ended, latest start first (at most limit).
func (s *ContentStore) LiveProclamations(ctx context.Context, langs []string, at time.Time, limit int) ([]Proclamation, error) {
	return s.proclamations(ctx, `SELECT `+proclCols+` FROM proclamations WHERE withdrawn_at IS NULL AND lang = ANY($1)
		AND starts_at <= $2 AND (ends_at IS NULL OR ends_at > $2) ORDER BY starts_at DESC, id DESC LIMIT $3`, langs, at, limit)
}

// ProclamationFilter narrows the staff's list; State is one of "", "scheduled", "active", "ended",
// "withdrawn", judged at At.
type ProclamationFilter struct {
	State  string
	Lang   string // "-" : any language
	At     time.Time
	Limit  int
	Offset int
}

// ListProclamations lists rows for staff, newest first, with the total.
func (s *ContentStore) ListProclamations(ctx context.Context, f ProclamationFilter) ([]Proclamation, int, error) {
	// $1 (the time the states are judged at) is typed here, as no other clause may use it.
	where := `$1::timestamptz IS NOT NULL AND ($2::text = '-' OR lang = $2)`
	switch f.State {
	case "scheduled":
		where += ` AND withdrawn_at IS NULL AND starts_at > $1`
	case "active":
		where += ` AND withdrawn_at IS NULL AND starts_at <= $1 AND (ends_at IS NULL OR ends_at > $1)`
	case "ended":
		where += ` AND withdrawn_at IS NULL AND ends_at <= $1`
	case "withdrawn":
		where += ` AND withdrawn_at IS NOT NULL`
	case "":
	default:
		return nil, 0, fmt.Errorf("postgres: proclamation state %q", f.State)
	}
	if f.Lang == "" {
		f.Lang = "-"
	}
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM proclamations WHERE `+where, f.At, f.Lang).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.proclamations(ctx, `SELECT `+proclCols+` FROM proclamations WHERE `+where+`
		ORDER BY id DESC LIMIT $3 OFFSET $4`, f.At, f.Lang, f.Limit, f.Offset)
	return rows, total, err
}

func (s *ContentStore) proclamations(ctx context.Context, q string, args ...any) ([]Proclamation, error) {
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Proclamation
	for rows.Next() {
		p, err := scanProclamation(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// Dismiss records that user dismissed proclamation id (again is a no-op). ErrContentNotFound when
// there is no such proclamation.
func (s *ContentStore) Dismiss(ctx context.Context, userID, id int64, at time.Time) error {
	tag, err := s.pool.Exec(ctx, `INSERT INTO proclamation_dismissals (user_id, proclamation_id, dismissed_at)
		SELECT $1, id, $3 FROM proclamations WHERE id=$2 ON CONFLICT DO NOTHING`, userID, id, at)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		var one int
		if err := s.pool.QueryRow(ctx, `SELECT 1 FROM proclamations WHERE id=$1`, id).Scan(&one); errors.Is(err, pgx.ErrNoRows) {
			return ErrContentNotFound
		}
	}
	return nil
}

// Dismissed reports which of ids user dismissed.
func (s *ContentStore) Dismissed(ctx context.Context, userID int64, ids []int64) (map[int64]bool, error) {
	rows, err := s.pool.Query(ctx, `SELECT proclamation_id FROM proclamation_dismissals WHERE user_id=$1 AND proclamation_id = ANY($2)`, userID, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// Page reads the saved text of slug in lang; ErrContentNotFound when none is saved.
func (s *ContentStore) Page(ctx context.Context, slug, lang string) (SitePage, error) {
	p := SitePage{Slug: slug, Lang: lang}
	err := s.pool.QueryRow(ctx, `SELECT title, body, updated_by, updated_at FROM site_pages WHERE slug=$1 AND lang=$2`, slug, lang).
		Scan(&p.Title, &p.Body, &p.UpdatedBy, &p.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return SitePage{}, ErrContentNotFound
	}
	return p, err
}

// SavedPages lists every saved page text (slug and language, without bodies), for the editor's
// overview.
func (s *ContentStore) SavedPages(ctx context.Context) ([]SitePage, error) {
	rows, err := s.pool.Query(ctx, `SELECT slug, lang, title, updated_by, updated_at FROM site_pages ORDER BY slug, lang`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []SitePage
	for rows.Next() {
		var p SitePage
		if err := rows.Scan(&p.Slug, &p.Lang, &p.Title, &p.UpdatedBy, &p.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// SavePage writes the text of p.Slug in p.Lang.
func (s *ContentStore) SavePage(ctx context.Context, p SitePage) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO site_pages (slug, lang, title, body, updated_by, updated_at) VALUES ($1,$2,$3,$4,$5,$6)
		ON CONFLICT (slug, lang) DO UPDATE SET title=excluded.title, body=excluded.body, updated_by=excluded.updated_by,
		updated_at=excluded.updated_at`, p.Slug, p.Lang, p.Title, []byte(p.Body), p.UpdatedBy, p.UpdatedAt)
	return err
}

// DeletePage removes the saved text of slug in lang (the page shows its default again); false when
// none was saved.
func (s *ContentStore) DeletePage(ctx context.Context, slug, lang string) (bool, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM site_pages WHERE slug=$1 AND lang=$2`, slug, lang)
	return tag.RowsAffected() > 0, err
}
