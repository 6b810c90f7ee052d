package account

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/zap"

	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// LoginResult is the answer of every sign-in call: the spec's uid, token, newUser flag and user.
type LoginResult struct {
	UID     string   `json:"uid"`
	Token   string   `json:"token"`
	NewUser bool     `json:"newUser"`
	User    UserInfo `json:"user"`
	// QQOrWechatName and HeadImgURL: after binding a WeChat or QQ sign-in (spec §3 account bind),
	// the nickname and avatar URL of that WeChat or QQ account.
	QQOrWechatName string `json:"qqOrWechatName,omitempty"`
	HeadImgURL     string `json:"headimgurl,omitempty"`
}

// Identity names an account at sign-in (spec §3 login payload): a username (Name), or an e-mail or
// a phone (MobileOrEmail with AreaCode). Type is the modal's switch: EmailAddress, MobileAddress,
// AnyAddress, or RegisterMode for a code sign-in that must register.
type Identity struct {
	MobileOrEmail string
	Name          string
	AreaCode      string
	Type          int
}

// findUser resolves the identity fields to a user: name → username, otherwise mobileOrEmail as
// an e-mail (with "@") or a phone with areaCode.
func (s *Service) findUser(ctx context.Context, in Identity) (postgres.UserRow, error) {
	now := s.cfg.Now()
	v := strings.TrimSpace(in.MobileOrEmail)
	if v == "" && in.Name != "" {
		v = in.Name
	}
	if v == "" {
		return postgres.UserRow{}, invalid("validation.mobileEmpty")
	}
	if !strings.Contains(v, "@") && !digitsRE.MatchString(strings.TrimPrefix(v, "+")) {
		return s.store.UserByUsername(ctx, v, now)
	}
	d, err := parseDestination(v, in.AreaCode, AnyAddress)
	if err != nil {
		if !strings.Contains(v, "@") && usernameRE.MatchString(v) {
			// All-digit usernames exist; a number that is no phone may still be one.
			return s.store.UserByUsername(ctx, v, now)
		}
		return postgres.UserRow{}, err
	}
	if d.email {
		return s.store.UserByEmail(ctx, d.addr, now)
	}
	row, err := s.store.UserByPhone(ctx, d.addr, now)
	if errors.Is(err, postgres.ErrUserNotFound) && usernameRE.MatchString(v) {
		return s.store.UserByUsername(ctx, v, now)
	}
	return row, err
}

// minutesLeft rounds a lock's remaining time up to whole minutes.
func minutesLeft(until, now time.Time) int {
	return max(1, int(math.Ceil(until.Sub(now).Minutes())))
}

// dummyHash makes a sign-in with an unknown account cost as much as a wrong password, so timing
// does not tell which accounts exist.
var dummyHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$3aUBkq5yK5fLr1bzIvgV1qkL9mZqR0Jd5c1qF0vS8Ks"

// PasswordLogin signs in with a password (spec §7 mobileOrNameToLogin). Every attempt is counted
// before the password is evaluated (postgres.Accounts.AttemptReserve), so parallel guesses cannot
// all be evaluated and a right password is refused while a lock holds. Three counters, each
// answering ErrLocked with the minutes left:
//   - the account from this source address: Config.LoginMaxFailures wrong passwords lock that pair
//     for Config.LoginLockout (a stranger cannot lock the owner out from elsewhere);
//   - the source address: Config.IPMaxFailures within Config.IPWindow, over all accounts;
//   - the account from anywhere: Config.AccountMaxFailures within Config.IPWindow, a ceiling for
//     guesses spread over many addresses.
//
// Sign-in by verification code (CodeLogin) ignores these locks: it stays open to the owner. An
// unknown account costs as much as a known one.
func (s *Service) PasswordLogin(ctx context.Context, id Identity, password string, c Client) (*LoginResult, error) {
	if password == "" {
		return nil, invalid("validation.passwordWeak")
	}
	now := s.cfg.Now()
	ip := attemptKey{"pw:ip:" + c.IP, s.cfg.IPMaxFailures, s.cfg.IPWindow}
	held := make([]heldAttempt, 0, 3)
	if h, err := s.reserve(ctx, ip, now); err != nil {
		return nil, err
	} else {
		held = append(held, h)
	}
	row, err := s.findUser(ctx, id)
	switch _, known := errcode.As(err); {
	case known:
		return nil, s.releaseAttempts(ctx, held, err)
	case errors.Is(err, postgres.ErrUserNotFound):
		if _, err := s.verifyPassword(ctx, dummyHash, password); err != nil {
			return nil, s.releaseAttempts(ctx, held, err)
		}
		return nil, s.attemptsFailed(ctx, held, now)
	case err != nil:
		return nil, s.releaseAttempts(ctx, held, err)
	}
	acct := strconv.FormatInt(row.ID, 10)
	for _, k := range []attemptKey{
		{"pw:acct:" + acct + ":ip:" + c.IP, s.cfg.LoginMaxFailures, s.cfg.LoginLockout},
		{"pw:acct:" + acct, s.cfg.AccountMaxFailures, s.cfg.IPWindow},
	} {
		h, err := s.reserve(ctx, k, now)
		if err != nil {
			return nil, s.releaseAttempts(ctx, held, err)
		}
		held = append(held, h)
	}
	encoded := row.PasswordHash
	if encoded == "" {
		encoded = dummyHash
	}
	right, err := s.verifyPassword(ctx, encoded, password)
	if err != nil {
		return nil, s.releaseAttempts(ctx, held, err) // busy: not an attempt
	}
	if !right || row.PasswordHash == "" {
		return nil, s.attemptsFailed(ctx, held, now)
	}
	for i, h := range held {
		if err := s.store.AttemptRelease(ctx, h.key, i == 1); err != nil {
			return nil, err
		}
	}
	return s.signIn(ctx, row, false, c)
}

// attemptKey is one wrong-password counter: its key, the attempts allowed and their window.
type attemptKey struct {
	key    string
	max    int
	window time.Duration
}

// heldAttempt is an attempt counted by reserve: its counter and its number in the window.
type heldAttempt struct {
	attemptKey
	n int
}

// reserve counts an attempt on k before evaluation; a locked counter answers ErrLocked.
func (s *Service) reserve(ctx context.Context, k attemptKey, now time.Time) (heldAttempt, error) {
	n, until, err := s.store.AttemptReserve(ctx, k.key, now, k.max, k.window, s.cfg.LoginLockout)
	if err != nil {
		return heldAttempt{}, err
	}
	if !until.IsZero() {
		return heldAttempt{}, errLocked(minutesLeft(until, now))
	}
	return heldAttempt{k, n}, nil
}

// releaseAttempts uncounts the held attempts of a sign-in that was not evaluated, and returns err.
func (s *Service) releaseAttempts(ctx context.Context, held []heldAttempt, err error) error {
	for _, h := range held {
		_ = s.store.AttemptRelease(ctx, h.key, false)
	}
	return err
}

// attemptsFailed records a wrong password on every held counter; one that locks now answers with
// the lock, otherwise ErrBadCredentials.
func (s *Service) attemptsFailed(ctx context.Context, held []heldAttempt, now time.Time) error {
	var locked time.Time
	for _, h := range held {
		until, err := s.store.AttemptFailed(ctx, h.key, h.n, now, h.max, s.cfg.LoginLockout)
		if err != nil {
			return err
		}
		if until.After(locked) {
			locked = until
		}
	}
	if locked.After(now) {
		return errLocked(minutesLeft(locked, now))
	}
	return ErrBadCredentials
}

// signIn opens a session for row and builds the login answer.
func (s *Service) signIn(ctx context.Context, row postgres.UserRow, created bool, c Client) (*LoginResult, error) {
	u := userFromRow(row)
	if u.Has(RoleBanned) {
		return nil, ErrBanned
	}
	tok, err := s.openSession(ctx, u.ID, c)
	if err != nil {
		return nil, err
	}
	if fresh, err := s.store.UserByID(ctx, u.ID, s.cfg.Now()); err == nil {
		u = userFromRow(fresh) // with today's experience
	}
	info, err := s.OwnInfo(ctx, u)
	if err != nil {
		return nil, err
	}
	return &LoginResult{UID: u.UID(), Token: tok, NewUser: created || u.NewUser(), User: info}, nil
}

// register creates an account for a verified destination with the welcome gift in the same
// transaction (exactly once: a concurrent duplicate hits the unique index and rolls back, gift
// included). link, when set, runs in the transaction too (a third-party identity).
func (s *Service) register(ctx context.Context, nu postgres.NewUser, link func(ctx context.Context, tx pgx.Tx, id int64) error) (int64, error) {
	return s.store.CreateUser(ctx, nu, func(ctx context.Context, tx pgx.Tx, id int64) error {
		if link != nil {
			if err := link(ctx, tx, id); err != nil {
				return err
			}
		}
		if s.welcome != nil {
			return s.welcome.GrantWelcome(ctx, tx, id)
		}
		return nil
	})
}

// newUserFor builds the row to insert for a destination.
func newUserFor(d destination, hash, channel string) postgres.NewUser {
	nu := postgres.NewUser{PasswordHash: hash, PromotionChannel: channel}
	if d.email {
		nu.Email = d.addr
	} else {
		nu.Phone, nu.AreaCode = d.addr, d.area
	}
	return nu
}

// findByDest loads the user a destination belongs to.
func (s *Service) findByDest(ctx context.Context, d destination) (postgres.UserRow, error) {
	if d.email {
		return s.store.UserByEmail(ctx, d.addr, s.cfg.Now())
	}
	return s.store.UserByPhone(ctx, d.addr, s.cfg.Now())
}

// CodeLogin is a sign-in with a verification code (spec §7 getLoginByEmailCheckCode).
type CodeLogin struct {
	Identity
	Code     string
	Password string // optional: set on registration
	Channel  string // promotionChannelId, recorded on registration (at most 64 bytes kept)
	FromType string // channelFromtype, handed to Deps.Channels with the channel
}

// CodeLogin signs in with a code; an unknown address is registered, with the welcome gift (newUser
// true). Identity.Type RegisterMode refuses an existing account (ErrExists), before the code is
// spent. A code "by username" goes to the account's e-mail, or else its phone.
func (s *Service) CodeLogin(ctx context.Context, in CodeLogin, c Client) (*LoginResult, error) {
	code := strings.TrimSpace(in.Code)
	var d destination
	var err error
	if in.MobileOrEmail == "" && in.Name != "" {
		row, err := s.store.UserByUsername(ctx, in.Name, s.cfg.Now())
		if err != nil {
			if errors.Is(err, postgres.ErrUserNotFound) {
				return nil, ErrNotFound
			}
			return nil, err
		}
		d = destination{addr: row.Email, email: true}
		if row.Email == "" {
			d = destination{addr: row.Phone, area: row.AreaCode}
		}
	} else {
		kind := in.Type
		if kind == RegisterMode {
			kind = AnyAddress
		}
		if d, err = parseDestination(in.MobileOrEmail, in.AreaCode, kind); err != nil {
			return nil, err
		}
	}
	if err := requireCodePresent(code); err != nil {
		return nil, err
	}
	hash := ""
	if in.Password != "" {
		if err := checkPassword(in.Password); err != nil {
			return nil, err
		}
	}
	row, err := s.findByDest(ctx, d)
	exists := err == nil
	if err != nil && !errors.Is(err, postgres.ErrUserNotFound) {
		return nil, err
	}
	if exists && in.Type == RegisterMode {
		return nil, ErrExists // checked before the code is spent
	}
	if !exists && in.Password != "" {
		if hash, err = s.hashPassword(ctx, in.Password); err != nil {
			return nil, err // busy: before the code is spent
		}
	}
	if err := s.consumeCode(ctx, d.addr, code); err != nil {
		return nil, err
	}
	if exists {
		return s.signIn(ctx, row, false, c)
	}
	channel := in.Channel
	if len(channel) > 64 {
		channel = channel[:64]
	}
	id, err := s.register(ctx, newUserFor(d, hash, channel), nil)
	if errors.Is(err, postgres.ErrEmailTaken) || errors.Is(err, postgres.ErrPhoneTaken) {
		// Registered a moment ago by a concurrent request for the same destination.
		if row, err = s.findByDest(ctx, d); err != nil {
			return nil, err
		}
		return s.signIn(ctx, row, false, c)
	}
	if err != nil {
		return nil, err
	}
	s.attribute(ctx, id, in.Channel, in.FromType, c)
	if row, err = s.store.UserByID(ctx, id, s.cfg.Now()); err != nil {
		return nil, err
	}
	return s.signIn(ctx, row, true, c)
}

// CompleteNewUser is the new-user step after a first code sign-in (spec §4): a username (letters
// and digits; empty keeps the current one) and the first password. ErrSetupDone once done.
func (s *Service) CompleteNewUser(ctx context.Context, u User, username, password string) (UserInfo, error) {
	if !u.NewUser() {
		return UserInfo{}, ErrSetupDone
	}
	name := strings.TrimSpace(username)
	if name == "" {
		name = u.Username
	}
	if err := checkUsername(name); err != nil {
		return UserInfo{}, err
	}
	if err := checkPassword(password); err != nil {
		return UserInfo{}, err
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return UserInfo{}, err
	}
	err = s.store.SetCredentials(ctx, u.ID, name, hash)
	if errors.Is(err, postgres.ErrUsernameTaken) {
		return UserInfo{}, ErrUsernameTaken
	}
	if err != nil {
		return UserInfo{}, err
	}
	return s.reloadOwnInfo(ctx, u.ID)
}

// CodeChange is a change proven by a verification code: a password reset or change, a new phone or
// e-mail. MobileOrEmail, AreaCode and Type (EmailAddress, MobileAddress, AnyAddress) name the
// address the code went to.
type CodeChange struct {
	MobileOrEmail string
	AreaCode      string
	Type          int
	Code          string
	Password      string // the new password, for ResetPassword and ChangePassword
}

// ResetPassword resets a forgotten password with a code (the modal's mode 3). Every session of the
// account is revoked.
func (s *Service) ResetPassword(ctx context.Context, in CodeChange) error {
	d, err := parseDestination(in.MobileOrEmail, in.AreaCode, in.Type)
	if err != nil {
		return err
	}
	code := strings.TrimSpace(in.Code)
	if err := requireCodePresent(code); err != nil {
		return err
	}
	if err := checkPassword(in.Password); err != nil {
		return err
	}
	row, err := s.findByDest(ctx, d)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return err // busy: before the code is spent
	}
	if err := s.consumeCode(ctx, d.addr, code); err != nil {
		return err
	}
	if err := s.store.SetPasswordHash(ctx, row.ID, hash); err != nil {
		return err
	}
	return s.revokeUserSessions(ctx, row.ID, nil)
}

// ChangePassword changes the password in the security centre with a code sent to the account's own
// phone or e-mail (MobileOrEmail empty: the e-mail, else the phone). Every other session is
// revoked; the session of keepToken stays.
func (s *Service) ChangePassword(ctx context.Context, u User, keepToken string, in CodeChange) error {
	code := strings.TrimSpace(in.Code)
	if err := requireCodePresent(code); err != nil {
		return err
	}
	if err := checkPassword(in.Password); err != nil {
		return err
	}
	dest := u.Email
	if dest == "" {
		dest = u.Phone
	}
	if in.MobileOrEmail != "" {
		d, err := parseDestination(in.MobileOrEmail, in.AreaCode, in.Type)
		if err != nil {
			return err
		}
		if d.addr != u.Email && d.addr != u.Phone {
			return ErrAccessDenied // a code to someone else's address proves nothing
		}
		dest = d.addr
	}
	if dest == "" {
		return invalid("validation.mobileEmpty")
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return err // busy: before the code is spent
	}
	if err := s.consumeCode(ctx, dest, code); err != nil {
		return err
	}
	if err := s.store.SetPasswordHash(ctx, u.ID, hash); err != nil {
		return err
	}
	var keep []byte
	if keepToken != "" {
		keep = tokenHash(keepToken)
	}
	return s.revokeUserSessions(ctx, u.ID, keep)
}

// ChangeContact binds or changes the phone or e-mail, proven by a code sent to the new address.
// ErrBound when it belongs to another account (checked before the code is spent).
func (s *Service) ChangeContact(ctx context.Context, u User, in CodeChange) (UserInfo, error) {
	d, err := parseDestination(in.MobileOrEmail, in.AreaCode, in.Type)
	if err != nil {
		return UserInfo{}, err
	}
	code := strings.TrimSpace(in.Code)
	if err := requireCodePresent(code); err != nil {
		return UserInfo{}, err
	}
	if other, err := s.findByDest(ctx, d); err == nil && other.ID != u.ID {
		return UserInfo{}, ErrBound // before the code is spent
	} else if err != nil && !errors.Is(err, postgres.ErrUserNotFound) {
		return UserInfo{}, err
	}
	if err := s.consumeCode(ctx, d.addr, code); err != nil {
		return UserInfo{}, err
	}
	if d.email {
		err = s.store.SetEmail(ctx, u.ID, d.addr)
	} else {
		err = s.store.SetPhone(ctx, u.ID, d.area, d.addr)
	}
	if errors.Is(err, postgres.ErrEmailTaken) || errors.Is(err, postgres.ErrPhoneTaken) {
		return UserInfo{}, ErrBound
	}
	if err != nil {
		return UserInfo{}, err
	}
	return s.reloadOwnInfo(ctx, u.ID)
}

// attribute tells the promotion channels of a new account (Deps.Channels); a failure is logged:
// the account exists either way.
func (s *Service) attribute(ctx context.Context, userID int64, code, fromType string, c Client) {
	if s.channels == nil {
		return
	}
	if err := s.channels.Registered(ctx, userID, code, fromType, c.IP, c.UserAgent); err != nil {
		s.log.Warn("account: channel attribution failed", zap.Int64("user", userID), zap.Error(err))
	}
}
