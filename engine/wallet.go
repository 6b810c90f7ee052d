package engine

import (
	"context"

	"go.uber.org/zap"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/wallet"
	"courtside/api/wallet/roomwallet"
)

// buildWallet wires the wallet: its REST routes, gifts in rooms, the welcome gift and balances of
// the accounts module, and membership roles. The accounts module must exist (it identifies callers).
func (n *Node) buildWallet() error {
	svc, err := wallet.Routes(n.api, wallet.Deps{
		Config: wallet.Config{PublicURL: n.cfg.PublicURL, DisableDev: n.cfg.Env != "dev", Logger: n.log.Named("wallet")},
		Pool:   n.pool,
		Auth: wallet.AuthFunc(func(r *api.Request) (int64, error) {
			u, err := n.accounts.Authenticate(r.Context(), r.Token)
			return u.ID, err
		}),
		Roles: wallet.RolesFunc(func(ctx context.Context, id int64) (bool, error) {
			u, err := n.accounts.UserByID(ctx, id)
			return err == nil && u.Admin(), err
		}),
		OnMembership: n.membershipRole,
		Leaderboard:  n.sharedLeaderboard(), // nil on a single node: in-process
	})
	if err != nil {
		return err
	}
	n.wallet = svc
	n.roomCfg.Wallet = roomwallet.New(svc)
	return nil
}

// membershipRole mirrors the membership in force as the account's vip or svip role, with the same
// expiry, so badges, chat identities and /user/info agree with what was paid for.
func (n *Node) membershipRole(ctx context.Context, userID int64, e wallet.Entitlement) {
	role, other := account.RoleVIP, account.RoleSVIP
	if e.Tier == wallet.TierSVIP {
		role, other = account.RoleSVIP, account.RoleVIP
	}
	if e.Tier == wallet.TierNone {
		return
	}
	if err := n.accounts.GrantRole(ctx, userID, role, e.ExpiresAt, "wallet"); err != nil {
		n.log.Error("membership role not granted", zap.Int64("user", userID), zap.Error(err))
	}
	if err := n.accounts.RevokeRole(ctx, userID, other); err != nil {
		n.log.Warn("membership role not revoked", zap.Int64("user", userID), zap.Error(err))
	}
}
