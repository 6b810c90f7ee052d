package comments

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"courtside/api/audit"
	"courtside/storage/postgres"
)

// Kinds of targets known today. A new kind is one more entry of Deps.Targets.
const (
	KindNews  = "news"
	KindVideo = "video"
)

// TargetInfo is what a target's owner tells about one of its ids.
type TargetInfo struct {
	Title string // shown in a user's comment list
	Link  string // the page of the target ("/news/soccer/12")
}

// Target is the area that owns a kind of target: Lookup gives the target of id, or ok false when no
// reader may see it (comments are refused and listed as empty).
type Target interface {
	Lookup(ctx context.Context, id string) (info TargetInfo, ok bool, err error)
}

// Users tells what a user may do: the accounts module's Can with "comment" (false for a guest, a
// muted or banned account) and with the staff permissions.
type Users interface {
	Can(ctx context.Context, userID int64, perm string) (bool, error)
}

// Mutes are the platform-wide mutes of the live rooms (the same list chat obeys), keyed by the
// real-time user id ("u123").
type Mutes interface {
	MutedUntil(uid string) (time.Time, bool)
}

// Filter finds banned words (the chat's filter, actors/wordfilter).
type Filter interface {
	Match(text string) (pattern string, ok bool)
}

// Names gives a staff member's name for the audit log (nil: ids only).
type Names interface {
	Username(ctx context.Context, userID int64) string
}

// Deps are the parts comments are built from; only Pool and Targets are required.
type Deps struct {
	Pool    *pgxpool.Pool
	Targets map[string]Target // kind -> owner: "news" today, "video" after the videos land
	Users   Users             // nil: every signed-in user may comment (tests)
	Mutes   Mutes             // nil: no platform mutes
	Filter  Filter            // nil: no banned words
	Audit   audit.Recorder    // staff deletions; nil: not recorded (tests only)
	Names   Names
}

// Staff permissions that may remove comments and handle their reports (account.PermHandleReports,
// account.PermEditContent).
var StaffPerms = []string{"handleReports", "editContent"}

// Service holds the rules of comments. Safe for concurrent use.
type Service struct {
	cfg   Config
	log   *zap.Logger
	store *postgres.CommentStore
	d     Deps
}

// New builds the Service; it fills Config's zero values and fails without a Pool or Targets.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Pool == nil || d.Targets == nil {
		return nil, errors.New("comments: Deps.Pool and Deps.Targets are required")
	}
	cfg.fill()
	return &Service{cfg: cfg, log: cfg.Logger, store: postgres.NewCommentStore(d.Pool), d: d}, nil
}

// Store is the comments' store (tests, demo data).
func (s *Service) Store() *postgres.CommentStore { return s.store }
