package news

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"courtside/api/account"
	"courtside/api/audit"
	"courtside/api/comments"
	"courtside/storage/postgres"
)

// MatchCard is a match as an article's embedded card shows it.
type MatchCard struct {
	ID        string `json:"id"`
	Game      int    `json:"gameId"`
	League    string `json:"league"`
	HomeID    string `json:"homeId"`
	Home      string `json:"home"`
	HomeLogo  string `json:"homeLogo"`
	AwayID    string `json:"awayId"`
	Away      string `json:"away"`
	AwayLogo  string `json:"awayLogo"`
	Start     int64  `json:"startTime"` // unix ms
	Status    int    `json:"status"`
	HomeScore int    `json:"homeScore"`
	AwayScore int    `json:"awayScore"`
}

// Matches gives the match cards of articles (the sports store, wired by engine); ok false for a
// match that does not exist.
type Matches interface {
	Card(ctx context.Context, id string) (card MatchCard, ok bool, err error)
}

// Hooks hears of every change of an article (saved, published, scheduled, unpublished, reviewed):
// the search index's way in. It is called after the change is stored, with the article as stored;
// Visible(a, now) says whether readers see it now (a scheduled article becomes visible at
// a.PublishAt without another call).
type Hooks interface {
	ArticleChanged(ctx context.Context, a Article)
}

// Names gives a user's display name (authors of users' posts, the audit log).
type Names interface {
	Username(ctx context.Context, userID int64) string
}

// Follows lists the users a user follows, or their fans (the accounts module), for the public
// profile's lists.
type Follows interface {
	FollowList(ctx context.Context, userID int64, fans bool, limit, offset int) ([]account.FollowEntry, int64, error)
}

// Staff tells what a staff member may do (the accounts module: editContent for the editor).
type Staff interface {
	Can(ctx context.Context, userID int64, perm string) (bool, error)
}

// Admins tells administrators apart (for the routes when Staff is nil).
type Admins interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// Deps are the parts the news are built from; only Pool is required.
type Deps struct {
	Pool     *pgxpool.Pool
	Matches  Matches           // nil: match cards are left out
	Audit    audit.Recorder    // every staff action; nil: not recorded (tests only)
	Names    Names             // nil: authors by id
	Comments *comments.Service // the article pages' comments (GET /{game}/newsComment{id}/{pageIndex}); nil: none
	Hooks    []Hooks           // search indexing and the like
	Follows  Follows           // nil: the follows lists are empty
	Staff    Staff             // staff permissions (editContent); nil: administrators only
	Admins   Admins
}

// Service is the news. Its methods hold the rules and take typed inputs; the REST handlers
// (http*.go), the back office and the comments capability call them. Safe for concurrent use.
type Service struct {
	cfg   Config
	log   *zap.Logger
	store *postgres.NewsStore
	d     Deps
}

// New builds the Service; it fills Config's zero values and fails without a Pool.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Pool == nil {
		return nil, errors.New("news: Deps.Pool is required")
	}
	cfg.fill()
	return &Service{cfg: cfg, log: cfg.Logger, store: postgres.NewNewsStore(d.Pool), d: d}, nil
}

// Store is the news' store (tests, demo data).
func (s *Service) Store() *postgres.NewsStore { return s.store }

// SetComments hands the comments capability to the news after both are built (comments need the
// news as their "news" target first).
func (s *Service) SetComments(c *comments.Service) { s.d.Comments = c }

// AddHook adds a listener of article changes (the search index). Call it while wiring.
func (s *Service) AddHook(h Hooks) { s.d.Hooks = append(s.d.Hooks, h) }

func (s *Service) changed(ctx context.Context, a Article) {
	for _, h := range s.d.Hooks {
		h.ArticleChanged(ctx, a)
	}
}

func (s *Service) now() time.Time { return s.cfg.Now() }

// Lookup is the news as a target of comments: the article of id when readers can see it.
func (s *Service) Lookup(ctx context.Context, id string) (comments.TargetInfo, bool, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return comments.TargetInfo{}, false, nil
	}
	row, err := s.store.Article(ctx, n)
	if errors.Is(err, postgres.ErrNewsNotFound) {
		return comments.TargetInfo{}, false, nil
	}
	if err != nil {
		return comments.TargetInfo{}, false, err
	}
	if !Visible(row, s.now()) {
		return comments.TargetInfo{}, false, nil
	}
	return comments.TargetInfo{Title: row.Title, Link: Link(row)}, true, nil
}

var _ comments.Target = (*Service)(nil)
