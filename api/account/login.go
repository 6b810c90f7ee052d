package account

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"math"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"courtside/api"
	"courtside/storage/postgres"
)

// LoginResult is the answer of every sign-in call: the spec's uid, token, newUser flag and user.
type LoginResult struct {
	UID     string   `json:"uid"`
	Token   string   `json:"token"`
	NewUser bool     `json:"newUser"`
	User    UserInfo `json:"user"`
}

// identityInput are the spec's login payload fields.
type identityInput struct {
	MobileOrEmail      flexString `json:"mobileOrEmail"`
	Name               string     `json:"name"`
	AreaCode           flexString `json:"areaCode"`
	Password           string     `json:"password"`
	CheckCode          flexString `json:"checkCode"`
	Type               flexInt    `json:"type"` // 1 e-mail, 2 mobile, 3 register
	PromotionChannelID flexString `json:"promotionChannelId"`
	ChannelFromType    flexString `json:"channelFromtype"`
}

// findUser resolves the identity fields to a user: name → username, otherwise mobileOrEmail as
// an e-mail (with "@") or a phone with areaCode.
func (s *Service) findUser(ctx context.Context, in identityInput) (postgres.UserRow, error) {
	now := s.cfg.Now()
	v := strings.TrimSpace(string(in.MobileOrEmail))
	if v == "" && in.Name != "" {
		v = in.Name
	}
	if v == "" {
		return postgres.UserRow{}, api.BadRequest("validation.mobileEmpty")
	}
	if !strings.Contains(v, "@") && !digitsRE.MatchString(strings.TrimPrefix(v, "+")) {
		return s.store.UserByUsername(ctx, v, now)
	}
	d, err := parseDestination(v, string(in.AreaCode), 0)
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

// POST /login/V2/mobileOrNameToLogin {password, mobileOrEmail | name, areaCode}
func (s *Service) handlePasswordLogin(r *api.Request) (any, error) {
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if in.Password == "" {
		return nil, api.BadRequest("validation.passwordWeak")
	}
	ctx, now := r.Context(), s.cfg.Now()
	ipKey := "pw:ip:" + r.ClientIP.String()
	if until, err := s.store.KeyLocked(ctx, ipKey, now); err != nil {
		return nil, api.Internal(err)
	} else if !until.IsZero() {
		return nil, errLocked(minutesLeft(until, now))
	}
	row, err := s.findUser(ctx, in)
	var apiErr *api.Error
	switch {
	case errors.As(err, &apiErr):
		return nil, err
	case errors.Is(err, postgres.ErrUserNotFound):
		checkPasswordHash(dummyHash, in.Password)
		return nil, s.ipFailure(ctx, ipKey, now, ErrBadCredentials)
	case err != nil:
		return nil, api.Internal(err)
	}
	if row.LockedUntil.After(now) {
		return nil, errLocked(minutesLeft(row.LockedUntil, now))
	}
	if row.PasswordHash == "" || !checkPasswordHash(row.PasswordHash, in.Password) {
		if row.PasswordHash == "" {
			checkPasswordHash(dummyHash, in.Password)
		}
		until, err := s.store.AccountFailure(ctx, row.ID, now, s.cfg.LoginMaxFailures, s.cfg.LoginLockout)
		if err != nil {
			return nil, api.Internal(err)
		}
		fail := ErrBadCredentials
		if !until.IsZero() {
			fail = errLocked(minutesLeft(until, now))
		}
		return nil, s.ipFailure(ctx, ipKey, now, fail)
	}
	if err := s.store.AccountSuccess(ctx, row.ID); err != nil {
		return nil, api.Internal(err)
	}
	return s.signIn(r, row, false)
}

// ipFailure counts a wrong password for the client IP; the one that locks the IP answers with
// the lock, any other with fail.
func (s *Service) ipFailure(ctx context.Context, key string, now time.Time, fail *api.Error) error {
	until, err := s.store.KeyFailure(ctx, key, now, s.cfg.IPMaxFailures, s.cfg.IPWindow, s.cfg.LoginLockout)
	if err != nil {
		return api.Internal(err)
	}
	if !until.IsZero() {
		return errLocked(minutesLeft(until, now))
	}
	return fail
}

// signIn opens a session for row and builds the login answer.
func (s *Service) signIn(r *api.Request, row postgres.UserRow, created bool) (*LoginResult, error) {
	u := userFromRow(row)
	if u.Has(RoleBanned) {
		return nil, ErrBanned
	}
	tok, err := s.openSession(r.Context(), u.ID, r)
	if err != nil {
		return nil, api.Internal(err)
	}
	if fresh, err := s.store.UserByID(r.Context(), u.ID, s.cfg.Now()); err == nil {
		u = userFromRow(fresh) // with today's experience
	}
	info, err := s.ownInfo(r.Context(), u)
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

// POST /login/V2/getLoginByEmailCheckCode {checkCode, password?, mobileOrEmail | name, areaCode,
// promotionChannelId, channelFromtype, type}: sign in with a code; an unknown destination is
// registered (newUser true). type 3 is the register mode: an existing account is refused.
func (s *Service) handleCodeLogin(r *api.Request) (any, error) {
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	ctx := r.Context()
	code := strings.TrimSpace(string(in.CheckCode))
	var d destination
	var err error
	if in.MobileOrEmail == "" && in.Name != "" {
		// A code "by username" goes to the account's e-mail, or else its phone.
		row, err := s.store.UserByUsername(ctx, in.Name, s.cfg.Now())
		if err != nil {
			if errors.Is(err, postgres.ErrUserNotFound) {
				return nil, ErrNotFound
			}
			return nil, api.Internal(err)
		}
		d = destination{addr: row.Email, email: true}
		if row.Email == "" {
			d = destination{addr: row.Phone, area: row.AreaCode}
		}
	} else {
		kind := int(in.Type)
		if kind == 3 {
			kind = 0
		}
		if d, err = parseDestination(string(in.MobileOrEmail), string(in.AreaCode), kind); err != nil {
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
		return nil, api.Internal(err)
	}
	if exists && in.Type == 3 {
		return nil, ErrExists // checked before the code is spent
	}
	if err := s.consumeCode(ctx, d.addr, code); err != nil {
		return nil, err
	}
	if exists {
		return s.signIn(r, row, false)
	}
	if in.Password != "" {
		hash = s.hashPassword(in.Password)
	}
	channel := string(in.PromotionChannelID)
	if len(channel) > 64 {
		channel = channel[:64]
	}
	id, err := s.register(ctx, newUserFor(d, hash, channel), nil)
	if errors.Is(err, postgres.ErrEmailTaken) || errors.Is(err, postgres.ErrPhoneTaken) {
		// Registered a moment ago by a concurrent request for the same destination.
		if row, err = s.findByDest(ctx, d); err != nil {
			return nil, api.Internal(err)
		}
		return s.signIn(r, row, false)
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	if row, err = s.store.UserByID(ctx, id, s.cfg.Now()); err != nil {
		return nil, api.Internal(err)
	}
	return s.signIn(r, row, true)
}

// POST /user/V2/modifyUser {password, uname}: the new-user step after a first code sign-in.
func (s *Service) handleNewUserStep(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	var in struct {
		Password string `json:"password"`
		Uname    string `json:"uname"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if !u.NewUser() {
		return nil, ErrSetupDone
	}
	name := strings.TrimSpace(in.Uname)
	if name == "" {
		name = u.Username
	}
	if err := checkUsername(name); err != nil {
		return nil, err
	}
	if err := checkPassword(in.Password); err != nil {
		return nil, err
	}
	err := s.store.SetCredentials(r.Context(), u.ID, name, s.hashPassword(in.Password))
	if errors.Is(err, postgres.ErrUsernameTaken) {
		return nil, ErrUsernameTaken
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	return s.reloadOwnInfo(r.Context(), u.ID)
}

// GET /login/testLogin: continue as guest. Guests have no session; the id names them in the
// real-time protocol ("g-<hex>") and chat rooms that allow guests.
func (s *Service) handleGuest(r *api.Request) (any, error) {
	var b [8]byte
	_, _ = rand.Read(b[:])
	id := "g-" + hex.EncodeToString(b[:])
	return map[string]any{"uid": id, "token": "", "guest": true, "newUser": false,
		"user": map[string]any{"userId": id, "uid": id, "guest": true, "level": 0}}, nil
}

// POST /login/logout: revokes the request's session; without one it is a no-op.
func (s *Service) handleLogout(r *api.Request) (any, error) {
	if err := s.Logout(r.Context(), r.Token); err != nil {
		return nil, api.Internal(err)
	}
	return nil, nil
}

// POST /login/modifyPassword {mobileOrEmail, areaCode, checkCode, password}: reset a forgotten
// password with a code (the modal's mode 3). Every session of the account is revoked.
func (s *Service) handleResetPassword(r *api.Request) (any, error) {
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	d, err := parseDestination(string(in.MobileOrEmail), string(in.AreaCode), int(in.Type)%3)
	if err != nil {
		return nil, err
	}
	code := strings.TrimSpace(string(in.CheckCode))
	if err := requireCodePresent(code); err != nil {
		return nil, err
	}
	if err := checkPassword(in.Password); err != nil {
		return nil, err
	}
	ctx := r.Context()
	row, err := s.findByDest(ctx, d)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	if err := s.consumeCode(ctx, d.addr, code); err != nil {
		return nil, err
	}
	if err := s.store.SetPasswordHash(ctx, row.ID, s.hashPassword(in.Password)); err != nil {
		return nil, api.Internal(err)
	}
	if err := s.revokeUserSessions(ctx, row.ID, nil); err != nil {
		return nil, api.Internal(err)
	}
	return map[string]any{"changed": true}, nil
}

// POST /user/V2/mobileOrNameToChangePass {mobileOrEmail?, areaCode?, checkCode, password}: change
// the password in the security centre with a code sent to the account's own phone or e-mail.
// Every other session is revoked; this one stays.
func (s *Service) handleChangePassword(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	code := strings.TrimSpace(string(in.CheckCode))
	if err := requireCodePresent(code); err != nil {
		return nil, err
	}
	if err := checkPassword(in.Password); err != nil {
		return nil, err
	}
	dest := u.Email
	if dest == "" {
		dest = u.Phone
	}
	if in.MobileOrEmail != "" {
		d, err := parseDestination(string(in.MobileOrEmail), string(in.AreaCode), int(in.Type)%3)
		if err != nil {
			return nil, err
		}
		if d.addr != u.Email && d.addr != u.Phone {
			return nil, api.ErrAccessDenied // a code to someone else's address proves nothing
		}
		dest = d.addr
	}
	if dest == "" {
		return nil, api.BadRequest("validation.mobileEmpty")
	}
	ctx := r.Context()
	if err := s.consumeCode(ctx, dest, code); err != nil {
		return nil, err
	}
	if err := s.store.SetPasswordHash(ctx, u.ID, s.hashPassword(in.Password)); err != nil {
		return nil, api.Internal(err)
	}
	keep, _ := r.Context().Value(tokenKey{}).([]byte)
	if err := s.revokeUserSessions(ctx, u.ID, keep); err != nil {
		return nil, api.Internal(err)
	}
	return map[string]any{"changed": true}, nil
}

// POST /user/V2/mobileOrNameToChange {type (1 e-mail, 2 mobile), mobileOrEmail, areaCode,
// checkCode}: bind or change the phone or e-mail, proven by a code sent to the new address.
func (s *Service) handleChangeContact(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	d, err := parseDestination(string(in.MobileOrEmail), string(in.AreaCode), int(in.Type)%3)
	if err != nil {
		return nil, err
	}
	code := strings.TrimSpace(string(in.CheckCode))
	if err := requireCodePresent(code); err != nil {
		return nil, err
	}
	ctx := r.Context()
	if other, err := s.findByDest(ctx, d); err == nil && other.ID != u.ID {
		return nil, ErrBound // before the code is spent
	} else if err != nil && !errors.Is(err, postgres.ErrUserNotFound) {
		return nil, api.Internal(err)
	}
	if err := s.consumeCode(ctx, d.addr, code); err != nil {
		return nil, err
	}
	if d.email {
		err = s.store.SetEmail(ctx, u.ID, d.addr)
	} else {
		err = s.store.SetPhone(ctx, u.ID, d.area, d.addr)
	}
	if errors.Is(err, postgres.ErrEmailTaken) || errors.Is(err, postgres.ErrPhoneTaken) {
		return nil, ErrBound
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	return s.reloadOwnInfo(ctx, u.ID)
}
