package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/actors/room"
	"courtside/api/account"
	"courtside/api/account/mail"
	"courtside/api/account/oauth"
	"courtside/api/periodic"
	"courtside/storage/postgres"
)

// buildAccounts wires the accounts module: its REST routes, the dev code sink on dev nodes, and the
// token check of the real-time sessions.
func (w *wiring) buildAccounts() error {
	n := w.n
	avatars := n.cfg.AvatarDir
	if avatars == "" {
		avatars = filepath.Join(n.cfg.DataDir, "avatars")
	}
	deps := account.Deps{
		Pool:    n.pool,
		Welcome: account.WelcomeFunc(postgres.GrantWelcome),
		Balances: account.BalancesFunc(func(ctx context.Context, id int64) (int64, int64, error) {
			return w.wallet.Balances(ctx, id)
		}),
		Limiter:     w.shared.limiter,
		Sessions:    w.shared.sessions,
		Revocations: n.topo.users(), // a revoked right reaches open sockets on every node
		Channels:    channelHook{w}, // w.channels, built later (engine/channels.go)
	}
	if n.cfg.SMTPAddr != "" {
		smtp, err := mail.NewSMTP(mail.SMTPConfig{Addr: n.cfg.SMTPAddr, From: n.cfg.SMTPFrom, Username: n.cfg.SMTPUser, Password: n.cfg.SMTPPass})
		if err != nil {
			return err
		}
		deps.Mail = smtp
	}
	svc, err := account.New(account.Config{
		Secret: n.cfg.AccountKey, AvatarDir: avatars, CodeResendInterval: n.cfg.CodeResend,
		Providers: oauthProviders(), Logger: n.log.Named("account"),
	}, deps)
	if err != nil {
		return err
	}
	w.accounts = svc
	svc.Routes(w.api)
	if n.cfg.Demo {
		if err := seedDemoStreamer(context.Background(), svc.Store(), w.rooms); err != nil {
			return fmt.Errorf("demo streamer: %w", err)
		}
	}
	if n.cfg.Env == "dev" && svc.DevSink() != nil {
		// Verification codes a person running `make run` (and the browser tests) can read. Never on
		// a production node.
		w.api.Handle("GET /dev/codes", account.DevCodes(svc.DevSink()))
	}
	if w.auth == nil {
		w.auth = accountAuth{svc}
	}
	n.services = append(n.services, namedService{"session-purge", ServiceFunc(func(ctx context.Context) error {
		return purgeSessions(ctx, svc, n.log)
	})})
	return nil
}

// oauthProviders reads the third-party sign-in clients from COURTSIDE_OAUTH_<NAME>_CLIENT_ID,
// _CLIENT_SECRET and _REDIRECT_URL for each provider the accounts module knows (google, apple, line,
// twitter, facebook); a provider without a client id is off.
func oauthProviders() map[string]oauth.Config {
	out := map[string]oauth.Config{}
	for name, c := range oauth.Defaults() {
		prefix := "COURTSIDE_OAUTH_" + strings.ToUpper(name) + "_"
		if c.ClientID = os.Getenv(prefix + "CLIENT_ID"); c.ClientID == "" {
			continue
		}
		c.ClientSecret = os.Getenv(prefix + "CLIENT_SECRET")
		c.RedirectURL = os.Getenv(prefix + "REDIRECT_URL")
		out[name] = c
	}
	return out
}

// accountAuth resolves real-time tokens with the accounts module.
type accountAuth struct{ svc *account.Service }

func (a accountAuth) Authenticate(ctx context.Context, token string) (room.Identity, error) {
	u, err := a.svc.Authenticate(ctx, token)
	if err != nil {
		return room.Identity{}, err
	}
	// One authorization check for REST and real time: an account that may not chat (the muted
	// role) is refused in every room.
	return room.Identity{ID: u.UID(), Name: u.Name(), Level: u.Level, Admin: u.Admin(), Member: u.Member(),
		Muted: !account.Can(u, account.PermChat), Expert: u.Has(account.RoleExpert) && !u.Has(account.RoleBanned), Until: room.UntilNanos(u.RecheckAt())}, nil
}

// roomModerators answers the chat history's moderator check: administrators, and the streamer and
// moderators of the room.
type roomModerators struct {
	svc   *account.Service
	rooms *postgres.RoomStore
}

func (m roomModerators) CanModerate(ctx context.Context, userID int64, id string) (bool, error) {
	u, err := m.svc.UserByID(ctx, userID)
	if err != nil {
		return false, err
	}
	if u.Admin() {
		return true, nil
	}
	row, found, err := m.rooms.LoadRoom(ctx, id, time.Now())
	if err != nil || !found {
		return false, err
	}
	if row.StreamerID == u.UID() {
		return true, nil
	}
	for _, mod := range row.Moderators {
		if mod == u.UID() {
			return true, nil
		}
	}
	return false, nil
}

// purgeSessions deletes long-expired sessions once an hour.
func purgeSessions(ctx context.Context, accounts *account.Service, log *zap.Logger) error {
	return periodic.Every(ctx, time.Hour, log, "session purge failed", func(ctx context.Context) error {
		_, err := accounts.Store().PurgeSessions(ctx, time.Now().Add(-24*time.Hour))
		return err
	})
}

// CreateAdmin makes (or resets the password of, and grants the admin role to) an administrator
// account: the bootstrap behind `courtside admin create NAME PASSWORD`.
func CreateAdmin(ctx context.Context, cfg Config, name, password string) (string, error) {
	pool, err := postgres.Open(ctx, postgres.Config{URL: cfg.DatabaseURL, MaxConns: 2})
	if err != nil {
		return "", err
	}
	defer pool.Close()
	if _, err := postgres.Migrate(ctx, pool); err != nil {
		return "", err
	}
	u, err := account.CreateAdmin(ctx, pool, name, password)
	if err != nil {
		return "", err
	}
	return u.UID(), nil
}
