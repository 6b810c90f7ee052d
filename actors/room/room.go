package room

import (
	"context"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/actors/ratelimit"
)

// Config holds what every room of a node shares. New fills zero values with defaults.
type Config struct {
	// Frames are paced (tick.go): a line that finds the room quiet goes out at once; while lines
	// keep coming, frames are at least TickMin apart, widening to TickMax at HotRate lines/s.
	TickMin    time.Duration // least spacing of frames in a quiet room; default 100ms
	TickMax    time.Duration // spacing of frames in a hot room; default 250ms
	HotRate    float64       // accepted chat lines per second at which the spacing reaches TickMax; default 50
	FrameLines int           // most ordinary chat lines per frame; default 40
	RingSize   int           // recent events kept for joins and resume; default 2048
	Limits     ratelimit.Classes
	// ReportLimit bounds the reports one user files in one room (each is stored for staff to read);
	// default 10 per 10 minutes, for everybody.
	ReportLimit ratelimit.Limit
	LoadTimeout time.Duration // activation read of the Store; default 5s

	Store         Store         // nil: rooms start with defaults and nothing is recorded
	History       History       // required
	PlatformMutes PlatformMutes // required
	Filter        Filter        // nil: no banned words
	Wallet        Wallet        // nil: gifts are refused with gift.failed
	// GiftKeys shares which event each paid gift became with every node, so a room re-activated
	// elsewhere answers a retried gift with its first seq instead of showing it again. nil: only
	// this incarnation's memory recognises a retry (enough on a single node).
	GiftKeys GiftKeys
	// Paid charges and removes paid messages (paid.go). nil: they are refused with paidmsg.failed.
	Paid PaidWallet
	// Exists says whether a room id names a real room when the Store has no row for it. nil: any valid
	// id is a room (tests, demo).
	Exists func(id string) bool

	// Moderation presets (presets.go, shield.go); each nil: that part is off (no stored presets,
	// gates that need a standing let everyone through, automatic actions are not audited).
	PresetStore PresetStore
	Standing    Standing
	AutoAudit   AutoAudit

	SampledOut Counter // ordinary chat lines left out of frames; nil = not counted
	// FrameWait observes, for every line a frame carries, the seconds from the line becoming durable
	// to the frame going to the relays: the room's own share of a line's latency (the pacing, tick.go).
	// nil = not observed.
	FrameWait Observer
	// GiftKeyErrors counts failed GiftKeys calls (the gift then goes on as without GiftKeys); nil =
	// not counted. Its Add is called from goroutines other than the actor (prometheus.Counter is safe).
	GiftKeyErrors Counter
	Log           *zap.Logger
	Now           func() time.Time
}

func (c *Config) fill() {
	if c.TickMin == 0 {
		c.TickMin = 100 * time.Millisecond
	}
	if c.TickMax == 0 {
		c.TickMax = 250 * time.Millisecond
	}
	if c.HotRate == 0 {
		c.HotRate = 50
	}
	if c.FrameLines == 0 {
		c.FrameLines = 40
	}
	if c.RingSize == 0 {
		c.RingSize = 2048
	}
	if c.ReportLimit.Count <= 0 || c.ReportLimit.Period <= 0 {
		c.ReportLimit = ratelimit.Limit{Count: 10, Period: 10 * time.Minute}
	}
	if c.LoadTimeout == 0 {
		c.LoadTimeout = 5 * time.Second
	}
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}

// pendingEvent is an accepted event waiting for its group commit.
type pendingEvent struct {
	seq     uint64
	ev      protocol.Event
	payload []byte
	replyTo *actor.PID
	nonce   string
	giftKey string // a gift's idempotency key, shared with GiftKeys once the event is durable
	done    bool
	err     error
}

// batchLine is one visible event waiting for the next frame.
type batchLine struct {
	seq      uint64
	msgID    string
	uid      string
	priority bool
	deleted  bool
	payload  []byte
	ready    time.Time // when it became durable (Config.FrameWait)
}

// Actor is one live room.
type Actor struct {
	id   string
	cfg  *Config
	self *actor.PID

	ready   bool
	waiting []any // messages that arrived before activation finished, replayed in order

	state     Snapshot
	nextSeq   uint64 // the seq the next accepted event gets
	lastTS    int64  // ts of the last accepted event
	broadcast uint64 // highest seq sent to relays
	inflight  []*pendingEvent
	ring      *ring

	limiter *ratelimit.Window // chat lines, per user and class
	reports *ratelimit.Window // reports, per user
	slow    *ratelimit.SlowMode

	batch     []batchLine // visible events not yet sent to relays, in seq order
	tickArmed bool
	tickStamp uint64
	pace      pacer // when the next frame goes out (tick.go)

	giftSeqs  map[string]uint64 // recent gift idempotency keys -> seq of their event
	giftOrder []string

	pinMsgs  map[string]string // recent paid messages: pin id -> chat message id (paid.go)
	pinOrder []string

	relays       map[string]relayRef // relay (by address and id: a remote relay's PID arrives as a new pointer each time)
	rejoining    map[string]int      // relays being caught up (value: their viewer count); they get frames once the catch-up is sent
	presence     int
	presenceSent int
	frameBuf     []byte

	pre *presetState // moderation presets (presets.go)
}

// relayRef is one subscribed relay and its local viewer count.
type relayRef struct {
	pid   *actor.PID
	count int
}

// relayKey names a relay across nodes.
func relayKey(pid *actor.PID) string { return pid.Address + "/" + pid.Id }

// Props returns the props of the room actor for id.
func Props(id string, cfg *Config) *actor.Props {
	cfg.fill()
	return actor.PropsFromProducer(func() actor.Actor { return New(id, cfg) })
}

// New returns the room actor for id (a cluster kind builds it once it knows the identity it was
// activated for; everyone else uses Props).
func New(id string, cfg *Config) actor.Actor {
	cfg.fill()
	return &Actor{
		id:        id,
		cfg:       cfg,
		ring:      newRing(cfg.RingSize),
		pace:      newPacer(cfg),
		relays:    make(map[string]relayRef),
		rejoining: make(map[string]int),
		limiter:   ratelimit.NewWindow(cfg.Limits),
		reports: ratelimit.NewWindow(ratelimit.Classes{Viewer: cfg.ReportLimit, VIP: cfg.ReportLimit,
			Moderator: cfg.ReportLimit, Streamer: cfg.ReportLimit}),
	}
}

// Receive is the room's mailbox loop.
func (a *Actor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		a.self = ctx.Self()
		a.activate(ctx)
		return
	case *activated:
		a.onActivated(ctx, m)
		return
	case *actor.Stopping, *actor.Stopped, *actor.Restarting:
		return
	}
	if !a.ready {
		a.waiting = append(a.waiting, ctx.Message())
		return
	}
	a.handle(ctx, ctx.Message())
}

func (a *Actor) handle(ctx actor.Context, msg any) {
	switch m := msg.(type) {
	case *Command:
		a.onCommand(ctx, m)
	case *persisted:
		a.onPersisted(ctx, m)
	case *tick:
		if m.stamp == a.tickStamp {
			a.tickArmed = false
			a.flush(ctx)
		}
	case *Join:
		a.onJoin(ctx, m)
	case *historyLoaded:
		a.onHistoryLoaded(ctx, m)
	case *Announce:
		a.accept(ctx, protocol.Event{K: protocol.KSys, Key: m.Key, Text: m.Text}, nil, "")
	case *giftPaid:
		a.onGiftPaid(ctx, m)
	case *paidCharged:
		a.onPaidCharged(ctx, m)
	case *paidRemoved:
		a.onPaidRemoved(ctx, m)
	case *RelayReport:
		a.onRelayReport(ctx, m)
	case *recorded:
		ctx.Send(m.to, m.reply)
	default:
		a.handlePreset(ctx, msg)
	}
}

// activate loads the room's stored state off the actor; commands wait until it is back.
func (a *Actor) activate(ctx actor.Context) {
	self, sys, cfg, id := ctx.Self(), ctx.ActorSystem(), a.cfg, a.id
	go func() {
		c, cancel := context.WithTimeout(context.Background(), cfg.LoadTimeout)
		defer cancel()
		res := &activated{}
		if cfg.Store != nil {
			res.state, res.found, res.err = cfg.Store.LoadRoom(c, id)
		}
		if res.err == nil && !res.found {
			res.found = cfg.Exists == nil || cfg.Exists(id)
			res.state = Snapshot{Open: true, GuestsMayChat: cfg.Store == nil}
		}
		if res.err == nil && res.found {
			res.lastSeq, res.err = cfg.History.LastSeq(c, id)
		}
		sys.Root.Send(self, res)
	}()
}

func (a *Actor) onActivated(ctx actor.Context, m *activated) {
	if m.err != nil || !m.found {
		if m.err != nil {
			a.cfg.Log.Error("room activation failed", zap.String("room", a.id), zap.Error(m.err))
		}
		// Answer whatever waited, then stop: the registry spawns a fresh actor next time.
		code := protocol.CodeRoomNotFound
		if m.err != nil {
			code = protocol.CodeServerError
		}
		for _, w := range a.waiting {
			a.refuseEarly(ctx, w, code)
		}
		a.waiting = nil
		ctx.Stop(ctx.Self())
		return
	}
	a.state = m.state
	if a.state.Moderators == nil {
		a.state.Moderators = map[string]bool{}
	}
	if a.state.Mutes == nil {
		a.state.Mutes = map[string]Mute{}
	}
	a.slow = ratelimit.NewSlowMode(a.state.SlowMode)
	a.nextSeq = m.lastSeq + 1
	a.broadcast = m.lastSeq
	a.ready = true
	a.pace.observe(a.cfg.Now())
	a.loadPresets(ctx)
	waiting := a.waiting
	a.waiting = nil
	for _, w := range waiting {
		a.handle(ctx, w)
	}
}

// refuseEarly answers a message that arrived for a room that could not be activated.
func (a *Actor) refuseEarly(ctx actor.Context, msg any, code protocol.Code) {
	switch m := msg.(type) {
	case *Command:
		if m.ReplyTo != nil {
			ctx.Send(m.ReplyTo, &Reply{Room: a.id, Nonce: m.Msg.Nonce, Code: code})
		}
	case *Join:
		ctx.Send(m.Relay, &JoinReply{Room: a.id, Ticket: m.Ticket, Code: code})
	}
}

// rank orders who may act on whom: admin > streamer > moderator > viewer.
func (a *Actor) rank(u Identity) int {
	switch {
	case u.Admin:
		return 3
	case u.ID != "" && u.ID == a.state.StreamerID:
		return 2
	case a.state.Moderators[u.ID]:
		return 1
	}
	return 0
}

func (a *Actor) rankOfID(uid string) int { return a.rank(Identity{ID: uid}) }

// roleOf is u's standing here as chat lines show it (the badge before the name).
func (a *Actor) roleOf(u Identity) string {
	switch a.rank(u) {
	case 3:
		return protocol.RoleStaff
	case 2:
		return protocol.RoleStreamer
	case 1:
		return protocol.RoleMod
	}
	return ""
}

func (a *Actor) reply(ctx actor.Context, to *actor.PID, r *Reply) {
	if to != nil {
		r.Room = a.id
		ctx.Send(to, r)
	}
}
