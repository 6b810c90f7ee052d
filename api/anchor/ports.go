package anchor

import (
	"context"
	"time"

	"courtside/api/matches"
	"courtside/gateway/media"
)

// Scores gives the linked matches of live rooms with their scores (*matches.Service): the ids it
// holds, in order, unknown ids left out.
type Scores interface {
	Items(ids []string) []matches.Item
}

// Roles tells administrators apart (review, bans). Nil: nobody is an administrator.
type Roles interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// Staff says whether a staff member holds a back-office permission (perm: "reviewStreamers").
type Staff interface {
	Can(ctx context.Context, userID int64, perm string) (bool, error)
}

// PermReviewStreamers is the permission the review and ban calls need (the accounts module's).
const PermReviewStreamers = "reviewStreamers"

// Phones gives the phone bound to an account ("" when none): an application carries it (spec §3).
type Phones interface {
	BoundPhone(ctx context.Context, userID int64) (string, error)
}

// StreamerRoles grants or revokes the account's streamer role when an application is approved, a
// streamer banned or the ban lifted. Optional.
type StreamerRoles interface {
	SetStreamer(ctx context.Context, userID int64, on bool) error
}

// Match states as Matches reports them.
const (
	MatchScheduled = "scheduled" // not started yet
	MatchLive      = "live"      // in progress (halftime, overtime and penalties included)
	MatchOver      = "over"      // finished, postponed or cancelled: never streamable
)

// MatchInfo is what the match window rule needs of a match.
type MatchInfo struct {
	Found  bool
	State  string // MatchScheduled, MatchLive or MatchOver
	Start  time.Time
	GameID int
}

// Matches asks the match module about a match.
type Matches interface {
	MatchInfo(ctx context.Context, matchID string) (MatchInfo, error)
}

// IncomeEntry is one gift income of a streamer from the wallet's ledger.
type IncomeEntry struct {
	At       time.Time `json:"-"`
	Amount   int64     `json:"amount"`   // in Currency, the streamer's share
	Currency string    `json:"currency"` // "coin" or "diamond"
	FromUser int64     `json:"-"`
	Gift     string    `json:"gift"`
	Quantity int       `json:"quantity"`
}

// Earnings reads a streamer's gift income from the ledger, newest first.
type Earnings interface {
	GiftIncome(ctx context.Context, streamerID int64, since time.Time) ([]IncomeEntry, error)
}

// UnlockPayer takes the payment for a paid-room unlock from the wallet: idempotent by key (a repeated
// key charges once and succeeds again). Its errcode refusals (insufficient coins) reach the client.
type UnlockPayer interface {
	PayLiveUnlock(ctx context.Context, userID, streamerID int64, room string, price int64, key string) error
}

// Media is what the streamer centre needs of the media path (*media.Hub).
type Media interface {
	Playback(ctx context.Context, room string, userID int64) (media.Playback, error)
	StopRoom(room string) bool
	Stats(room string) (media.RoomStats, bool)
	Guide(key string) media.OBSGuide
	Ingest(pageHost string) media.IngestAddress
}

var _ Media = (*media.Hub)(nil)
