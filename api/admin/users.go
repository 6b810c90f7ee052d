package admin

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"courtside/api/account"
	"courtside/api/audit"
	"courtside/storage/postgres"
)

// UserRow is one account in the back office's lists: contact details masked.
type UserRow struct {
	UserID    string  `json:"userId"` // "u<id>"
	Name      string  `json:"name"`
	Email     string  `json:"email"` // masked
	Phone     string  `json:"phone"` // masked
	Level     int     `json:"level"`
	Roles     []Grant `json:"roles"`
	Banned    bool    `json:"banned"`
	Muted     bool    `json:"muted"`
	CreatedAt int64   `json:"createdAt"` // unix ms
	Avatar    string  `json:"avatar"`
}

// Grant is a role held, with its end (0: permanent).
type Grant struct {
	Role    string `json:"role"`
	Expires int64  `json:"expires"` // unix ms
}

// MaskEmail keeps the first letter of the name and the domain: a***@example.com.
func MaskEmail(e string) string {
	name, domain, ok := strings.Cut(e, "@")
	if !ok || name == "" {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(name)
	return string(r) + "***@" + domain
}

// MaskPhone keeps the area code and the last four digits: +86 ****5678.
func MaskPhone(phone, area string) string {
	if phone == "" {
		return ""
	}
	num := strings.TrimPrefix(strings.TrimPrefix(phone, "+"), area)
	if len(num) <= 4 {
		return "+" + area + " ****"
	}
	return "+" + area + " ****" + num[len(num)-4:]
}

func userRow(u account.User) UserRow {
	row := UserRow{UserID: u.UID(), Name: u.Name(), Email: MaskEmail(u.Email), Phone: MaskPhone(u.Phone, u.AreaCode),
		Level: u.Level, Roles: []Grant{}, Banned: u.Has(account.RoleBanned), Muted: u.Has(account.RoleMuted),
		CreatedAt: u.CreatedAt.UnixMilli(), Avatar: u.Avatar}
	for _, g := range u.Roles {
		var exp int64
		if !g.Expires.IsZero() {
			exp = g.Expires.UnixMilli()
		}
		row.Roles = append(row.Roles, Grant{Role: string(g.Role), Expires: exp})
	}
	return row
}

// UserPage is one page of a user search.
type UserPage struct {
	List  []UserRow `json:"list"`
	Total int       `json:"total"`
}

// SearchUsers finds accounts by id, username, e-mail or phone, a page at a time.
func (s *Service) SearchUsers(ctx context.Context, q string, limit, offset int) (UserPage, error) {
	if utf8.RuneCountInString(q) > 64 {
		return UserPage{}, ErrBadInput
	}
	rows, total, err := s.d.Store.SearchUsers(ctx, q, s.cfg.Now(), limit, offset)
	if err != nil {
		return UserPage{}, err
	}
	page := UserPage{List: make([]UserRow, 0, len(rows)), Total: total}
	for _, r := range rows {
		page.List = append(page.List, userRow(userFromStore(r)))
	}
	return page, nil
}

// userFromStore builds the account view of a stored row (the level from experience).
func userFromStore(r postgres.UserRow) account.User {
	u := account.User{ID: r.ID, Username: r.Username, AreaCode: r.AreaCode, Phone: r.Phone, Email: r.Email,
		Avatar: r.Avatar, Experience: r.Experience, Level: account.Level(r.Experience), CreatedAt: r.CreatedAt}
	for _, g := range r.Roles {
		u.Roles = append(u.Roles, account.RoleGrant{Role: account.Role(g.Role), Expires: g.Expires})
	}
	return u
}

// UserDetail is one account as the back office shows it: profile, roles, level, balances, sessions,
// and one page of ledger movements (read-only).
type UserDetail struct {
	UserRow
	Signature      string   `json:"signature"`
	Experience     int64    `json:"experience"`
	Coins          int64    `json:"coins"`
	Diamonds       int64    `json:"diamonds"`
	EarnedCoins    int64    `json:"earnedCoins"`
	EarnedDiamonds int64    `json:"earnedDiamonds"`
	Sessions       int      `json:"sessions"` // live sessions
	Ledger         []Ledger `json:"ledger"`
	LedgerTotal    int      `json:"ledgerTotal"`
}

// Ledger is one movement of a user's wallet.
type Ledger struct {
	Txn          int64  `json:"txn"`
	Type         string `json:"type"`
	Currency     string `json:"currency"`
	Amount       int64  `json:"amount"`
	BalanceAfter int64  `json:"balanceAfter"`
	Time         int64  `json:"time"` // unix ms
}

// user loads an account (ErrNotFound when there is none).
func (s *Service) user(ctx context.Context, id int64) (account.User, error) {
	if id <= 0 {
		return account.User{}, ErrNotFound
	}
	u, err := s.d.Accounts.UserByID(ctx, id)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return u, ErrNotFound
	}
	return u, err
}

// User is the detail of account id, with the page of its ledger in currency (COIN or DIAMOND).
func (s *Service) User(ctx context.Context, id int64, currency string, limit, offset int) (UserDetail, error) {
	u, err := s.user(ctx, id)
	if err != nil {
		return UserDetail{}, err
	}
	d := UserDetail{UserRow: userRow(u), Signature: u.Signature, Experience: u.Experience, Ledger: []Ledger{}}
	if d.Sessions, err = s.d.Store.SessionCount(ctx, id, s.cfg.Now()); err != nil {
		return d, err
	}
	if s.d.Wallet == nil {
		return d, nil
	}
	b, err := s.d.Wallet.Balances(ctx, id)
	if err != nil {
		return d, err
	}
	d.Coins, d.Diamonds, d.EarnedCoins, d.EarnedDiamonds = b.Coins, b.Diamonds, b.EarnedCoins, b.EarnedDiamonds
	c := postgres.Coin
	if strings.EqualFold(currency, string(postgres.Diamond)) {
		c = postgres.Diamond
	}
	rows, total, err := s.d.Wallet.Details(ctx, id, c, limit, offset)
	if err != nil {
		return d, err
	}
	d.LedgerTotal = total
	for _, r := range rows {
		d.Ledger = append(d.Ledger, Ledger{Txn: r.TxnID, Type: string(r.Type), Currency: string(c), Amount: r.Amount,
			BalanceAfter: r.BalanceAfter, Time: r.At.UnixMilli()})
	}
	return d, nil
}

// rolesOf is the state the audit log keeps before and after a change of roles.
func rolesOf(u account.User) map[string]any {
	roles := []string{}
	for _, g := range u.Roles {
		r := string(g.Role)
		if !g.Expires.IsZero() {
			r += " until " + g.Expires.UTC().Format(time.RFC3339)
		}
		roles = append(roles, r)
	}
	return map[string]any{"roles": roles}
}

// Mute limits, in hours (a platform mute's duration).
const (
	MinMuteHours = 1
	MaxMuteHours = 365 * 24
)

// target loads the user a staff action is about and refuses the staff member themself.
func (s *Service) target(ctx context.Context, by Staff, id int64) (account.User, error) {
	u, err := s.user(ctx, id)
	if err != nil {
		return u, err
	}
	if u.ID == by.User.ID {
		return u, ErrSelf
	}
	return u, nil
}

// after reloads a user for the audit log's after state.
func (s *Service) after(ctx context.Context, id int64) map[string]any {
	u, err := s.d.Accounts.UserByID(ctx, id)
	if err != nil {
		return nil
	}
	return rolesOf(u)
}

// MutePlatform mutes user id in every room for hours (MinMuteHours..MaxMuteHours) with a reason:
// the accounts' muted role, which reaches the user's open sockets at once.
func (s *Service) MutePlatform(ctx context.Context, by Staff, id int64, hours int, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return ErrReasonRequired
	}
	if hours < MinMuteHours || hours > MaxMuteHours {
		return ErrDuration
	}
	u, err := s.target(ctx, by, id)
	if err != nil {
		return err
	}
	until := s.cfg.Now().Add(time.Duration(hours) * time.Hour)
	if err := s.d.Accounts.GrantRole(ctx, id, account.RoleMuted, until, by.User.UID()); err != nil {
		return err
	}
	s.record(ctx, by, audit.Entry{Action: "user.mute", TargetKind: "user", TargetID: u.UID(), Before: rolesOf(u),
		After: s.after(ctx, id), Reason: reason})
	return nil
}

// Unmute lifts a platform mute.
func (s *Service) Unmute(ctx context.Context, by Staff, id int64, reason string) error {
	u, err := s.target(ctx, by, id)
	if err != nil {
		return err
	}
	if err := s.d.Accounts.RevokeRole(ctx, id, account.RoleMuted); err != nil {
		return err
	}
	s.record(ctx, by, audit.Entry{Action: "user.unmute", TargetKind: "user", TargetID: u.UID(), Before: rolesOf(u),
		After: s.after(ctx, id), Reason: strings.TrimSpace(reason)})
	return nil
}

// Ban bans user id for good with a reason: no sign-in, every session revoked on every node.
func (s *Service) Ban(ctx context.Context, by Staff, id int64, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return ErrReasonRequired
	}
	u, err := s.target(ctx, by, id)
	if err != nil {
		return err
	}
	if _, err := s.d.Accounts.ChangeRole(ctx, account.RoleChange{UserID: id, Role: account.RoleBanned, Grant: true,
		By: by.User.ID, Reason: reason}); err != nil {
		return err
	}
	s.record(ctx, by, audit.Entry{Action: "user.ban", TargetKind: "user", TargetID: u.UID(), Before: rolesOf(u),
		After: s.after(ctx, id), Reason: reason})
	return nil
}

// Unban lifts a ban.
func (s *Service) Unban(ctx context.Context, by Staff, id int64, reason string) error {
	u, err := s.target(ctx, by, id)
	if err != nil {
		return err
	}
	if err := s.d.Accounts.RevokeRole(ctx, id, account.RoleBanned); err != nil {
		return err
	}
	s.record(ctx, by, audit.Entry{Action: "user.unban", TargetKind: "user", TargetID: u.UID(), Before: rolesOf(u),
		After: s.after(ctx, id), Reason: strings.TrimSpace(reason)})
	return nil
}

// SignOutEverywhere revokes every session of user id (open sockets close with 4001).
func (s *Service) SignOutEverywhere(ctx context.Context, by Staff, id int64, reason string) error {
	u, err := s.user(ctx, id)
	if err != nil {
		return err
	}
	before, _ := s.d.Store.SessionCount(ctx, id, s.cfg.Now())
	if err := s.d.Accounts.RevokeAll(ctx, id); err != nil {
		return err
	}
	if err := s.d.Store.EndStaffSessions(ctx, id); err != nil {
		return err
	}
	s.record(ctx, by, audit.Entry{Action: "user.signOut", TargetKind: "user", TargetID: u.UID(),
		Before: map[string]int{"sessions": before}, After: map[string]int{"sessions": 0}, Reason: strings.TrimSpace(reason)})
	return nil
}

// roleChangeable are the roles the back office's role change gives and takes (bans and mutes have
// their own actions, memberships are bought).
var roleChangeable = []account.Role{account.RoleAdmin, account.RoleModerator, account.RoleFinance, account.RoleEditor,
	account.RoleStreamer, account.RoleExpert, account.RoleChannel}

// ChangeRole gives or takes a role (days > 0: for that long). A staff role taken away ends the staff
// sessions of the user at once; an administrator cannot take their own admin role.
func (s *Service) ChangeRole(ctx context.Context, by Staff, id int64, role string, grant bool, days int, reason string) error {
	r := account.Role(role)
	if !slices.Contains(roleChangeable, r) || days < 0 || days > 3650 {
		return ErrRole
	}
	u, err := s.user(ctx, id)
	if err != nil {
		return err
	}
	if u.ID == by.User.ID && !grant && r == account.RoleAdmin {
		return ErrSelf
	}
	if _, err := s.d.Accounts.ChangeRole(ctx, account.RoleChange{UserID: id, Role: r, Grant: grant, Days: days,
		By: by.User.ID, Reason: reason}); err != nil {
		return err
	}
	if !grant && slices.Contains(account.StaffRoles, r) {
		if err := s.d.Store.EndStaffSessions(ctx, id); err != nil {
			return err
		}
	}
	action := "user.roleGrant"
	if !grant {
		action = "user.roleRevoke"
	}
	s.record(ctx, by, audit.Entry{Action: action, TargetKind: "user", TargetID: u.UID(), Before: rolesOf(u),
		After: s.after(ctx, id), Reason: strings.TrimSpace(reason)})
	return nil
}
