package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"
	"golang.org/x/sync/semaphore"

	"courtside/actors/protocol"
	"courtside/actors/ratelimit"
	"courtside/api/account/mail"
	"courtside/api/account/oauth"
	"courtside/storage/postgres"
)

// Sender delivers a verification message (package mail has SMTP and the dev sink).
type Sender interface {
	Send(ctx context.Context, m mail.Message) error
}

// WelcomeBonus grants the registration gift (spec §9: 200 coins) inside the registration
// transaction, so the account and its gift exist together or not at all. The wallet implements it.
type WelcomeBonus interface {
	GrantWelcome(ctx context.Context, tx pgx.Tx, userID int64) error
}

// Balances reads a user's coin and diamond balances for /user/info. The wallet implements it.
type Balances interface {
	Balances(ctx context.Context, userID int64) (coins, diamonds int64, err error)
}

// WelcomeFunc adapts a function to WelcomeBonus: Deps{Welcome: account.WelcomeFunc(postgres.GrantWelcome)}.
type WelcomeFunc func(ctx context.Context, tx pgx.Tx, userID int64) error

// GrantWelcome calls f.
func (f WelcomeFunc) GrantWelcome(ctx context.Context, tx pgx.Tx, userID int64) error {
	return f(ctx, tx, userID)
}

// BalancesFunc adapts a function to Balances.
type BalancesFunc func(ctx context.Context, userID int64) (coins, diamonds int64, err error)

// Balances calls f.
func (f BalancesFunc) Balances(ctx context.Context, userID int64) (int64, int64, error) {
	return f(ctx, userID)
}

// Deps are the parts the module uses; only Pool is required.
type Deps struct {
	Pool *pgxpool.Pool
	// Limiter counts codes per destination and per IP. Default: an in-process ratelimit.Memory
	// (a cluster passes the Redis one).
	Limiter ratelimit.Limiter
	// Mail delivers e-mail codes, SMS phone codes. Default for both: one mail.DevSink (DevSink()
	// returns it for the dev-only GET /java/dev/codes).
	Mail, SMS Sender
	// Welcome grants the registration gift; nil: none (logged at start).
	Welcome WelcomeBonus
	// Balances fills coin and diamond in /user/info; nil: zeros.
	Balances Balances
	// Avatars stores avatar images. Default: DiskAvatars(Config.AvatarDir).
	Avatars AvatarStore
	// Sessions caches live sessions for every node (a cluster passes the Redis one); nil: every
	// authentication reads the session from Postgres.
	Sessions SessionCache
	// Revocations tells the open connections of a user to check their rights again at once (the
	// engine wires session.Users.Reauthorize: every node's sockets). Nil: nobody is told.
	Revocations Revocations
	// Channels attributes a new account to the promotion channel it signed up through (the
	// promotion channels implement it); nil: nobody is told.
	Channels Channels
}

// Channels is told of every new account with the sign-up's promotionChannelId and channelFromtype
// (empty when none: the default channel) and where it came from.
type Channels interface {
	Registered(ctx context.Context, userID int64, code, fromType, ip, userAgent string) error
}

// Revocations reaches a user's open connections on every node.
type Revocations interface {
	Reauthorize(uid string)
}

// Service is the accounts module: sign-in, sessions, profile, follows, roles. Its methods hold the
// rules (spec §5 validation, codes and brute-force limits, sessions, permissions) and take typed
// inputs; the REST handlers (http*.go), the real-time engine and the back office call them. It is
// safe for concurrent use; all state is in Postgres, the Limiter and the SessionCache.
type Service struct {
	cfg       Config
	log       *zap.Logger
	store     *postgres.Accounts
	limiter   ratelimit.Limiter
	mail, sms Sender
	sink      *mail.DevSink
	welcome   WelcomeBonus
	balances  Balances
	avatars   AvatarStore
	thumbs    avatarThumbs // the smaller sides served (avatar_thumb.go)
	sessions  SessionCache // nil: none
	// revocations reaches the user's open connections (nil: none).
	revocations Revocations
	channels    Channels // nil: none
	providers   map[string]*oauth.Provider
	secret      []byte
	// evaluated counts password evaluations (argon2 runs of sign-in), for tests.
	evaluated atomic.Int64
	// argon2 is the memory budget of password work, in KiB (password.go).
	argon2 *semaphore.Weighted
}

// New builds the module. It fails without a Pool or on a provider configuration error.
func New(cfg Config, deps Deps) (*Service, error) {
	cfg.fill()
	if deps.Pool == nil {
		return nil, ErrNoPool
	}
	s := &Service{cfg: cfg, log: cfg.Logger, store: postgres.NewAccounts(deps.Pool), limiter: deps.Limiter,
		mail: deps.Mail, sms: deps.SMS, welcome: deps.Welcome, balances: deps.Balances, avatars: deps.Avatars,
		sessions: deps.Sessions, revocations: deps.Revocations, channels: deps.Channels, providers: map[string]*oauth.Provider{},
		argon2: semaphore.NewWeighted(cfg.Argon2MemoryBudgetKiB)}
	if s.limiter == nil {
		s.limiter = ratelimit.NewMemory(ratelimit.MemoryConfig{})
	}
	if s.mail == nil || s.sms == nil {
		s.sink = mail.NewDevSink()
		if s.mail == nil {
			s.mail = s.sink
			s.log.Warn("account: no mail sender configured; e-mail codes go to the dev sink")
		}
		if s.sms == nil {
			s.sms = s.sink
			s.log.Info("account: no SMS sender configured; phone codes go to the dev sink")
		}
	}
	if s.avatars == nil {
		s.avatars = DiskAvatars(cfg.AvatarDir)
	}
	if s.welcome == nil {
		s.log.Warn("account: no WelcomeBonus wired; new accounts get no welcome gift")
	}
	if cfg.Secret != "" {
		s.secret = []byte(cfg.Secret)
	} else {
		s.secret = make([]byte, 32)
		_, _ = rand.Read(s.secret)
		s.log.Info("account: no Secret configured; using a random one (codes and OAuth state do not survive a restart or cross nodes)")
	}
	defaults := oauth.Defaults()
	names := make([]string, 0, len(cfg.Providers))
	for n := range cfg.Providers {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		pc := cfg.Providers[name]
		if pc.ClientID == "" {
			continue
		}
		if _, ok := providerTypes[name]; !ok {
			return nil, fmt.Errorf("account: unknown OAuth provider %q (google, apple, line, twitter, facebook, wechat, qq)", name)
		}
		pc = mergeProvider(pc, defaults[name])
		p, err := oauth.New(name, pc, nil)
		if err != nil {
			return nil, err
		}
		s.providers[name] = p
	}
	return s, nil
}

// DevSink is the in-memory sink codes go to when no real Sender was given (nil otherwise). Mount
// DevCodes(sink) only on a development node.
func (s *Service) DevSink() *mail.DevSink { return s.sink }

// Store is the underlying account store.
func (s *Service) Store() *postgres.Accounts { return s.store }

// --- sessions ---

// newToken returns an opaque token (32 random bytes, base64url) and its stored hash.
func newToken() (string, []byte) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	tok := base64.RawURLEncoding.EncodeToString(b)
	return tok, tokenHash(tok)
}

func tokenHash(tok string) []byte {
	h := sha256.Sum256([]byte(tok))
	return h[:]
}

// Client is where a call comes from: recorded with a new session, counted by the per-IP limits,
// and the language of the messages sent (code e-mails).
type Client struct {
	IP        string // the client's address as text; "" when unknown
	UserAgent string
	Lang      string // one of locale.All
}

// OpenTrustedSession opens a session for userID without a credential, for in-process callers that
// already know who the user is (the living demo's fans, engine/live_demo_crowd.go). No HTTP call
// reaches it.
func (s *Service) OpenTrustedSession(ctx context.Context, userID int64, c Client) (string, error) {
	return s.openSession(ctx, userID, c)
}

// openSession creates a session for a user and returns its token.
func (s *Service) openSession(ctx context.Context, userID int64, c Client) (string, error) {
	tok, hash := newToken()
	now := s.cfg.Now()
	ua := c.UserAgent
	if len(ua) > 256 {
		ua = ua[:256]
	}
	if err := s.store.CreateSession(ctx, hash, userID, now, now.Add(s.cfg.SessionTTL), c.IP, ua); err != nil {
		return "", err
	}
	if _, err := s.store.DailyExperience(ctx, userID, s.cfg.DailyExperience, now); err != nil {
		s.log.Warn("account: daily experience", zap.Error(err))
	}
	return tok, nil
}

// Authenticate turns a session token into its User: ErrAuthRequired for an empty token,
// ErrSessionRevoked (3001) for an unknown or revoked one, ErrSessionExpired (3000) for an
// expired one, ErrBanned for a banned account. A live session slides its expiry. The engine's
// real-time session actor calls it too (the `auth` frame carries the same token).
func (s *Service) Authenticate(ctx context.Context, token string) (User, error) {
	u, _, err := s.authenticate(ctx, token)
	return u, err
}

func (s *Service) authenticate(ctx context.Context, token string) (User, []byte, error) {
	if token == "" {
		return User{}, nil, ErrAuthRequired
	}
	if len(token) > 128 {
		return User{}, nil, ErrSessionRevoked
	}
	hash := tokenHash(token)
	now := s.cfg.Now()
	sess, cached := s.cachedSession(ctx, hash, now)
	if !cached {
		var err error
		sess, err = s.store.Session(ctx, hash)
		if errors.Is(err, postgres.ErrSessionNotFound) {
			return User{}, nil, ErrSessionRevoked
		}
		if err != nil {
			return User{}, nil, err
		}
		switch {
		case !sess.RevokedAt.IsZero():
			return User{}, nil, ErrSessionRevoked
		case !now.Before(sess.ExpiresAt):
			return User{}, nil, ErrSessionExpired
		}
		s.cacheSession(ctx, hash, sess.UserID, sess.ExpiresAt, now)
	}
	row, err := s.store.UserByID(ctx, sess.UserID, now)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return User{}, nil, ErrSessionRevoked
	}
	if err != nil {
		return User{}, nil, err
	}
	u := userFromRow(row)
	u.SessionExpires = sess.ExpiresAt
	if u.Has(RoleBanned) {
		return User{}, nil, ErrBanned
	}
	if sess.ExpiresAt.Sub(now) < s.cfg.SessionTTL-s.cfg.SessionRenewEvery {
		expires := now.Add(s.cfg.SessionTTL)
		u.SessionExpires = expires
		live, err := s.store.ExtendSession(ctx, hash, now, expires)
		if err != nil {
			s.log.Warn("account: sliding session renewal", zap.Error(err))
		}
		if live {
			// The cache must carry the new expiry, or every cached use would renew again.
			s.cacheSession(ctx, hash, sess.UserID, expires, now)
		}
		if ok, _ := s.store.DailyExperience(ctx, u.ID, s.cfg.DailyExperience, now); ok {
			u.Experience += s.cfg.DailyExperience
			u.Level = Level(u.Experience)
		}
	}
	return u, hash, nil
}

// Logout revokes the session of token, in Postgres and in the session cache of every node.
// Unknown tokens are not an error.
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	hash := tokenHash(token)
	if sess, err := s.store.Session(ctx, hash); err == nil {
		defer s.revoked(sess.UserID) // the socket that signed in with this token closes
	}
	revoked, err := s.store.RevokeSession(ctx, hash, s.cfg.Now())
	if err != nil {
		return err
	}
	if !revoked && s.sessions != nil {
		// Already revoked: forget it again, in case the first Forget failed and the client retries.
		// An unknown token is not forgotten, so random tokens cannot fill the cache with markers.
		if _, err := s.store.Session(ctx, hash); err != nil {
			if errors.Is(err, postgres.ErrSessionNotFound) {
				return nil
			}
			return err
		}
	}
	return s.forgetSessions(ctx, hash)
}

// RevokeAll revokes every session of a user (ban, password reset), in Postgres and in the session
// cache of every node.
func (s *Service) RevokeAll(ctx context.Context, userID int64) error {
	return s.revokeUserSessions(ctx, userID, nil)
}

// AddExperience adds activity experience (chat, gifts, purchases: the engine decides how much)
// and returns the new level.
func (s *Service) AddExperience(ctx context.Context, userID, points int64) (int, error) {
	if points <= 0 {
		return 0, fmt.Errorf("account: experience must be positive, got %d", points)
	}
	exp, err := s.store.AddExperience(ctx, userID, points)
	return Level(exp), err
}

// GrantRole grants a role (until expires; zero: permanent). Banning revokes every session.
func (s *Service) GrantRole(ctx context.Context, userID int64, r Role, expires time.Time, by string) error {
	return s.grantRole(ctx, userID, r, expires, by)
}

// RevokeRole removes a role; the user's open connections lose it at once.
func (s *Service) RevokeRole(ctx context.Context, userID int64, r Role) error {
	if err := s.store.RevokeRole(ctx, userID, string(r)); err != nil {
		return err
	}
	s.revoked(userID)
	return nil
}

// revoked tells userID's open connections, on every node, to check their rights again.
func (s *Service) revoked(userID int64) {
	if s.revocations != nil && userID > 0 {
		s.revocations.Reauthorize(protocol.UserID(userID).String())
	}
}

// UserByID loads a user.
func (s *Service) UserByID(ctx context.Context, id int64) (User, error) {
	row, err := s.store.UserByID(ctx, id, s.cfg.Now())
	if err != nil {
		return User{}, err
	}
	return userFromRow(row), nil
}

// IsAdmin reports whether userID is a platform administrator (the Roles of the other areas).
func (s *Service) IsAdmin(ctx context.Context, userID int64) (bool, error) {
	u, err := s.UserByID(ctx, userID)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return false, nil
	}
	return err == nil && u.Admin(), err
}

// Can reports whether userID may do perm (a Permission's name): the back office's staff checks
// (api.Staff). A banned or unknown account may do nothing.
func (s *Service) Can(ctx context.Context, userID int64, perm string) (bool, error) {
	u, err := s.UserByID(ctx, userID)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return Can(u, Permission(perm)), nil
}

// NewGuestID names a guest ("g-<hex>"): guests have no session; the id names them in the real-time
// protocol and in chat rooms that allow guests.
func NewGuestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "g-" + hex.EncodeToString(b[:])
}

// Config is the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }

// Logger is the Service's logger.
func (s *Service) Logger() *zap.Logger { return s.log }
