package admin

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"slices"
	"time"

	"courtside/api/account"
	"courtside/api/audit"
	"courtside/storage/postgres"
)

// IsStaff reports whether u holds a staff role (and is not banned).
func IsStaff(u account.User) bool {
	if u.ID == 0 || u.Has(account.RoleBanned) {
		return false
	}
	return slices.ContainsFunc(account.StaffRoles, u.Has)
}

// tokenHash is how sessions are keyed (the accounts module stores the same SHA-256 of the token).
func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// StaffState is what the back office's shell needs to know of the staff member.
type StaffState struct {
	UserID      string   `json:"userId"`
	Name        string   `json:"name"`
	Roles       []string `json:"roles"`       // staff roles held
	Permissions []string `json:"permissions"` // back-office permissions held
	Enrolled    bool     `json:"enrolled"`    // the second factor is set up
	Verified    bool     `json:"verified"`    // this session passed it
	Expires     int64    `json:"expires"`     // unix ms the staff session ends (0: none)
}

// backOfficePerms are the permissions the shell shows sections for.
var backOfficePerms = []account.Permission{account.PermBackOffice, account.PermManageUsers, account.PermMutePlatform,
	account.PermHandleReports, account.PermManageRooms, account.PermReviewStreamers, account.PermReviewExperts,
	account.PermManageOrders, account.PermManageShop, account.PermEditContent, account.PermManageChannels,
	account.PermViewAudit, account.PermModerationRules, account.PermAnswerSupport}

// State is u's back-office state for the session of token.
func (s *Service) State(ctx context.Context, u account.User, token string) (StaffState, error) {
	st := StaffState{UserID: u.UID(), Name: u.Name(), Roles: []string{}, Permissions: []string{}}
	for _, r := range account.StaffRoles {
		if u.Has(r) {
			st.Roles = append(st.Roles, string(r))
		}
	}
	for _, p := range backOfficePerms {
		if account.Can(u, p) {
			st.Permissions = append(st.Permissions, string(p))
		}
	}
	row, err := s.d.Store.TOTP(ctx, u.ID)
	if err != nil && !errors.Is(err, postgres.ErrNoTOTP) {
		return st, err
	}
	st.Enrolled = err == nil && row.Confirmed
	exp, err := s.staffSession(ctx, u, token)
	if err != nil {
		return st, err
	}
	if !exp.IsZero() {
		st.Verified, st.Expires = true, exp.UnixMilli()
	}
	return st, nil
}

// staffSession is when the staff session of token ends (zero: none, or ended).
func (s *Service) staffSession(ctx context.Context, u account.User, token string) (time.Time, error) {
	if token == "" || !IsStaff(u) {
		return time.Time{}, nil
	}
	exp, err := s.d.Store.StaffSession(ctx, tokenHash(token), u.ID)
	if err != nil || exp.IsZero() || !s.cfg.Now().Before(exp) {
		return time.Time{}, err
	}
	return exp, nil
}

// Enrolment is a new second-factor secret, shown once.
type Enrolment struct {
	Secret string `json:"secret"` // base32, for typing into an app
	URI    string `json:"uri"`    // otpauth://, for a QR code
}

// Enrol makes a new TOTP secret for staff member u. ErrEnrolled once a secret was confirmed (it is
// never shown again; an administrator resets it). Until the first code is verified, enrolling again
// replaces the secret.
func (s *Service) Enrol(ctx context.Context, u account.User) (Enrolment, error) {
	if !IsStaff(u) {
		return Enrolment{}, ErrForbidden
	}
	secret := make([]byte, 20)
	if _, err := rand.Read(secret); err != nil {
		return Enrolment{}, err
	}
	ok, err := s.d.Store.PutTOTP(ctx, u.ID, secret, s.cfg.Now())
	if err != nil {
		return Enrolment{}, err
	}
	if !ok {
		return Enrolment{}, ErrEnrolled
	}
	return Enrolment{Secret: EncodeSecret(secret), URI: OTPAuthURI(s.cfg.Issuer, u.Name(), secret)}, nil
}

// Verify checks staff member u's authenticator code and opens a staff session on the session of
// token, until StaffSessionTTL from now: ErrCodeWrong for a wrong, expired or already used code,
// ErrSecondFactor before enrolment. The first code verified confirms the enrolment.
func (s *Service) Verify(ctx context.Context, u account.User, token, code, ip string) (StaffState, error) {
	if !IsStaff(u) || token == "" {
		return StaffState{}, ErrForbidden
	}
	row, err := s.d.Store.TOTP(ctx, u.ID)
	if errors.Is(err, postgres.ErrNoTOTP) {
		return StaffState{}, ErrSecondFactor
	}
	if err != nil {
		return StaffState{}, err
	}
	now := s.cfg.Now()
	step, ok := TOTP{Secret: row.Secret}.Verify(code, now)
	if !ok {
		return StaffState{}, ErrCodeWrong
	}
	if fresh, err := s.d.Store.UseTOTPStep(ctx, u.ID, step, now); err != nil {
		return StaffState{}, err
	} else if !fresh {
		return StaffState{}, ErrCodeWrong // replayed
	}
	if err := s.d.Store.PutStaffSession(ctx, tokenHash(token), u.ID, now, now.Add(s.cfg.StaffSessionTTL)); err != nil {
		return StaffState{}, err
	}
	action := "staff.signIn"
	if !row.Confirmed {
		action = "staff.enrol"
	}
	s.record(ctx, Staff{User: u, IP: ip}, audit.Entry{Action: action, TargetKind: "user", TargetID: u.UID()})
	return s.State(ctx, u, token)
}

// ResetSecondFactor forgets target's TOTP secret and ends their staff sessions (an administrator's
// action, for a lost phone): they enrol again at their next visit.
func (s *Service) ResetSecondFactor(ctx context.Context, by Staff, target int64, reason string) error {
	if _, err := s.user(ctx, target); err != nil {
		return err
	}
	if err := s.d.Store.ResetTOTP(ctx, target); err != nil {
		return err
	}
	if err := s.d.Store.EndStaffSessions(ctx, target); err != nil {
		return err
	}
	s.record(ctx, by, audit.Entry{Action: "staff.resetSecondFactor", TargetKind: "user", TargetID: account.User{ID: target}.UID(), Reason: reason})
	return nil
}

// Passes reports whether the request of u with token may reach a back-office call: anyone who is not
// staff passes (the call's own permission check refuses them), staff only with a live staff session.
func (s *Service) Passes(ctx context.Context, u account.User, token string) (bool, error) {
	if !IsStaff(u) {
		return true, nil
	}
	exp, err := s.staffSession(ctx, u, token)
	return !exp.IsZero(), err
}
