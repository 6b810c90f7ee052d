package providers

import (
	"context"
	"errors"
	"hash/fnv"
	"math"
	"reflect"
	"sort"
	"time"

	jsoniter "github.com/json-iterator/go"
	"go.uber.org/zap"

	"courtside/actors/match/feed"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

// Tracker turns snapshots into feed events, per match: only what changed, never backwards, with
// sequence numbers continuing each match's stream without holes.
type Tracker struct {
	resume  ResumeFunc
	log     *zap.Logger
	now     func() time.Time
	matches map[string]*tracked
	// Counters for logs and tests.
	Sent, Stale, Refused int
}

type tracked struct {
	st        feed.State
	updated   time.Time
	incidents map[string]bool
	lineups   map[string]uint64
	fixture   uint64
	odds      uint64
	players   uint64
}

// NewTracker builds a tracker; resume may be nil (every match starts from nothing); now stamps
// events of snapshots without a time (default time.Now).
func NewTracker(resume ResumeFunc, log *zap.Logger, now func() time.Time) *Tracker {
	if log == nil {
		log = zap.NewNop()
	}
	if now == nil {
		now = time.Now
	}
	return &Tracker{resume: resume, log: log, now: now, matches: map[string]*tracked{}}
}

// State returns the state consumers hold for a match after what the tracker sent.
func (t *Tracker) State(match string) (feed.State, bool) {
	m, ok := t.matches[match]
	if !ok {
		return feed.State{}, false
	}
	return m.st.Clone(), true
}

func hashOf(v any) uint64 {
	b, _ := json.Marshal(v)
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

func (t *Tracker) load(ctx context.Context, id string) (*tracked, error) {
	if m := t.matches[id]; m != nil {
		return m, nil
	}
	m := &tracked{incidents: map[string]bool{}, lineups: map[string]uint64{}}
	if t.resume != nil {
		st, refs, found, err := t.resume(ctx, id)
		if err != nil {
			return nil, err
		}
		if found {
			m.st = st
			for _, r := range refs {
				m.incidents[r] = true
			}
		}
	}
	if m.st.Match == "" {
		m.st.Match = id
	}
	t.matches[id] = m
	return m, nil
}

// Apply folds a snapshot into the match's stream: it pushes into sink the events that bring the
// consumers' state to what the snapshot says, and returns how many it pushed. A snapshot older
// than one already applied is dropped; a change that would make the match go back, or that the
// state machine refuses, is logged with its reason and not sent.
func (t *Tracker) Apply(ctx context.Context, s Snapshot, sink feed.Sink) (int, error) {
	if s.Match == "" {
		return 0, errors.New("providers: snapshot without a match id")
	}
	m, err := t.load(ctx, s.Match)
	if err != nil {
		return 0, err
	}
	if !s.Updated.IsZero() && s.Updated.Before(m.updated) {
		t.Stale++
		t.log.Debug("provider snapshot older than the last one applied: dropped", zap.String("match", s.Match),
			zap.Time("snapshot", s.Updated), zap.Time("applied", m.updated))
		return 0, nil
	}
	if p := s.Period; p != nil && m.st.Period > 0 && (p.Index < m.st.Period ||
		(p.Index == m.st.Period && s.Clock != nil && !s.Clock.Down && !m.st.Clock.Down && s.Clock.Secs < m.st.Clock.Secs-90)) {
		// a cached or lagging answer: an earlier period, or the same period at an earlier minute
		t.Stale++
		t.log.Debug("provider snapshot behind the match: dropped", zap.String("match", s.Match), zap.Int("period", p.Index),
			zap.Int("applied period", m.st.Period))
		return 0, nil
	}
	at := s.Updated
	if at.IsZero() {
		at = t.now()
	}
	e := emitter{t: t, m: m, sink: sink, at: at.UnixMilli()}
	if f := s.Fixture; f != nil {
		fx := *f
		fx.ID = s.Match
		if h := hashOf(fx); h != m.fixture {
			startChanged := m.fixture != 0 && fx.Start.UnixMilli() != m.st.StartAt
			if e.send(feed.Event{Kind: feed.KFixture, Fixture: &fx}, "fixture") && startChanged {
				e.send(feed.Event{Kind: feed.KReschedule, StartAt: fx.Start.UnixMilli()}, "reschedule")
			}
			m.fixture = h // a refused fixture is not tried again until it changes
		}
	}
	if m.st.Source == "" {
		// nothing may be applied before the fixture: the game's limits would not be known
		t.log.Debug("provider snapshot before its fixture: waiting for it", zap.String("match", s.Match))
		return e.n, nil
	}
	for _, lu := range s.Lineups {
		h := hashOf(lu)
		if m.lineups[lu.Team] == h {
			continue
		}
		l := lu
		ev := feed.Event{Kind: feed.KLineup, Lineup: &l}
		for _, in := range s.Injuries {
			if in.Team == lu.Team {
				ev.Injuries = append(ev.Injuries, in)
			}
		}
		if e.send(ev, "line-up") {
			m.lineups[lu.Team] = h
		}
	}
	if o := s.Odds; o != nil {
		if h := hashOf(o); h != m.odds {
			od := *o
			if e.send(feed.Event{Kind: feed.KOdds, Odds: &od}, "odds") {
				m.odds = h
			}
		}
	}
	if s.HasStatus && s.Status != m.st.Status {
		t.status(&e, s.Status)
	}
	if p := s.Period; p != nil && (p.Index != m.st.Period || p.Name != m.st.PeriodName) {
		if p.Index < m.st.Period {
			e.refuse("period", "period would go back")
		} else {
			pp := *p
			e.send(feed.Event{Kind: feed.KPeriod, Period: &pp}, "period")
		}
	}
	if sc := s.Score; sc != nil && (sc.Home != m.st.Home || sc.Away != m.st.Away || (sc.Periods != nil && !reflect.DeepEqual(sc.Periods, m.st.Periods))) {
		c := *sc
		c.Periods = append([]feed.Pair(nil), sc.Periods...)
		e.send(feed.Event{Kind: feed.KScore, Score: &c}, "score")
	}
	if c := s.Clock; c != nil && clockChanged(m.st.Clock, *c) {
		if !c.Down && c.Secs < m.st.Clock.Secs-90 && s.Period != nil && s.Period.Index == m.st.Period {
			e.refuse("clock", "clock would go back")
		} else {
			cc := *c
			e.send(feed.Event{Kind: feed.KClock, Clock: &cc}, "clock")
		}
	}
	if d := diffDetail(m.st.Detail, s.Detail); len(d) > 0 {
		e.send(feed.Event{Kind: feed.KDetail, Detail: d}, "detail")
	}
	if d := diffStats(m.st.Stats, s.Stats); len(d) > 0 {
		e.send(feed.Event{Kind: feed.KStats, Stats: d}, "statistics")
	}
	ins := append([]Incident(nil), s.Incidents...)
	sort.SliceStable(ins, func(i, j int) bool { return ins[i].Secs < ins[j].Secs })
	for _, in := range ins {
		if in.Ref == "" || m.incidents[in.Ref] {
			continue
		}
		x := in.Incident
		x.Ref = in.Ref
		if e.send(feed.Event{Kind: feed.KIncident, Incident: &x}, "incident") {
			m.incidents[in.Ref] = true
		}
	}
	if len(s.Players) > 0 {
		if h := hashOf(s.Players); h != m.players {
			if e.send(feed.Event{Kind: feed.KPlayerStat, PlayerStats: append([]feed.PlayerStats(nil), s.Players...)}, "player statistics") {
				m.players = h
			}
		}
	}
	if s.Updated.After(m.updated) {
		m.updated = s.Updated
	}
	return e.n, nil
}

// status sends a status change, through the intermediate statuses a poll missed, unless it
// would make the match go back.
func (t *Tracker) status(e *emitter, to feed.Status) {
	from := e.m.st.Status
	if phase(to) < phase(from) {
		e.refuse("status", "status would go back from "+from.String()+" to "+to.String())
		return
	}
	path, ok := feed.Path(from, to)
	if !ok {
		e.refuse("status", "no transition from "+from.String()+" to "+to.String())
		return
	}
	for _, st := range path {
		if !e.send(feed.Event{Kind: feed.KStatus, Status: st}, "status") {
			return
		}
	}
}

// phase orders statuses: scheduled, then in play, then over. A provider may move a match
// forward through phases, or within one, never back (a postponed match comes back as scheduled
// only through a new start time, which the provider signals as not started with a new date).
func phase(s feed.Status) int {
	switch {
	case s.Upcoming() || s == feed.StatusPostponed:
		return 0
	case s.InPlay():
		return 1
	}
	return 2
}

func clockChanged(a, b feed.Clock) bool {
	return a.Secs != b.Secs || a.Running != b.Running || a.Down != b.Down || math.Abs(a.Speed-b.Speed) > 1e-9
}

func diffDetail(old, cur map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range cur {
		if o, ok := old[k]; !ok || !reflect.DeepEqual(normal(o), normal(v)) {
			out[k] = v
		}
	}
	return out
}

// normal makes JSON-decoded and Go values comparable ([]any of float64 vs []int).
func normal(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var x any
	if json.Unmarshal(b, &x) != nil {
		return v
	}
	return x
}

func diffStats(old, cur map[string]feed.Stat) map[string]feed.Stat {
	out := map[string]feed.Stat{}
	for k, v := range cur {
		if o, ok := old[k]; !ok || o != v {
			out[k] = v
		}
	}
	return out
}

// emitter sends one snapshot's events.
type emitter struct {
	t    *Tracker
	m    *tracked
	sink feed.Sink
	at   int64
	n    int
}

// send numbers ev after the match's last event, tries it on a copy of the state and pushes it
// when the state machine accepts it.
func (e *emitter) send(ev feed.Event, what string) bool {
	ev.Match, ev.Seq, ev.At = e.m.st.Match, e.m.st.LastSeq+1, max(e.at, e.m.st.Updated)
	trial := e.m.st.Clone()
	if err := trial.Apply(&ev); err != nil {
		e.refuse(what, err.Error())
		return false
	}
	e.m.st = trial
	e.sink.Push(ev)
	e.n++
	e.t.Sent++
	return true
}

func (e *emitter) refuse(what, why string) {
	e.t.Refused++
	e.t.log.Warn("provider data refused", zap.String("match", e.m.st.Match), zap.String("what", what), zap.String("reason", why))
}
