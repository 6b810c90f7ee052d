package anchor

import (
	"context"
	"errors"

	"go.uber.org/zap"

	"courtside/api/audit"
	"courtside/api/notice"
	"courtside/storage/postgres"
)

// Deps are the parts the streamer centre is built from. Store and Media are required; the others
// may be nil, with the effect given in their comments.
type Deps struct {
	Store *postgres.Anchors
	Media Media
	// Roles: nil means nobody is an administrator (review and ban endpoints answer 403, ID photos
	// only reach their owner).
	Roles Roles
	// Phones: nil means no account has a bound phone (applications are refused "phone not bound").
	Phones Phones
	// Streamers: nil leaves the accounts' roles alone.
	Streamers StreamerRoles
	// Matches: nil means no match can be linked (custom tags still work).
	Matches Matches
	// Earnings: nil means no income is reported.
	Earnings Earnings
	// Payer: nil means paid rooms cannot be unlocked.
	Payer UnlockPayer
	// Staff: the back office's permission check (the accounts module); nil: administrators alone
	// review and ban (Roles).
	Staff Staff
	// Audit: every review and ban is written to the back office's audit log; nil: not written.
	Audit audit.Recorder
	// Scores: nil means live rooms are listed without their linked match's score.
	Scores Scores
	// Notices: the message centre; a reserved broadcast starting is sent to its reservers. Nil:
	// reservations are still claimed once, nobody is told.
	Notices notice.Sender
	// Finder: the matches a streamer could link (the match picker); nil: the picker offers none
	// (linking by id still works).
	Finder MatchFinder
	// Rooms: the running room follows an access change of the settings (member-only, paid, price)
	// at once; nil: a room follows the stored flags when it is next activated.
	Rooms RoomRules
}

// RoomRules tells a running room that its streamer changed its access, with its member-only flag
// now (the room actor, through the engine: its chat follows the flag, its players ask again).
type RoomRules interface {
	SetMemberOnly(ctx context.Context, room string, streamer int64, memberOnly bool) error
}

// Service is the streamer centre: applications and review, live settings, start and end of live,
// stream keys, earnings, the anchor list, paid-room unlocks and the playback call. Its methods hold
// the rules and take the caller's user id and typed inputs; the REST handlers (http*.go) and the
// back office call them. It is safe for concurrent use.
type Service struct {
	cfg  Config
	d    Deps
	log  *zap.Logger
	recs recordingsHolder // the sessions' recordings (recordings.go)
}

// New builds the Service; it fills Config's zero values with defaults.
func New(cfg Config, d Deps) (*Service, error) {
	cfg.fill()
	if d.Store == nil || d.Media == nil {
		return nil, errors.New("anchor: Store and Media are required")
	}
	return &Service{cfg: cfg, d: d, log: cfg.Logger}, nil
}

// Config is the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }

// isAdmin reports whether uid is an administrator (false without Roles).
func (s *Service) isAdmin(ctx context.Context, uid int64) (bool, error) {
	if s.d.Roles == nil {
		return false, nil
	}
	return s.d.Roles.IsAdmin(ctx, uid)
}

// streamer is uid's approved (or banned, when allowBanned) streamer record: ErrNotAnchor without
// one, ErrBanned for a banned streamer when not allowed.
func (s *Service) streamer(ctx context.Context, uid int64, allowBanned bool) (postgres.AnchorRow, error) {
	a, err := s.d.Store.Anchor(ctx, uid)
	switch {
	case errors.Is(err, postgres.ErrAnchorNotFound):
		return a, ErrNotAnchor
	case err != nil:
		return a, err
	case a.Status == postgres.AnchorBanned && !allowBanned:
		return a, ErrBanned
	case a.Status != postgres.AnchorApproved && a.Status != postgres.AnchorBanned:
		return a, ErrNotAnchor
	}
	return a, nil
}

// Logger is the Service's logger.
func (s *Service) Logger() *zap.Logger { return s.log }
