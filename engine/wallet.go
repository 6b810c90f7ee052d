package engine

import (
	"context"

	"go.uber.org/zap"

	"courtside/api/account"
	"courtside/api/wallet"
	"courtside/api/wallet/roomwallet"
)

// buildWallet wires the wallet: its REST routes, gifts in rooms, the welcome gift and balances of
// the accounts module, and membership roles. The accounts module must exist (it identifies callers).
func (w *wiring) buildWallet() error {
	n := w.n
	svc, err := wallet.New(wallet.Config{PublicURL: n.cfg.PublicURL, DisableDev: n.cfg.Env != "dev", Logger: n.log.Named("wallet")}, wallet.Deps{
		Pool: n.pool,
		Roles: wallet.RolesFunc(func(ctx context.Context, id int64) (bool, error) {
			u, err := w.accounts.UserByID(ctx, id)
			return err == nil && u.Admin(), err
		}),
		OnMembership: w.membershipRole,
		Leaderboard:  w.shared.leaderboard, // nil: the wallet's in-process one
		Rooms:        roomsExist{w.rooms},
		Audit:        w.audit, // staff refunds through the wallet's own calls are audited too
	})
	if err != nil {
		return err
	}
	svc.Routes(w.api, w.accounts)
	w.wallet = svc
	w.roomCfg.Wallet = roomwallet.New(svc)
	n.services = append(n.services, namedService{"wallet", svc})
	return nil
}

// membershipRole mirrors the membership in force as the account's vip or svip role, with the same
// expiry, so badges, chat identities and /user/info agree with what was paid for.
func (w *wiring) membershipRole(ctx context.Context, userID int64, e wallet.Entitlement) {
	n := w.n
	role, other := account.RoleVIP, account.RoleSVIP
	if e.Tier == wallet.TierSVIP {
		role, other = account.RoleSVIP, account.RoleVIP
	}
	if e.Tier == wallet.TierNone {
		return
	}
	if err := w.accounts.GrantRole(ctx, userID, role, e.ExpiresAt, "wallet"); err != nil {
		n.log.Error("membership role not granted", zap.Int64("user", userID), zap.Error(err))
	}
	if err := w.accounts.RevokeRole(ctx, userID, other); err != nil {
		n.log.Warn("membership role not revoked", zap.Int64("user", userID), zap.Error(err))
	}
}
