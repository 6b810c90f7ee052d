package anchor

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"go.uber.org/zap"

	"courtside/api"
	"courtside/storage/postgres"
)

// Deps are the parts the streamer centre is built from. Store, Auth and Media are required; the others
// may be nil, with the effect given in their comments.
type Deps struct {
	Store *postgres.Anchors
	Auth  Authenticator
	Media Media
	// Roles: nil means nobody is an administrator (review and ban endpoints answer 403).
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
}

// Service is the streamer centre: applications and review, live settings, start and end of live,
// stream keys, earnings, the anchor list, paid-room unlocks and the playback call. It is safe for
// concurrent use.
type Service struct {
	cfg Config
	d   Deps
	log *zap.Logger
}

// New builds the Service; it fills Config's zero values with defaults.
func New(cfg Config, d Deps) (*Service, error) {
	cfg.fill()
	if d.Store == nil || d.Auth == nil || d.Media == nil {
		return nil, errors.New("anchor: Store, Auth and Media are required")
	}
	return &Service{cfg: cfg, d: d, log: cfg.Logger}, nil
}

// Register adds every endpoint to srv (the table is in README.md).
func (s *Service) Register(srv *api.Server) {
	// Applying and the application's state.
	srv.Handle("GET /anchor/whether", s.whether)
	srv.Handle("GET /anchor/status", s.status)
	srv.Handle("POST /V2/anchor/user", s.apply)
	srv.Handle("POST /anchor/upload", s.upload)
	srv.HandleHTTP("GET /anchor/upload/{id}", http.HandlerFunc(s.serveUpload))

	// The streamer's own room.
	srv.Handle("GET /anchor/liveInfo", s.liveInfo)
	srv.Handle("POST /updateAnchor", s.updateAnchor)
	srv.Handle("POST /anchor/toggleMatchId", s.toggleMatch)
	srv.Handle("GET /anchor/broadcast", s.broadcast)
	srv.Handle("GET /anchor/downcast", s.downcast)
	srv.Handle("GET /anchor/isBroadcast", s.isBroadcast)
	srv.Handle("POST /anchor/streamKey", s.rotateKey)
	srv.Handle("GET /anchor/goldDetail", s.goldDetail)
	srv.Handle("GET /anchor/goldTotal", s.goldTotal)
	srv.Handle("GET /anchor/moderators", s.moderators)
	srv.Handle("GET /liveRecord", s.liveRecord)

	// Public.
	srv.Handle("GET /anchor/anchorList", s.anchorList)
	srv.Handle("POST /anchorInfo", s.anchorInfo)
	srv.Handle("GET /live/playback", s.playback)
	srv.Handle("POST /orderpay/match/pay/liveUnlock", s.liveUnlock)

	// Administrators.
	srv.Handle("GET /admin/anchor/applications", s.adminList)
	srv.Handle("POST /admin/anchor/review", s.adminReview)
	srv.Handle("POST /admin/anchor/ban", s.adminBan)
}

// user is the signed-in user, or the Authenticator's error.
func (s *Service) user(r *api.Request) (int64, error) {
	uid, err := s.d.Auth.UserID(r)
	if err != nil {
		return 0, err
	}
	if uid <= 0 {
		return 0, api.ErrAuthRequired
	}
	return uid, nil
}

// viewer is the signed-in user, or 0 for a guest (no token). A token that does not authenticate still
// answers its error so the client drops it.
func (s *Service) viewer(r *api.Request) (int64, error) {
	if r.Token == "" {
		return 0, nil
	}
	return s.user(r)
}

func (s *Service) isAdmin(ctx context.Context, uid int64) (bool, error) {
	if s.d.Roles == nil {
		return false, nil
	}
	return s.d.Roles.IsAdmin(ctx, uid)
}

func (s *Service) admin(r *api.Request) (int64, error) {
	uid, err := s.user(r)
	if err != nil {
		return 0, err
	}
	ok, err := s.isAdmin(r.Context(), uid)
	if err != nil {
		return 0, api.Internal(err)
	}
	if !ok {
		return 0, api.ErrAccessDenied
	}
	return uid, nil
}

// streamer is the signed-in approved (or banned, when allowBanned) streamer's record.
func (s *Service) streamer(r *api.Request, allowBanned bool) (postgres.AnchorRow, error) {
	uid, err := s.user(r)
	if err != nil {
		return postgres.AnchorRow{}, err
	}
	a, err := s.d.Store.Anchor(r.Context(), uid)
	switch {
	case errors.Is(err, postgres.ErrAnchorNotFound):
		return a, ErrNotAnchor
	case err != nil:
		return a, api.Internal(err)
	case a.Status == postgres.AnchorBanned && !allowBanned:
		return a, ErrBanned
	case a.Status != postgres.AnchorApproved && a.Status != postgres.AnchorBanned:
		return a, ErrNotAnchor
	}
	return a, nil
}

// page reads page (from 1) and size (default 20, at most 100) query parameters.
func page(r *api.Request) (limit, offset int, err error) {
	limit, p := 20, 1
	if v := r.Query("size"); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > 100 {
			return 0, 0, api.ErrFormat
		}
	}
	if v := r.Query("page"); v != "" {
		if p, err = strconv.Atoi(v); err != nil || p < 1 {
			return 0, 0, api.ErrFormat
		}
	}
	return limit, (p - 1) * limit, nil
}

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func uploadURL(id int64) string {
	if id == 0 {
		return ""
	}
	return api.Prefix + "/anchor/upload/" + strconv.FormatInt(id, 10)
}

func uid(id int64) string { return "u" + strconv.FormatInt(id, 10) }
