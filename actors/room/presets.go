package room

import (
	"context"
	"strconv"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
)

// Moderation presets (issue 25 §3): what a streamer picks once and the room then does by itself —
// slow mode on a goal or decisive event of the linked match, slow mode / shield mode / followers-only
// when the chat rate spikes, shield mode in one click, followers-only chat with a minimum follow age.
// Every automatic action is announced in chat (a `sys` event whose Key names it, rendered in each
// viewer's language), recorded through AutoAudit and reversible by a moderator (`mod` op "undo" with
// the action's id in msg; the undo is announced and recorded too).

// Presets is one room's automatic moderation. Zero values switch each part off.
type Presets struct {
	// On a goal or decisive event of the linked match: slow mode of GoalSlowInterval seconds per
	// message for GoalSlowSecs seconds (0: off).
	GoalSlowSecs     int
	GoalSlowInterval int
	// When more than RateThreshold chat lines per second arrive (over RateWindow): RateAction
	// ("slow", "shield" or "followers") starts. RateThreshold 0: off.
	RateThreshold    float64
	RateAction       string
	RateSlowSecs     int // "slow": for this many seconds ...
	RateSlowInterval int // ... at one message per this many seconds
	// Shield mode (one click, or RateAction "shield"): followers-only for ShieldMins minutes, the
	// ShieldWords refused, accounts younger than NewAccountDays days read-only.
	ShieldMins     int
	ShieldWords    []string
	NewAccountDays int
	// FollowersOnly keeps chat to followers of the streamer of at least MinFollowMins minutes, always.
	// RateAction "followers" turns the same rule on for ShieldMins minutes.
	FollowersOnly bool
	MinFollowMins int
}

// Automatic action kinds (also the undo's subject and the announcement's key suffix).
const (
	AutoSlow      = "slow"
	AutoShield    = "shield"
	AutoFollowers = "followers"
)

// Causes of an automatic action.
const (
	CauseGoal   = "goal"   // an event of the linked match
	CauseRate   = "rate"   // the chat rate passed the threshold
	CauseManual = "manual" // a moderator's one click (shield mode)
)

// RateWindow is how far back the chat rate is measured.
const RateWindow = 5 * time.Second

// rateCooldown keeps the rate trigger quiet after an action ends or is undone, so a moderator's
// undo is not immediately overturned by the same flood.
const rateCooldown = 2 * time.Minute

// matchEventMaxAge drops match events older than this on arrival (a feed replaying its history
// after a restart must not slow down every room).
const matchEventMaxAge = 2 * time.Minute

// DecisiveIncidents are the match incidents that trigger the goal preset: goals and the events of
// other games that move a match as much.
var DecisiveIncidents = map[string]bool{
	"goal": true, "ownGoal": true, "penaltyScored": true, "redCard": true, "touchdown": true,
	"homeRun": true, "knockdown": true, "finish": true, "firstBlood": true, "baron": true, "roshan": true,
	"mapWin": true, "gameWin": true, "setWon": true, "frameWon": true, "wicket": true, "teamEliminated": true,
	"bombPlant": true, "fullTime": true,
}

// AutoRecord is one automatic action, or its undo, for the audit log.
type AutoRecord struct {
	Room   string
	ID     string // the action's id (undo names it)
	Op     string // "start", "end" (expired) or "undo"
	Kind   string // AutoSlow, AutoShield, AutoFollowers
	Cause  string // CauseGoal, CauseRate, CauseManual ("" for end and undo)
	Actor  string // who undid or started it by hand ("" for the system)
	Detail string // the match event or the measured rate
	Secs   int    // how long it lasts
	At     time.Time
}

// AutoAudit records automatic actions. Record must not block: it queues (called on the actor).
type AutoAudit interface {
	Record(r AutoRecord)
}

// PresetStore loads a room's presets, off the actor, once per activation.
type PresetStore interface {
	LoadPresets(ctx context.Context, room string) (Presets, error)
}

// SetPresets replaces a room's presets (the streamer saved them): in force for the next chat line.
type SetPresets struct{ Presets Presets }

// MatchEvent tells a room that its linked match had an incident. Rooms drop a repeat of the same
// (Match, Seq) — every node of a cluster may push the same feed — and events older than two minutes.
type MatchEvent struct {
	Match string
	Seq   uint64
	Type  string // feed.Incident.Type: goal, redCard, firstBlood, ...
	At    time.Time
}

// autoAction is one automatic action in force.
type autoAction struct {
	id       string
	kind     string
	until    time.Time
	prevSlow time.Duration // AutoSlow: the slow mode to restore
}

// presetState is the room's preset machinery, owned by the actor.
type presetState struct {
	p         Presets
	active    map[string]*autoAction // by kind
	next      int
	rate      []time.Time // chat line times within RateWindow
	quietTil  time.Time   // no rate trigger before this
	seen      map[string]uint64
	stand     map[string]standingEntry
	stashed   map[string][]*Command // chat lines waiting for their sender's standing
	replaying bool                  // onChat runs again for stashed lines
}

// presetLoaded brings the stored presets back after activation.
type presetLoaded struct {
	p   Presets
	err error
}

// autoExpire fires when an automatic action may have ended.
type autoExpire struct{ id string }

func (a *Actor) presets() *presetState {
	if a.pre == nil {
		a.pre = &presetState{active: map[string]*autoAction{}, seen: map[string]uint64{},
			stand: map[string]standingEntry{}, stashed: map[string][]*Command{}}
	}
	return a.pre
}

// loadPresets reads the room's presets off the actor (called once the room is activated).
func (a *Actor) loadPresets(ctx actor.Context) {
	a.presets()
	if a.cfg.PresetStore == nil {
		return
	}
	self, sys, store, id, timeout := a.self, ctx.ActorSystem(), a.cfg.PresetStore, a.id, a.cfg.LoadTimeout
	go func() {
		c, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		p, err := store.LoadPresets(c, id)
		sys.Root.Send(self, &presetLoaded{p: p, err: err})
	}()
}

// handlePreset takes the preset messages; it reports whether msg was one.
func (a *Actor) handlePreset(ctx actor.Context, msg any) bool {
	switch m := msg.(type) {
	case *presetLoaded:
		if m.err != nil {
			a.cfg.Log.Warn("moderation presets not loaded", zap.String("room", a.id), zap.Error(m.err))
			return true
		}
		a.presets().p = m.p
	case *SetPresets:
		a.presets().p = m.Presets
	case *MatchEvent:
		a.onMatchEvent(ctx, m)
	case *autoExpire:
		a.expireAuto(ctx, a.cfg.Now())
	case *standingLoaded:
		a.onStandingLoaded(ctx, m)
	default:
		return false
	}
	return true
}

func (a *Actor) onMatchEvent(ctx actor.Context, m *MatchEvent) {
	ps := a.presets()
	now := a.cfg.Now()
	if last, ok := ps.seen[m.Match]; ok && m.Seq <= last {
		return
	}
	ps.seen[m.Match] = m.Seq
	if !DecisiveIncidents[m.Type] || ps.p.GoalSlowSecs <= 0 || now.Sub(m.At) > matchEventMaxAge {
		return
	}
	interval := ps.p.GoalSlowInterval
	if interval <= 0 {
		interval = 10
	}
	a.startAuto(ctx, AutoSlow, CauseGoal, m.Type, "", ps.p.GoalSlowSecs, interval, now)
}

// noteChat counts one chat line towards the rate trigger (called for every line a viewer sends).
func (a *Actor) noteChat(ctx actor.Context, now time.Time) {
	ps := a.presets()
	a.expireAuto(ctx, now)
	if ps.p.RateThreshold <= 0 || ps.replaying {
		return
	}
	cut := now.Add(-RateWindow)
	i := 0
	for i < len(ps.rate) && !ps.rate[i].After(cut) {
		i++
	}
	ps.rate = append(ps.rate[i:], now)
	rate := float64(len(ps.rate)) / RateWindow.Seconds()
	if rate <= ps.p.RateThreshold || now.Before(ps.quietTil) {
		return
	}
	kind := ps.p.RateAction
	if kind != AutoShield && kind != AutoFollowers {
		kind = AutoSlow
	}
	if ps.active[kind] != nil {
		return
	}
	detail := strconv.FormatFloat(rate, 'f', 1, 64)
	switch kind {
	case AutoSlow:
		secs, interval := ps.p.RateSlowSecs, ps.p.RateSlowInterval
		if secs <= 0 {
			secs = 60
		}
		if interval <= 0 {
			interval = 10
		}
		a.startAuto(ctx, AutoSlow, CauseRate, detail, "", secs, interval, now)
	default:
		a.startAuto(ctx, kind, CauseRate, detail, "", a.shieldSecs(), 0, now)
	}
	ps.rate = ps.rate[:0]
}

func (a *Actor) shieldSecs() int {
	if m := a.presets().p.ShieldMins; m > 0 {
		return m * 60
	}
	return 10 * 60
}

// startAuto puts an automatic action in force, announces it and records it. A running action of
// the same kind is extended instead (one announcement per change).
func (a *Actor) startAuto(ctx actor.Context, kind, cause, detail, by string, secs, interval int, now time.Time) *autoAction {
	ps := a.presets()
	until := now.Add(time.Duration(secs) * time.Second)
	if cur := ps.active[kind]; cur != nil {
		if until.After(cur.until) {
			cur.until = until
			a.armExpire(ctx, cur)
		}
		return cur
	}
	ps.next++
	act := &autoAction{id: a.id + "-auto-" + strconv.FormatInt(now.UnixMilli(), 36) + "-" + strconv.Itoa(ps.next), kind: kind, until: until}
	if kind == AutoSlow {
		act.prevSlow = a.state.SlowMode
		a.slow.SetInterval(time.Duration(interval) * time.Second)
	}
	ps.active[kind] = act
	a.armExpire(ctx, act)
	a.announceAuto(ctx, "modpresets."+kind+"."+cause, act, interval, until)
	a.auditAuto(AutoRecord{Room: a.id, ID: act.id, Op: "start", Kind: kind, Cause: cause, Actor: by, Detail: detail, Secs: secs, At: now})
	return act
}

// endAuto lifts an action (expired, or undone by a moderator when by is set).
func (a *Actor) endAuto(ctx actor.Context, act *autoAction, by string, now time.Time) {
	ps := a.presets()
	delete(ps.active, act.kind)
	if act.kind == AutoSlow {
		a.slow.SetInterval(act.prevSlow)
	}
	op, key := "end", "modpresets."+act.kind+".ended"
	if by != "" {
		op, key = "undo", "modpresets."+act.kind+".undone"
		ps.quietTil = now.Add(rateCooldown)
	}
	ps.rate = ps.rate[:0]
	a.announceAuto(ctx, key, act, 0, time.Time{})
	a.auditAuto(AutoRecord{Room: a.id, ID: act.id, Op: op, Kind: act.kind, Actor: by, At: now})
}

// slowSetByHand is told that a moderator set slow mode: an automatic slow mode in force is over
// (recorded, not announced: the moderator's own change is) and its end restores nothing.
func (a *Actor) slowSetByHand(by string, now time.Time) {
	if a.pre == nil {
		return
	}
	if act := a.pre.active[AutoSlow]; act != nil {
		delete(a.pre.active, AutoSlow)
		a.auditAuto(AutoRecord{Room: a.id, ID: act.id, Op: "end", Kind: AutoSlow, Actor: by, Detail: "slow set by hand", At: now})
	}
}

// expireAuto ends every action whose time is up (on chat lines and on the expiry timer, so the
// injected clock of tests drives it as well as the wall clock).
func (a *Actor) expireAuto(ctx actor.Context, now time.Time) {
	ps := a.presets()
	for _, kind := range []string{AutoSlow, AutoShield, AutoFollowers} {
		if act := ps.active[kind]; act != nil && !now.Before(act.until) {
			a.endAuto(ctx, act, "", now)
		}
	}
}

func (a *Actor) armExpire(ctx actor.Context, act *autoAction) {
	d := act.until.Sub(a.cfg.Now())
	if d < 0 {
		d = 0
	}
	self, sys, id := a.self, ctx.ActorSystem(), act.id
	time.AfterFunc(d+50*time.Millisecond, func() { sys.Root.Send(self, &autoExpire{id: id}) })
}

// announceAuto puts the action in chat: a `sys` event whose Key the client renders in the viewer's
// language; Msg carries the action's id (the undo button), Secs the slow interval, Until the end.
func (a *Actor) announceAuto(ctx actor.Context, key string, act *autoAction, interval int, until time.Time) {
	ev := protocol.Event{K: protocol.KSys, Key: key, Msg: act.id, Secs: interval}
	if !until.IsZero() {
		ev.Until = until.UnixMilli()
	}
	a.accept(ctx, ev, nil, "")
}

func (a *Actor) auditAuto(r AutoRecord) {
	if a.cfg.AutoAudit != nil {
		a.cfg.AutoAudit.Record(r)
	}
}

// onShield starts shield mode by a moderator's one click (`mod` op "shield", secs optional).
func (a *Actor) onShield(ctx actor.Context, c *Command) {
	if c.User.Guest || a.rank(c.User) < 1 {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: protocol.CodeForbidden})
		return
	}
	secs := c.Msg.Secs
	if secs <= 0 {
		secs = a.shieldSecs()
	}
	now := a.cfg.Now()
	a.expireAuto(ctx, now)
	if a.presets().active[AutoShield] != nil {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce})
		return
	}
	a.startAuto(ctx, AutoShield, CauseManual, "", c.User.ID, secs, 0, now)
	a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce})
}

// onUndo lifts an automatic action by a moderator (`mod` op "undo", msg = the action's id; empty:
// every action in force).
func (a *Actor) onUndo(ctx actor.Context, c *Command) {
	if c.User.Guest || a.rank(c.User) < 1 {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: protocol.CodeForbidden})
		return
	}
	now := a.cfg.Now()
	a.expireAuto(ctx, now)
	ps := a.presets()
	undone := 0
	for _, kind := range []string{AutoSlow, AutoShield, AutoFollowers} {
		if act := ps.active[kind]; act != nil && (c.Msg.Msg == "" || c.Msg.Msg == act.id) {
			a.endAuto(ctx, act, c.User.ID, now)
			undone++
		}
	}
	if undone == 0 {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: protocol.CodeNothingToUndo})
		return
	}
	a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce})
}
