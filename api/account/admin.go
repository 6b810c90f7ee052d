package account

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/api"
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
		return s.RevokeAll(ctx, userID)
	}
	return nil
}

// POST /admin/user/role {userId, role, grant (true grants, false revokes), days (0: permanent)}
// — administrators only (PermManageUsers).
func (s *Service) handleAdminRole(r *api.Request) (any, error) {
	admin, _ := UserFrom(r)
	var in struct {
		UserID string  `json:"userId"`
		Role   string  `json:"role"`
		Grant  bool    `json:"grant"`
		Days   flexInt `json:"days"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, ok := ParseUID(in.UserID)
	if !ok {
		return nil, ErrNotFound
	}
	role := Role(in.Role)
	if !slices.Contains(GrantableRoles, role) {
		return nil, api.ErrFormat
	}
	ctx := r.Context()
	if _, err := s.store.UserByID(ctx, id, s.cfg.Now()); errors.Is(err, postgres.ErrUserNotFound) {
		return nil, ErrNotFound
	} else if err != nil {
		return nil, api.Internal(err)
	}
	var err error
	if in.Grant {
		var exp time.Time
		if in.Days > 0 {
			exp = s.cfg.Now().Add(time.Duration(in.Days) * 24 * time.Hour)
		}
		err = s.grantRole(ctx, id, role, exp, admin.UID())
	} else {
		err = s.store.RevokeRole(ctx, id, string(role))
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	u, err := s.UserByID(ctx, id)
	if err != nil {
		return nil, api.Internal(err)
	}
	return s.ownInfo(ctx, u)
}

// CreateAdmin is the bootstrap behind `courtside admin create <name> <password>`: it creates an
// account with that username and password and the admin role, or, when the username exists,
// sets its password and grants it admin. It needs a migrated database and nothing else (no
// welcome gift: this is not a registration).
func CreateAdmin(ctx context.Context, pool *pgxpool.Pool, name, password string) (User, error) {
	if checkUsername(name) != nil || checkPassword(password) != nil {
		return User{}, ErrInvalidAdmin
	}
	s, err := New(Config{}, Deps{Pool: pool, Welcome: noWelcome{}})
	if err != nil {
		return User{}, err
	}
	hash := s.hashPassword(password)
	now := time.Now()
	row, err := s.store.UserByUsername(ctx, name, now)
	var id int64
	switch {
	case err == nil:
		id = row.ID
		if err := s.store.SetPasswordHash(ctx, id, hash); err != nil {
			return User{}, err
		}
	case errors.Is(err, postgres.ErrUserNotFound):
		if id, err = s.store.CreateUser(ctx, postgres.NewUser{Username: name, PasswordHash: hash}, nil); err != nil {
			return User{}, err
		}
	default:
		return User{}, err
	}
	if err := s.store.GrantRole(ctx, id, string(RoleAdmin), time.Time{}, "bootstrap"); err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, id)
}
