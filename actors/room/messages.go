package room

import (
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
)

// Identity is who sends a command, as the session knows it.
//
// The flags come last so that they share a word: every session keeps one (issue 24: an idle
// connection's memory).
type Identity struct {
	ID     string
	Name   string
	Level  int
	Member int // 0 none, 1 VIP, 2 SVIP
	// Until is when this identity must be checked again (the session's or the membership's end,
	// whichever comes first), in Unix nanoseconds (UntilNanos); zero: only when a revocation says
	// so. Not a time.Time: an Identity is part of every session, and 8 bytes instead of 24 keep
	// the session a size class smaller (issue 24: an idle connection's memory).
	Until  int64
	Guest  bool
	Admin  bool // platform administrator
	Muted  bool // muted on the account (a role an administrator gave), in every room
	Expert bool // an approved expert (issue 20): their chat lines carry the verified badge
}

// UntilNanos is t as an Identity's Until: Unix nanoseconds, zero for the zero time.
func UntilNanos(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

// Command is a session's request to a room. Msg is the decoded client message.
type Command struct {
	User    Identity
	Msg     protocol.ClientMessage
	ReplyTo *actor.PID
}

// Reply answers a Command. Code 0 means accepted.
type Reply struct {
	Room  string
	Nonce string
	Code  protocol.Code
	Seq   uint64
	Event []byte                // the accepted event, encoded
	Muted []protocol.MutedEntry // for the `muted` command
	List  bool                  // true when Muted answers a `muted` command
	Card  *Card                 // for a TCard command (card.go)
	// Level is the level the room asks of a chatter when Code is CodeLevelTooLow (issue 17: the
	// refusal says which level is needed).
	Level int
}

// Join subscribes a relay (on behalf of one local connection, named by Ticket) to the room.
//
// RelaySeen is the highest seq the relay has already written to its other connections of the room
// (HasRelaySeen: it has some). A room that does not know the relay yet (it was re-activated on
// another node after its previous incarnation died) first catches those connections up with a
// Rejoin reply. Rejoin marks such a catch-up request (Since = the relay's seen seq, no Ticket).
type Join struct {
	Relay        *actor.PID
	Ticket       uint64
	Since        uint64
	HasSince     bool
	RelaySeen    uint64
	HasRelaySeen bool
	Rejoin       bool
	UserID       string // who joins, so the reply can say what they may do here ("" for topics)
}

// JoinReply tells the relay where the connection starts: Replay holds every visible event after
// Since up to Seq (already encoded); later events reach the relay as Deliver frames.
type JoinReply struct {
	Room     string
	Ticket   uint64
	Seq      uint64
	Open     bool
	Presence int
	Gap      bool
	Slow     int  // slow mode in seconds, 0 when off
	Mod      bool // the joining user moderates this room (moderator, streamer or admin)
	Streamer bool // the joining user is the room's streamer
	Replay   [][]byte
	Code     protocol.Code // non-zero: the join was refused (room not found)
	// Topic marks a topic's reply (a match or scoreboard): the relay answers `subbed` and writes each
	// Replay entry as a whole frame, instead of `joined` and one batch of events.
	Topic bool
	// Rejoin answers a catch-up (see Join): Replay holds the events the relay's connections missed,
	// and from this reply on the room sends the relay every frame.
	Rejoin bool
	// MutedUntil is the end of the joining user's mute here or platform-wide (unix ms; 0: none), so
	// a muted viewer who reloads finds the chat input locked with the time left.
	MutedUntil int64
	// MinLevel is the level a viewer needs to chat here (0: none); the streamer, moderators and
	// staff are exempt. The client locks the input of a viewer whose level is lower.
	MinLevel int
}

// Deliver is one frame for every local subscriber of Room on the receiving relay.
type Deliver struct {
	Room     string
	Payload  []byte
	Priority bool
	Seq      uint64 // the room's highest broadcast seq once this frame is written (0: a topic frame)
	// First is the seq of the frame's first event (0: the frame carries no events: presence, a
	// topic). With Seq it lets a relay drop events a connection already has: while a room moves
	// between nodes its old incarnation may still flush what the new one already caught up.
	First uint64
}

// RelayReport tells the room how many local viewers a relay has; Count 0 unsubscribes the relay.
//
// Heartbeat marks the periodic report of a cluster node's relay (Seen is the highest seq it wrote):
// a room that does not know the relay (re-activated elsewhere after a node died) adds it back and
// sends it what it missed since Seen, so a relay set is rebuilt without any client reconnecting.
type RelayReport struct {
	Relay     *actor.PID
	Count     int
	Seen      uint64
	Heartbeat bool
}

// Announce puts a system event in the room's stream (the stream went live, ended, stalled). It is a
// priority event: every viewer gets it at once, and it is in history.
type Announce struct {
	Key  string // e.g. "live.started", "live.ended", "live.stalled", "prediction.result"
	Text string // optional payload for the client (predictions: the prediction's view as JSON)
}

// tick fires the batch flush; stamp guards against stale timers.
type tick struct{ stamp uint64 }

// persisted reports the group commit of the event with seq.
type persisted struct {
	seq uint64
	err error
}

// historyLoaded brings back a store read for a joiner whose since is older than the ring.
type historyLoaded struct {
	join   Join
	events [][]byte
	err    error
}

// activated brings back the room's stored settings after the actor started.
type activated struct {
	state   Snapshot
	found   bool
	lastSeq uint64
	err     error
}

// Snapshot is what a room keeps in its Store and loads on activation.
type Snapshot struct {
	Title      string
	StreamerID string
	Open       bool
	MemberOnly bool
	MinLevel   int
	SlowMode   time.Duration
	// GuestsMayChat is kept for stored rooms; the actor ignores it: guests never chat (spec §6).
	GuestsMayChat bool
	Moderators    map[string]bool
	Mutes         map[string]Mute
}

// Mute is one muted user.
type Mute struct {
	Name   string
	Until  time.Time
	By     string
	Reason string
}
