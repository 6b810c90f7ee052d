package admin

import (
	"context"
	"time"

	"go.uber.org/zap"

	"courtside/api/account"
	"courtside/api/audit"
	"courtside/storage/history"
	"courtside/storage/postgres"
)

// Accounts is what the back office asks of the accounts module (*account.Service implements it):
// who calls, and the actions on users, which keep their own rules (a ban revokes every session, a
// role change reaches open sockets at once).
type Accounts interface {
	Authenticate(ctx context.Context, token string) (account.User, error)
	UserByID(ctx context.Context, id int64) (account.User, error)
	ChangeRole(ctx context.Context, in account.RoleChange) (account.UserInfo, error)
	GrantRole(ctx context.Context, userID int64, r account.Role, expires time.Time, by string) error
	RevokeRole(ctx context.Context, userID int64, r account.Role) error
	RevokeAll(ctx context.Context, userID int64) error
}

// Wallet reads a user's balances and ledger movements, read-only (*postgres.WalletStore implements it).
type Wallet interface {
	Balances(ctx context.Context, userID int64) (postgres.WalletBalances, error)
	Details(ctx context.Context, userID int64, c postgres.Currency, limit, offset int) ([]postgres.DetailRow, int, error)
}

// Lines reads reported chat lines and the lines around them, deleted ones included (the chat history,
// history.Store).
type Lines interface {
	Get(ctx context.Context, room, msgID string, vis history.Visibility) (history.Event, error)
	Around(ctx context.Context, room string, seq uint64, n int, vis history.Visibility) ([]history.Event, error)
}

// Rooms applies a staff member's moderation in a live room through its actor, with the room's own
// rules (the engine implements it): op is "delete" (msg: the line's id) or "mute" (target: "u<id>",
// secs), acknowledged once stored.
type Rooms interface {
	Moderate(ctx context.Context, staff account.User, room, op, target, msg string, secs int, reason string) error
}

// LiveRooms lists the rooms live now, for the dashboard (optional).
type LiveRooms interface {
	LiveRooms(ctx context.Context) ([]LiveRoom, error)
}

// LiveRoom is one live room on the dashboard.
type LiveRoom struct {
	Room        string `json:"room"`
	Title       string `json:"title"`
	Streamer    string `json:"streamer"`
	Viewers     int    `json:"viewers"`
	ChatPerMin  int    `json:"chatPerMin"`  // chat lines in the last minute (as on the live rooms screen)
	ReportsHour int    `json:"reportsHour"` // reports of the room's lines in the last hour
}

// Deps are the parts the back office is built from. Accounts, Store and Audit are required; without
// Wallet a user's balances read zero, without Lines reports show no line, without Rooms the line and
// room-mute actions answer an error.
type Deps struct {
	Accounts Accounts
	Store    *postgres.AdminStore
	Audit    *audit.Service
	Wallet   Wallet
	Lines    Lines
	Rooms    Rooms
	Live     LiveRooms
	// The live rooms, moderation rules and money screens (nil: that screen answers 503, the words
	// list excepted, which is the back office's own table).
	Broadcasts   Broadcasts   // the streamer centre
	Chat         ChatLog      // a room's recent chat, deleted lines included
	Ledger       MoneyLedger  // orders and ledger transactions
	Refunds      Refunds      // the wallet
	WordsChanged WordsChanged // rebuilds the chat filter after a change of the banned words
	// The node's own metrics, for the dashboard's node health (nil: the dashboard shows none).
	Metrics *NodeMetrics
}

// Service is the back office. Its methods take the staff member (already checked by the REST
// handlers' permission) and typed inputs, call the areas' services and write the audit log.
type Service struct {
	cfg Config
	d   Deps
	log *zap.Logger
}

// New builds the back office.
func New(cfg Config, d Deps) *Service {
	cfg.fill()
	return &Service{cfg: cfg, d: d, log: cfg.Logger}
}

// Staff is the staff member acting, as the audit log records them.
type Staff struct {
	User account.User
	IP   string
}

// record writes one staff action to the audit log; a failure is logged (the action is done).
func (s *Service) record(ctx context.Context, by Staff, e audit.Entry) {
	e.ActorID, e.ActorName, e.IP = by.User.ID, by.User.Name(), by.IP
	if err := s.d.Audit.Record(ctx, e); err != nil {
		s.log.Error("admin: audit log", zap.String("action", e.Action), zap.Error(err))
	}
}
