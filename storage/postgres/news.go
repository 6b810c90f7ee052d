package postgres

// The news store (migration 0800, rules in api/news). Reads and single-row writes run on the pool;
// nothing here decides a state: the service passes the state and the time it computed with its
// own clock, so "visible" is always a comparison with the caller's now, never with the database's.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Article states (the editor's workflow and users' posts).
const (
	NewsDraft       = "draft"
	NewsScheduled   = "scheduled" // publish_at in the future when set; visible from then on
	NewsPublished   = "published"
	NewsUnpublished = "unpublished"
	NewsPending     = "pending"  // a user's post under review
	NewsRejected    = "rejected" // a user's post that did not pass review
)

// ErrNewsNotFound: no such article.
var ErrNewsNotFound = errors.New("postgres: news article not found")

// Article is one row of news_articles.
type Article struct {
	ID         int64
	Game       int
	Type       string
	Title      string
	Summary    string
	Body       json.RawMessage
	Cover      string
	AuthorID   int64
	AuthorName string
	Tags       []string
	Matches    []string
	Teams      []string
	Players    []string
	Lang       string
	State      string
	UserPost   bool
	ReviewNote string
	PublishAt  time.Time // zero: not set
	Views      int64
	DemoKey    string
	Created    time.Time
	Updated    time.Time
}

// NewsFilter narrows a list. Visible (a non-zero time) keeps the articles readers see at that
// time; States keeps the given states. Zero fields do not filter.
type NewsFilter struct {
	Game     *int
	Type     string
	Lang     string
	Prefer   string // this language's articles first (the reader's), then the rest
	Author   int64
	UserPost *bool
	Match    string
	States   []string
	Visible  time.Time
	Games    []int  // any of these games
	Hot      bool   // most viewed first (else newest first)
	Query    string // title contains (staff search)
	Limit    int
	Offset   int
}

// NewsStore reads and writes articles.
type NewsStore struct{ pool *pgxpool.Pool }

// NewNewsStore returns the news store on pool.
func NewNewsStore(pool *pgxpool.Pool) *NewsStore { return &NewsStore{pool: pool} }

const articleCols = `id, game_id, type, title, summary, body, cover, author_id, author_name, tags, match_ids, team_ids,
	player_ids, lang, state, user_post, review_note, publish_at, views, coalesce(demo_key, ''), created_at, updated_at`

func scanArticle(row pgx.Row) (Article, error) {
	var a Article
	var pub *time.Time
	var body []byte
	err := row.Scan(&a.ID, &a.Game, &a.Type, &a.Title, &a.Summary, &body, &a.Cover, &a.AuthorID, &a.AuthorName, &a.Tags,
		&a.Matches, &a.Teams, &a.Players, &a.Lang, &a.State, &a.UserPost, &a.ReviewNote, &pub, &a.Views, &a.DemoKey,
		&a.Created, &a.Updated)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, ErrNewsNotFound
	}
	a.Body = body
	if pub != nil {
		a.PublishAt = *pub
	}
	return a, err
}

func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// SaveArticle inserts a (ID 0) or updates it, stamped at now; it returns the row as stored. An
// article with a DemoKey already stored is left as it is (demo data is written once).
func (s *NewsStore) SaveArticle(ctx context.Context, a Article, now time.Time) (Article, error) {
	if len(a.Body) == 0 {
		a.Body = json.RawMessage("[]")
	}
	if a.ID == 0 {
		var demo any
		if a.DemoKey != "" {
			demo = a.DemoKey
		}
		return scanArticle(s.pool.QueryRow(ctx, `INSERT INTO news_articles (game_id, type, title, summary, body, cover, author_id,
			author_name, tags, match_ids, team_ids, player_ids, lang, state, user_post, review_note, publish_at, views, demo_key,
			created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$20)
			ON CONFLICT (demo_key) DO UPDATE SET demo_key = EXCLUDED.demo_key RETURNING `+articleCols,
			a.Game, a.Type, a.Title, a.Summary, []byte(a.Body), a.Cover, a.AuthorID, a.AuthorName, nonNil(a.Tags), nonNil(a.Matches),
			nonNil(a.Teams), nonNil(a.Players), a.Lang, a.State, a.UserPost, a.ReviewNote, nullTime(a.PublishAt), a.Views, demo, now))
	}
	return scanArticle(s.pool.QueryRow(ctx, `UPDATE news_articles SET game_id=$2, type=$3, title=$4, summary=$5, body=$6, cover=$7,
		tags=$8, match_ids=$9, team_ids=$10, player_ids=$11, lang=$12, state=$13, review_note=$14, publish_at=$15, updated_at=$16
		WHERE id=$1 RETURNING `+articleCols,
		a.ID, a.Game, a.Type, a.Title, a.Summary, []byte(a.Body), a.Cover, nonNil(a.Tags), nonNil(a.Matches), nonNil(a.Teams),
		nonNil(a.Players), a.Lang, a.State, a.ReviewNote, nullTime(a.PublishAt), now))
}

// SetArticleState moves article id to state (publish_at when not zero), only from one of from
// (any state when from is empty). ErrNewsNotFound when no such article is in one of from.
func (s *NewsStore) SetArticleState(ctx context.Context, id int64, from []string, state string, publishAt time.Time, note string, now time.Time) (Article, error) {
	q := `UPDATE news_articles SET state=$2, publish_at=coalesce($3, publish_at), review_note=$4, updated_at=$5 WHERE id=$1`
	args := []any{id, state, nullTime(publishAt), note, now}
	if len(from) > 0 {
		q += ` AND state = ANY($6)`
		args = append(args, from)
	}
	return scanArticle(s.pool.QueryRow(ctx, q+` RETURNING `+articleCols, args...))
}

// Article reads one article.
func (s *NewsStore) Article(ctx context.Context, id int64) (Article, error) {
	return scanArticle(s.pool.QueryRow(ctx, `SELECT `+articleCols+` FROM news_articles WHERE id=$1`, id))
}

// AddView counts one read of article id.
func (s *NewsStore) AddView(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE news_articles SET views = views + 1 WHERE id=$1`, id)
	return err
}

// Articles lists articles by f with the total that match.
func (s *NewsStore) Articles(ctx context.Context, f NewsFilter) ([]Article, int, error) {
	var where []string
	var args []any
	arg := func(v any) string { args = append(args, v); return fmt.Sprintf("$%d", len(args)) }
	if f.Game != nil {
		where = append(where, "game_id = "+arg(*f.Game))
	}
	if len(f.Games) > 0 {
		where = append(where, "game_id = ANY("+arg(f.Games)+")")
	}
	if f.Type != "" {
		where = append(where, "type = "+arg(f.Type))
	}
	if f.Lang != "" {
		where = append(where, "lang = "+arg(f.Lang))
	}
	if f.Author != 0 {
		where = append(where, "author_id = "+arg(f.Author))
	}
	if f.UserPost != nil {
		where = append(where, "user_post = "+arg(*f.UserPost))
	}
	if f.Match != "" {
		where = append(where, "match_ids @> "+arg([]string{f.Match}))
	}
	if len(f.States) > 0 {
		where = append(where, "state = ANY("+arg(f.States)+")")
	}
	if !f.Visible.IsZero() {
		where = append(where, "state IN ('scheduled','published') AND publish_at <= "+arg(f.Visible))
	}
	if f.Query != "" {
		where = append(where, "title ILIKE "+arg("%"+strings.NewReplacer("%", `\%`, "_", `\_`).Replace(f.Query)+"%"))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM news_articles`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	order := "coalesce(publish_at, created_at) DESC, id DESC"
	if f.Hot {
		order = "views DESC, publish_at DESC, id DESC"
	}
	if f.Prefer != "" {
		order = "(lang = " + arg(f.Prefer) + ") DESC, " + order
	}
	order = " ORDER BY " + order
	limit := f.Limit
	if limit <= 0 {
		limit = 20
	}
	rows, err := s.pool.Query(ctx, `SELECT `+articleCols+` FROM news_articles`+cond+order+
		fmt.Sprintf(" LIMIT %d OFFSET %d", limit, max(f.Offset, 0)), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Article
	for rows.Next() {
		a, err := scanArticle(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, a)
	}
	return out, total, rows.Err()
}

// Count is how many articles there are (demo seeding).
func (s *NewsStore) Count(ctx context.Context) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM news_articles`).Scan(&n)
	return n, err
}

// FavouriteGames are the games of the matches user booked (most booked first): the games a user
// follows, for their hot news.
func (s *NewsStore) FavouriteGames(ctx context.Context, user int64) ([]int, error) {
	rows, err := s.pool.Query(ctx, `SELECT m.game_id FROM sport_reservations r JOIN sport_matches m ON m.id = r.match_id
		WHERE r.user_id = $1 OR r.user_id = 'u' || $1 GROUP BY m.game_id ORDER BY count(*) DESC LIMIT 5`, fmt.Sprint(user))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int])
}
