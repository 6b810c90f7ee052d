package media

import (
	"context"
	"time"
)

// KeyResolver finds the room a stream key may publish to. The hash is HashStreamKey(key); the
// implementation (storage/postgres.Anchors) answers ErrBadStreamKey — or any error wrapping it — for
// an unknown key and for a streamer who is banned or has not started live in the streamer centre.
type KeyResolver interface {
	StreamKeyRoom(ctx context.Context, keyHash []byte) (room string, err error)
}

// Notifier hears about a room's stream. The engine wires it into the room actors (a `sys` event "live"
// / "offline" / "stalled") and the streamer centre (live sessions). Calls come from the publisher's
// goroutine and the stall watchdog: implementations must be quick and must not call back into the Hub
// synchronously.
type Notifier interface {
	// LiveChanged is called with true when a publisher's stream is accepted and with false when it ends.
	LiveChanged(room string, live bool)
	// StallChanged is called with true when a connected publisher has sent no media for
	// Config.StallAfter, and with false when media flows again.
	StallChanged(room string, stalled bool)
}

// ViewerObserver may also be implemented by a Notifier: it hears a live room's viewer count when it
// changes (checked with the stall watchdog, every StallAfter/4), for peak-viewer records.
type ViewerObserver interface {
	ViewersChanged(room string, viewers int)
}

// Entitlements is the wallet's view of a user's membership: tier 0 none, 1 VIP, 2 SVIP, in force until
// expiry.
type Entitlements interface {
	Entitlements(ctx context.Context, userID int64) (tier int, expiry time.Time, err error)
}

// Membership tiers as Entitlements reports them.
const (
	TierNone = 0
	TierVIP  = 1
	TierSVIP = 2
)

// Rooms tells the media path what it needs of a room: its access rules and external source. found
// false means there is no such room.
type Rooms interface {
	MediaRoom(ctx context.Context, room string) (r RoomAccess, found bool, err error)
}

// RoomAccess is a room's playback rules.
type RoomAccess struct {
	MemberOnly  bool   // VIP or SVIP members; others get a trial
	Paid        bool   // viewers must unlock it (liveUnlock)
	ExternalURL string // an m3u8 address offered as a source beside (or instead of) the room's own stream
}

// Unlocks answers whether a user has unlocked a paid room (and until when the unlock holds).
type Unlocks interface {
	Unlocked(ctx context.Context, userID int64, room string) (until time.Time, ok bool, err error)
}
