package wallet

import (
	"context"
	"errors"
	"slices"
	"time"

	"courtside/storage/postgres"
)

// Membership tiers.
const (
	TierNone = 0
	TierVIP  = 1
	TierSVIP = 2
)

// Membership rules (spec §1, §4, §9):
//
//   - Packages are 1, 3, 6 or 12 months of VIP or SVIP, paid in coins from the wallet (not through a
//     recharge order: the user tops up coins first, so one payment path carries all the money).
//   - A month is MonthDays (30) days. Prices: monthly price x months, less 5% for 3 months, 10% for
//     6, 20% for 12 (rounded up to a coin).
//   - No membership in force: the package starts now. The same tier in force: the expiry is extended.
//   - VIP in force, buying SVIP: the remaining VIP time is upgraded first, paying the difference
//     UpgradeCost(days) = ceil(days x (SVIPMonthly - VIPMonthly) / 30) where days is the remaining
//     time rounded up to whole days; then the months bought (if any; months 0 is "upgrade only") are
//     added after the current expiry. The tier becomes SVIP.
//   - SVIP in force, buying VIP: refused (ErrDowngrade); buy SVIP to extend instead.
const MonthDays = 30

// PackageMonths are the package lengths on sale.
var PackageMonths = []int{1, 3, 6, 12}

// packageDiscountPercent is what a package of n months costs, in percent of n monthly prices.
var packageDiscountPercent = map[int]int64{1: 100, 3: 95, 6: 90, 12: 80}

// Package is one membership offer of /orderpay/vip/list.
type Package struct {
	Tier   int    `json:"tier"`   // 1 VIP, 2 SVIP
	Name   string `json:"name"`   // "VIP" or "SVIP"
	Months int    `json:"months"` // 1, 3, 6, 12
	Days   int    `json:"days"`
	Coins  int64  `json:"coins"`
}

func (s *Service) monthly(tier int) int64 {
	if tier == TierSVIP {
		return s.cfg.SVIPMonthlyCoins
	}
	return s.cfg.VIPMonthlyCoins
}

// PackagePrice is the coin price of months of tier (ok false for a package not on sale).
func (s *Service) PackagePrice(tier, months int) (int64, bool) {
	pct, ok := packageDiscountPercent[months]
	if !ok || (tier != TierVIP && tier != TierSVIP) {
		return 0, false
	}
	return (s.monthly(tier)*int64(months)*pct + 99) / 100, true
}

// Packages lists every package on sale.
func (s *Service) Packages() []Package {
	var out []Package
	for _, tier := range []int{TierVIP, TierSVIP} {
		name := map[int]string{TierVIP: "VIP", TierSVIP: "SVIP"}[tier]
		for _, m := range PackageMonths {
			c, _ := s.PackagePrice(tier, m)
			out = append(out, Package{Tier: tier, Name: name, Months: m, Days: m * MonthDays, Coins: c})
		}
	}
	return out
}

// RemainingDays is the time from now to expires in days, rounded up (0 when expired).
func RemainingDays(expires, now time.Time) int {
	d := expires.Sub(now)
	if d <= 0 {
		return 0
	}
	const day = 24 * time.Hour
	return int((d + day - 1) / day)
}

// UpgradeCost is what upgrading days of remaining VIP to SVIP costs, rounded up to a coin.
func (s *Service) UpgradeCost(days int) int64 {
	diff := s.cfg.SVIPMonthlyCoins - s.cfg.VIPMonthlyCoins
	return (int64(days)*diff + MonthDays - 1) / MonthDays
}

// PlanMembership applies the rules above: what buying months of tier does for a user whose stored
// membership is cur, at now.
func (s *Service) PlanMembership(cur postgres.Membership, now time.Time, tier, months int) (postgres.MembershipPlan, error) {
	if tier != TierVIP && tier != TierSVIP {
		return postgres.MembershipPlan{}, ErrActivationFailed
	}
	active := cur.Active(now)
	if active == TierSVIP && tier == TierVIP {
		return postgres.MembershipPlan{}, ErrDowngrade
	}
	upgrade := active == TierVIP && tier == TierSVIP
	if !(months == 0 && upgrade) && !slices.Contains(PackageMonths, months) {
		return postgres.MembershipPlan{}, ErrActivationFailed
	}
	price, _ := s.PackagePrice(tier, months) // 0 for an upgrade-only purchase
	add := time.Duration(months) * MonthDays * 24 * time.Hour
	p := postgres.MembershipPlan{Tier: tier, Months: months, Coins: price}
	switch {
	case active == TierNone:
		p.Action, p.ExpiresAt = "purchase", now.Add(add)
	case upgrade:
		p.UpgradeDays = RemainingDays(cur.ExpiresAt, now)
		p.Action, p.ExpiresAt = "upgrade", cur.ExpiresAt.Add(add)
		p.Coins += s.UpgradeCost(p.UpgradeDays)
	default:
		p.Action, p.ExpiresAt = "extend", cur.ExpiresAt.Add(add)
	}
	return p, nil
}

// QuoteMembership is what the user would pay now for months of tier (getVipAmount).
func (s *Service) QuoteMembership(ctx context.Context, userID int64, tier, months int) (postgres.MembershipPlan, error) {
	cur, err := s.store.Membership(ctx, userID)
	if err != nil {
		return postgres.MembershipPlan{}, err
	}
	return s.PlanMembership(cur, s.cfg.Now(), tier, months)
}

// BuyMembership buys months of tier with coins, once per clientKey: a retry with the same key
// returns the first purchase's record (replayed true) and charges nothing. Errors: ErrActivationFailed,
// ErrDowngrade, ErrInsufficientCoins.
func (s *Service) BuyMembership(ctx context.Context, userID int64, tier, months int, clientKey string) (postgres.MembershipRecord, bool, error) {
	if clientKey == "" || len(clientKey) > 100 {
		return postgres.MembershipRecord{}, false, ErrActivationFailed
	}
	rec, replayed, err := s.store.BuyMembership(ctx, userID, clientKey, s.cfg.Now(),
		func(cur postgres.Membership, now time.Time) (postgres.MembershipPlan, error) {
			return s.PlanMembership(cur, now, tier, months)
		})
	if errors.Is(err, postgres.ErrInsufficientFunds) {
		return rec, false, ErrInsufficientCoins.Wrap(err)
	}
	if err == nil && !replayed && s.onMembership != nil {
		// Tell the rest of the platform (account roles, badges) what is in force now.
		if e, eerr := s.Entitlement(ctx, userID); eerr == nil {
			s.onMembership(ctx, userID, e)
		}
	}
	return rec, replayed, err
}

// Entitlement is what a membership grants: the badge and member-only rooms and matches for VIP and
// SVIP, "Pro" low-delay streams for SVIP.
type Entitlement struct {
	Tier      int
	ExpiresAt time.Time // zero when not a member
}

// Badge reports whether the user shows a membership badge.
func (e Entitlement) Badge() bool { return e.Tier >= TierVIP }

// MemberOnly reports whether the user may enter member-only rooms and matches.
func (e Entitlement) MemberOnly() bool { return e.Tier >= TierVIP }

// ProStreams reports whether the user gets the low-delay "Pro" stream.
func (e Entitlement) ProStreams() bool { return e.Tier == TierSVIP }

// Entitlements returns the tier in force for userID (0 none, 1 VIP, 2 SVIP) and when it ends, for
// the engine (member-only rooms, badges) and the media path (Pro streams).
func (s *Service) Entitlements(ctx context.Context, userID int64) (tier int, expiry time.Time, err error) {
	e, err := s.Entitlement(ctx, userID)
	return e.Tier, e.ExpiresAt, err
}

// Entitlement is Entitlements as a value with its helpers.
func (s *Service) Entitlement(ctx context.Context, userID int64) (Entitlement, error) {
	m, err := s.store.Membership(ctx, userID)
	if err != nil {
		return Entitlement{}, err
	}
	tier := m.Active(s.cfg.Now())
	if tier == TierNone {
		return Entitlement{}, nil
	}
	return Entitlement{Tier: tier, ExpiresAt: m.ExpiresAt}, nil
}

// MembershipRecords lists a user's membership purchases, newest first, with the total count.
func (s *Service) MembershipRecords(ctx context.Context, userID int64, limit, offset int) ([]postgres.MembershipRecord, int, error) {
	return s.store.MembershipRecords(ctx, userID, limit, offset)
}
