package account

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/storage/postgres"
)

func (s *Service) grantRole(ctx context.Context, userID int64, r Role, expires time.Time, by string) error {
	if !slices.Contains(GrantableRoles, r) {
		return fmt.Errorf("account: role %q cannot be granted", r)
	}
	if err := s.store.GrantRole(ctx, userID, string(r), expires, by); err != nil {
		return err
	}
	if r == RoleBanned {
		return s.RevokeAll(ctx, userID) // tells the open connections too
	}
	s.revoked(userID) // a mute, a staff role, a membership: open connections take it at once
	return nil
}

// RoleChange grants or revokes a role, an administrator's action.
type RoleChange struct {
	UserID int64
	Role   Role
	Grant  bool // false revokes
	Days   int  // a grant's length; 0 or less: permanent
	By     int64
	Reason string // optional, for the log
}

// ChangeRole grants or revokes a role of GrantableRoles (ErrBadInput for another) and returns the
// user's full info. Granting RoleBanned revokes every session of the user. ErrNotFound for an
// unknown user.
func (s *Service) ChangeRole(ctx context.Context, in RoleChange) (UserInfo, error) {
	if !slices.Contains(GrantableRoles, in.Role) {
		return UserInfo{}, ErrBadInput
	}
	if _, err := s.store.UserByID(ctx, in.UserID, s.cfg.Now()); errors.Is(err, postgres.ErrUserNotFound) {
		return UserInfo{}, ErrNotFound
	} else if err != nil {
		return UserInfo{}, err
	}
	var err error
	if in.Grant {
		var exp time.Time
		if in.Days > 0 {
			exp = s.cfg.Now().Add(time.Duration(in.Days) * 24 * time.Hour)
		}
		err = s.grantRole(ctx, in.UserID, in.Role, exp, protocol.UserID(in.By).String())
	} else {
		err = s.RevokeRole(ctx, in.UserID, in.Role)
	}
	if err != nil {
		return UserInfo{}, err
	}
	if in.Reason != "" {
		s.log.Info("account: role changed", zap.Int64("user", in.UserID), zap.String("role", string(in.Role)),
			zap.Bool("grant", in.Grant), zap.Int64("by", in.By), zap.String("reason", in.Reason))
	}
	return s.reloadOwnInfo(ctx, in.UserID)
}

// Ban bans an account for good (the back office's action): no sign-in, every permission denied,
// every session revoked on every node. ErrNotFound for an unknown user.
func (s *Service) Ban(ctx context.Context, userID, by int64, reason string) error {
	_, err := s.ChangeRole(ctx, RoleChange{UserID: userID, Role: RoleBanned, Grant: true, By: by, Reason: reason})
	return err
}

// noWelcome grants nothing (CreateAdmin: an administrator is not a registration).
type noWelcome struct{}

func (noWelcome) GrantWelcome(context.Context, pgx.Tx, int64) error { return nil }

// CreateAdmin is the bootstrap behind `courtside admin create <name> <password>`: it creates an
// account with that username and password and the admin role, or, when the username exists,
// sets its password and grants it admin. It needs a migrated database and nothing else (no
// welcome gift: this is not a registration).
func CreateAdmin(ctx context.Context, pool *pgxpool.Pool, name, password string) (User, error) {
	s, id, err := ensureUser(ctx, pool, name, password)
	if err != nil {
		return User{}, err
	}
	if err := s.store.GrantRole(ctx, id, string(RoleAdmin), time.Time{}, "bootstrap"); err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, id)
}

// CreateUser is CreateAdmin without the role: a plain signed-in user with that username and
// password (created, or its password set). The load harness makes its chat senders with it, since
// guests may not chat (spec §6).
func CreateUser(ctx context.Context, pool *pgxpool.Pool, name, password string) (User, error) {
	s, id, err := ensureUser(ctx, pool, name, password)
	if err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, id)
}

// ensureUser creates the account name with password, or sets the password of an existing one.
func ensureUser(ctx context.Context, pool *pgxpool.Pool, name, password string) (*Service, int64, error) {
	if checkUsername(name) != nil || checkPassword(password) != nil {
		return nil, 0, ErrInvalidAdmin
	}
	s, err := New(Config{}, Deps{Pool: pool, Welcome: noWelcome{}})
	if err != nil {
		return nil, 0, err
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return nil, 0, err
	}
	now := s.cfg.Now()
	row, err := s.store.UserByUsername(ctx, name, now)
	var id int64
	switch {
	case err == nil:
		id = row.ID
		if err := s.store.SetPasswordHash(ctx, id, hash); err != nil {
			return nil, 0, err
		}
	case errors.Is(err, postgres.ErrUserNotFound):
		if id, err = s.store.CreateUser(ctx, postgres.NewUser{Username: name, PasswordHash: hash}, nil); err != nil {
			return nil, 0, err
		}
	default:
		return nil, 0, err
	}
	return s, id, nil
}
