package room_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"courtside/actors/protocol"
	"courtside/actors/room"
)

// fakeClock is the injected clock of the preset tests.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

type memPresets struct{ p room.Presets }

func (m memPresets) LoadPresets(context.Context, string) (room.Presets, error) { return m.p, nil }

// memStanding answers standings from a map and counts the calls.
type memStanding struct {
	mu    sync.Mutex
	users map[string]room.UserStanding
	calls map[string]int
}

func (m *memStanding) Standing(_ context.Context, _, uid string) (room.UserStanding, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls[uid]++
	return m.users[uid], nil
}

type memAudit struct {
	mu   sync.Mutex
	recs []room.AutoRecord
}

func (m *memAudit) Record(r room.AutoRecord) { m.mu.Lock(); m.recs = append(m.recs, r); m.mu.Unlock() }
func (m *memAudit) all() []room.AutoRecord {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]room.AutoRecord(nil), m.recs...)
}

type presetRig struct {
	*harness
	clock *fakeClock
	stand *memStanding
	audit *memAudit
}

func newPresetRig(t *testing.T, p room.Presets) *presetRig {
	t.Helper()
	r := &presetRig{
		clock: &fakeClock{now: time.Date(2026, 5, 10, 20, 0, 0, 0, time.UTC)},
		stand: &memStanding{users: map[string]room.UserStanding{}, calls: map[string]int{}},
		audit: &memAudit{},
	}
	r.harness = newHarness(t, func(c *room.Config, _ *room.Snapshot) {
		c.Now = r.clock.Now
		c.PresetStore = memPresets{p: p}
		c.Standing = r.stand
		c.AutoAudit = r.audit
	})
	// Activation (and the presets load behind it) is done once a command has been answered.
	r.send(moderator, chat("warming up"))
	return r
}

func (r *presetRig) sysEvent(key string) protocol.Event {
	r.t.Helper()
	return r.waitEvent("sys "+key, func(e protocol.Event) bool { return e.K == protocol.KSys && e.Key == key })
}

func (r *presetRig) chatCode(u room.Identity, text string) protocol.Code {
	r.t.Helper()
	return r.send(u, chat(text)).Code
}

func user(id string) room.Identity { return room.Identity{ID: id, Name: id, Level: 5} }

func TestGoalPresetSlowsChatAndExpires(t *testing.T) {
	r := newPresetRig(t, room.Presets{GoalSlowSecs: 60, GoalSlowInterval: 30})
	roomPID := r.reg.Get(r.id)

	// A substitution is not decisive; an old goal (a feed replaying its history) is ignored.
	r.sys.Root.Send(roomPID, &room.MatchEvent{Match: "m1", Seq: 5, Type: "substitution", At: r.clock.Now()})
	r.sys.Root.Send(roomPID, &room.MatchEvent{Match: "m1", Seq: 6, Type: "goal", At: r.clock.Now().Add(-10 * time.Minute)})
	if c := r.chatCode(viewer, "one"); c != 0 {
		t.Fatalf("first line refused before any goal: %d", c)
	}
	if c := r.chatCode(viewer, "two"); c != 0 {
		t.Fatalf("second line refused before any goal (no slow mode yet): %d", c)
	}

	r.sys.Root.Send(roomPID, &room.MatchEvent{Match: "m1", Seq: 7, Type: "goal", At: r.clock.Now()})
	ev := r.sysEvent("modpresets.slow.goal")
	if ev.Secs != 30 || ev.Msg == "" || ev.Until != r.clock.Now().Add(60*time.Second).UnixMilli() {
		t.Fatalf("announcement = %+v, want interval 30, an id and the end", ev)
	}
	// The same event again (another node pushing the same feed) changes nothing.
	r.sys.Root.Send(roomPID, &room.MatchEvent{Match: "m1", Seq: 7, Type: "goal", At: r.clock.Now()})

	if c := r.chatCode(viewer2, "goal!!"); c != 0 {
		t.Fatalf("first line in slow mode refused: %d", c)
	}
	if c := r.chatCode(viewer2, "again"); c != protocol.CodeSlowMode {
		t.Fatalf("second line within the interval = %d, want slow mode %d", c, protocol.CodeSlowMode)
	}
	if c := r.chatCode(moderator, "mods are not slowed"); c != 0 {
		t.Fatalf("moderator slowed: %d", c)
	}

	r.clock.Add(61 * time.Second)
	if c := r.chatCode(viewer2, "after"); c != 0 {
		t.Fatalf("line after the preset ended refused: %d", c)
	}
	r.sysEvent("modpresets.slow.ended")
	if c := r.chatCode(viewer2, "and again"); c != 0 {
		t.Fatalf("slow mode still on after the preset ended: %d", c)
	}

	recs := r.audit.all()
	if len(recs) != 2 || recs[0].Op != "start" || recs[0].Kind != room.AutoSlow || recs[0].Cause != room.CauseGoal ||
		recs[0].Detail != "goal" || recs[0].Secs != 60 || recs[1].Op != "end" || recs[1].ID != recs[0].ID {
		t.Fatalf("audit = %+v, want one start (goal, 60 s) and its end", recs)
	}
}

func TestRateSpikeStartsSlowModeWithInjectedClock(t *testing.T) {
	r := newPresetRig(t, room.Presets{RateThreshold: 2, RateAction: room.AutoSlow, RateSlowSecs: 120, RateSlowInterval: 15})
	// 10 lines in the window are 2 per second: not above the threshold.
	for i := 0; i < 10; i++ {
		if c := r.chatCode(user("u-c"+string(rune('a'+i))), "hi"); c != 0 {
			t.Fatalf("line %d refused: %d", i, c)
		}
	}
	// The window slides: 6 seconds later those lines no longer count.
	r.clock.Add(6 * time.Second)
	for i := 0; i < 10; i++ {
		r.chatCode(user("u-d"+string(rune('a'+i))), "hi")
	}
	if n := len(r.audit.all()); n != 0 {
		t.Fatalf("rate preset fired at 2 lines/s: %+v", r.audit.all())
	}
	r.chatCode(user("u-e"), "one too many")
	ev := r.sysEvent("modpresets.slow.rate")
	if ev.Secs != 15 {
		t.Fatalf("announcement = %+v, want interval 15", ev)
	}
	if c := r.chatCode(user("u-e"), "again"); c != protocol.CodeSlowMode {
		t.Fatalf("line in rate slow mode = %d, want %d", c, protocol.CodeSlowMode)
	}
	recs := r.audit.all()
	if len(recs) != 1 || recs[0].Cause != room.CauseRate || recs[0].Detail != "2.2" {
		t.Fatalf("audit = %+v, want one rate start measured at 2.2 lines/s", recs)
	}
	r.clock.Add(121 * time.Second)
	if c := r.chatCode(user("u-e"), "calm again"); c != 0 {
		t.Fatalf("line after the rate preset ended: %d", c)
	}
	r.sysEvent("modpresets.slow.ended")
}

func TestShieldModeGatesNewAccountsAndNonFollowersThenExpires(t *testing.T) {
	r := newPresetRig(t, room.Presets{ShieldMins: 5, ShieldWords: []string{"Scam"}, NewAccountDays: 7})
	now := r.clock.Now()
	r.stand.users["u-new"] = room.UserStanding{Created: now.Add(-24 * time.Hour), FollowedAt: now.Add(-time.Hour)}
	r.stand.users["u-stranger"] = room.UserStanding{Created: now.Add(-400 * 24 * time.Hour)}
	r.stand.users["u-fan"] = room.UserStanding{Created: now.Add(-400 * 24 * time.Hour), FollowedAt: now.Add(-30 * 24 * time.Hour)}

	if rep := r.send(viewer, mod("shield", "", 0)); rep.Code != protocol.CodeForbidden {
		t.Fatalf("viewer turned shield mode on: %+v", rep)
	}
	if rep := r.send(moderator, mod("shield", "", 0)); rep.Code != 0 {
		t.Fatalf("shield refused to a moderator: %+v", rep)
	}
	ev := r.sysEvent("modpresets.shield.manual")
	if ev.Until != now.Add(5*time.Minute).UnixMilli() {
		t.Fatalf("shield announcement = %+v, want it to end in 5 minutes", ev)
	}
	cases := []struct {
		who  string
		text string
		want protocol.Code
	}{
		{"u-new", "hello", protocol.CodeNewAccount},
		{"u-stranger", "hello", protocol.CodeFollowersOnly},
		{"u-fan", "hello", 0},
		{"u-fan", "free coins SCAM here", protocol.CodeStrictWord},
	}
	for _, c := range cases {
		if got := r.chatCode(user(c.who), c.text); got != c.want {
			t.Errorf("%s %q = %d, want %d", c.who, c.text, got, c.want)
		}
	}
	if got := r.chatCode(moderator, "mods talk through shield, even about a scam"); got != 0 {
		t.Errorf("moderator refused in shield mode: %d", got)
	}
	// The standing was read once per user, not once per line.
	r.chatCode(user("u-stranger"), "still here")
	if n := r.stand.calls["u-stranger"]; n != 1 {
		t.Errorf("standing of u-stranger read %d times, want once (cached)", n)
	}

	r.clock.Add(5*time.Minute + time.Second)
	if got := r.chatCode(user("u-stranger"), "free at last"); got != 0 {
		t.Fatalf("line after shield ended: %d", got)
	}
	r.sysEvent("modpresets.shield.ended")
	if got := r.chatCode(user("u-new"), "me too"); got != 0 {
		t.Fatalf("new account still read-only after shield: %d", got)
	}
	recs := r.audit.all()
	if len(recs) != 2 || recs[0].Cause != room.CauseManual || recs[0].Actor != moderator.ID || recs[1].Op != "end" {
		t.Fatalf("audit = %+v", recs)
	}
}

func TestFollowersOnlyWithMinimumFollowAge(t *testing.T) {
	r := newPresetRig(t, room.Presets{FollowersOnly: true, MinFollowMins: 10})
	now := r.clock.Now()
	r.stand.users["u-recent"] = room.UserStanding{Created: now.Add(-100 * 24 * time.Hour), FollowedAt: now.Add(-5 * time.Minute)}
	r.stand.users["u-old"] = room.UserStanding{Created: now.Add(-100 * 24 * time.Hour), FollowedAt: now.Add(-time.Hour)}
	if got := r.chatCode(user("u-recent"), "hi"); got != protocol.CodeFollowersOnly {
		t.Fatalf("follower of 5 minutes = %d, want %d", got, protocol.CodeFollowersOnly)
	}
	if got := r.chatCode(user("u-old"), "hi"); got != 0 {
		t.Fatalf("follower of an hour refused: %d", got)
	}
	r.clock.Add(6 * time.Minute)
	if got := r.chatCode(user("u-recent"), "now?"); got != 0 {
		t.Fatalf("follower of 11 minutes refused: %d", got)
	}
	if got := r.chatCode(guestUser, "guest"); got != protocol.CodeLoginRequired {
		t.Fatalf("guest = %d", got)
	}
}

func TestModeratorUndoesAnAutomaticAction(t *testing.T) {
	r := newPresetRig(t, room.Presets{GoalSlowSecs: 300, GoalSlowInterval: 60, RateThreshold: 1, RateAction: room.AutoSlow})
	r.sys.Root.Send(r.reg.Get(r.id), &room.MatchEvent{Match: "m9", Seq: 1, Type: "redCard", At: r.clock.Now()})
	ev := r.sysEvent("modpresets.slow.goal")

	if rep := r.send(viewer, protocol.ClientMessage{T: protocol.TMod, Op: "undo", Msg: ev.Msg}); rep.Code != protocol.CodeForbidden {
		t.Fatalf("viewer undid: %+v", rep)
	}
	if rep := r.send(moderator, protocol.ClientMessage{T: protocol.TMod, Op: "undo", Msg: ev.Msg}); rep.Code != 0 {
		t.Fatalf("undo refused: %+v", rep)
	}
	undone := r.sysEvent("modpresets.slow.undone")
	if undone.Msg != ev.Msg {
		t.Fatalf("undo announcement names %q, want %q", undone.Msg, ev.Msg)
	}
	for i := 0; i < 3; i++ {
		if c := r.chatCode(viewer, "free again"); c != 0 {
			t.Fatalf("line %d after undo refused: %d", i, c)
		}
	}
	// The flood right after an undo does not overturn it (cool-down).
	for i := 0; i < 8; i++ {
		r.chatCode(user("u-f"+string(rune('a'+i))), "flood")
	}
	if rep := r.send(moderator, protocol.ClientMessage{T: protocol.TMod, Op: "undo", Msg: ev.Msg}); rep.Code != protocol.CodeNothingToUndo {
		t.Fatalf("second undo = %+v, want nothing to undo", rep)
	}
	recs := r.audit.all()
	if len(recs) != 2 || recs[1].Op != "undo" || recs[1].Actor != moderator.ID || recs[1].ID != ev.Msg {
		t.Fatalf("audit = %+v, want the start and the moderator's undo", recs)
	}
}

func TestRateSpikeCanStartFollowersOnlyAndPresetsChangeLive(t *testing.T) {
	r := newPresetRig(t, room.Presets{}) // nothing at first
	now := r.clock.Now()
	r.stand.users["u-fan"] = room.UserStanding{Created: now.Add(-90 * 24 * time.Hour), FollowedAt: now.Add(-24 * time.Hour)}
	for i := 0; i < 12; i++ {
		r.chatCode(user("u-g"+string(rune('a'+i))), "busy")
	}
	if n := len(r.audit.all()); n != 0 {
		t.Fatalf("a room without presets acted: %+v", r.audit.all())
	}

	// The streamer saves presets while the room is live: in force for the next line.
	r.sys.Root.Send(r.reg.Get(r.id), &room.SetPresets{Presets: room.Presets{RateThreshold: 1, RateAction: room.AutoFollowers, ShieldMins: 3}})
	r.clock.Add(10 * time.Second)
	for i := 0; i < 6; i++ {
		r.chatCode(user("u-h"+string(rune('a'+i))), "busier")
	}
	ev := r.sysEvent("modpresets.followers.rate")
	if ev.Until != r.clock.Now().Add(3*time.Minute).UnixMilli() {
		t.Fatalf("followers-only announcement = %+v, want 3 minutes", ev)
	}
	if got := r.chatCode(user("u-stranger"), "hi"); got != protocol.CodeFollowersOnly {
		t.Fatalf("non-follower during automatic followers-only = %d", got)
	}
	if got := r.chatCode(user("u-fan"), "hi"); got != 0 {
		t.Fatalf("follower refused: %d", got)
	}
	r.clock.Add(3*time.Minute + time.Second)
	if got := r.chatCode(user("u-stranger2"), "over?"); got != 0 {
		t.Fatalf("non-follower after followers-only ended: %d", got)
	}
	r.sysEvent("modpresets.followers.ended")
}

func TestSlowModeSetByHandOverridesTheAutomaticOne(t *testing.T) {
	r := newPresetRig(t, room.Presets{GoalSlowSecs: 60, GoalSlowInterval: 30})
	r.sys.Root.Send(r.reg.Get(r.id), &room.MatchEvent{Match: "m1", Seq: 1, Type: "goal", At: r.clock.Now()})
	r.sysEvent("modpresets.slow.goal")
	if rep := r.send(moderator, mod("slow", "", 5)); rep.Code != 0 {
		t.Fatalf("slow by hand: %+v", rep)
	}
	r.clock.Add(2 * time.Minute) // past the automatic one's end: the moderator's 5 s stay
	if c := r.chatCode(viewer, "one"); c != 0 {
		t.Fatalf("first line: %d", c)
	}
	if c := r.chatCode(viewer, "two"); c != protocol.CodeSlowMode {
		t.Fatalf("second line within the moderator's 5 s = %d, want slow mode", c)
	}
	recs := r.audit.all()
	if len(recs) != 2 || recs[1].Op != "end" || recs[1].Actor != moderator.ID {
		t.Fatalf("audit = %+v, want the start and its end by the moderator", recs)
	}
}
