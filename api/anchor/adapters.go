package anchor

import (
	"context"
	"time"
)

// Function adapters for the engine's wiring, one per interface of ports.go.

// RolesFunc adapts a function to Roles.
type RolesFunc func(ctx context.Context, userID int64) (bool, error)

// IsAdmin calls f.
func (f RolesFunc) IsAdmin(ctx context.Context, userID int64) (bool, error) { return f(ctx, userID) }

// PhonesFunc adapts a function to Phones.
type PhonesFunc func(ctx context.Context, userID int64) (string, error)

// BoundPhone calls f.
func (f PhonesFunc) BoundPhone(ctx context.Context, userID int64) (string, error) {
	return f(ctx, userID)
}

// StreamerRolesFunc adapts a function to StreamerRoles.
type StreamerRolesFunc func(ctx context.Context, userID int64, on bool) error

// SetStreamer calls f.
func (f StreamerRolesFunc) SetStreamer(ctx context.Context, userID int64, on bool) error {
	return f(ctx, userID, on)
}

// MatchesFunc adapts a function to Matches.
type MatchesFunc func(ctx context.Context, matchID string) (MatchInfo, error)

// MatchInfo calls f.
func (f MatchesFunc) MatchInfo(ctx context.Context, matchID string) (MatchInfo, error) {
	return f(ctx, matchID)
}

// EarningsFunc adapts a function to Earnings.
type EarningsFunc func(ctx context.Context, streamerID int64, since time.Time) ([]IncomeEntry, error)

// GiftIncome calls f.
func (f EarningsFunc) GiftIncome(ctx context.Context, streamerID int64, since time.Time) ([]IncomeEntry, error) {
	return f(ctx, streamerID, since)
}

// UnlockPayerFunc adapts a function to UnlockPayer.
type UnlockPayerFunc func(ctx context.Context, userID, streamerID int64, room string, price int64, key string) error

// PayLiveUnlock calls f.
func (f UnlockPayerFunc) PayLiveUnlock(ctx context.Context, userID, streamerID int64, room string, price int64, key string) error {
	return f(ctx, userID, streamerID, room, price, key)
}
