package media

import (
	"context"
	"net/netip"
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

// Directory is the record of which node holds which live stream (RTMP ingest is node-local: a
// stream lives on the node its publisher reached). A node alone uses the local variant
// (directory_local.go: every stream is this node's); a cluster uses the shared one in Redis Cluster
// (directory_redis.go). The engine picks; the Hub never asks which it has.
//
// The Hub keeps it up to date while it serves (Serve): it announces the streams it holds every
// Config.AnnounceEvery and at once when one starts or stalls, and withdraws a stream at once when it
// ends. It answers for a stream held elsewhere from it: Stats, Playback (URLs on the holder), the
// playback endpoints (a redirect to the holder) and StopRoom (a request to the holder). It stops a
// stream it holds when another node asks (ListenStops).
type Directory interface {
	// Announce records the streams this node holds now, with their state; a record expires unless
	// announced again within the directory's own TTL (longer than AnnounceEvery).
	Announce(ctx context.Context, streams []RoomStats) error
	// Withdraw removes this node's record of room's stream (the stream ended here).
	Withdraw(ctx context.Context, room string) error
	// Lookup returns room's stream when another node holds it: that node's public HTTP base URL
	// (scheme://host[:port]) and the stream's state as it last announced it. ok is false when no
	// other node does.
	Lookup(ctx context.Context, room string) (rs RemoteStream, ok bool, err error)
	// RequestStop asks the node that holds room's stream to stop it (a ban, the streamer ending live).
	RequestStop(ctx context.Context, room string) error
	// ListenStops calls stop with every room whose stream was stopped on another node (a ban or
	// the streamer ending live, handled by a node that does not hold the stream) until ctx is done,
	// then returns nil; ready is called once it listens. The Hub runs it while it serves and stops
	// the room if it holds it.
	ListenStops(ctx context.Context, ready func(), stop func(room string)) error
}

// Recorder keeps a copy of every live stream (the videos area records broadcasts as HLS on disk).
// StartRecording is called once a stream is live (after Notifier.LiveChanged(room, true)); a nil
// Recording means the stream is not recorded. Set it with Hub.SetRecorder before Run.
type Recorder interface {
	StartRecording(room string, started time.Time) Recording
}

// Recording receives one stream's finished HLS segments (MPEG-TS, each starting on a keyframe with
// its parameter sets, sequence numbers from 0) from the publisher's goroutine, outside every lock
// of the Hub, in order; End is called once after the last segment, after the stream went offline.
// Calls must not block for long: they hold up the publisher's reads.
type Recording interface {
	Segment(seq uint64, dur time.Duration, data []byte)
	End(ended time.Time)
}

// SourcePolicy is the streamer's optional allow-list of source addresses (issue 17, GET /addIpWhite):
// asked for every publish once its stream key has named the room, before the publish is
// acknowledged. The implementation reads the list from the shared store (storage/postgres through
// api/anchor.MediaStore), so a list edited on one node holds at every node's ingest. allowed is true
// when the room has no list or addr is on it; an error refuses the publish (a list that cannot be
// read is not taken as empty).
type SourcePolicy interface {
	SourceAllowed(ctx context.Context, room string, addr netip.Addr) (allowed bool, err error)
}
