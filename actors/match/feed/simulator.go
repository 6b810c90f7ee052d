package feed

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"sync"
	"time"
)

// SimConfig configures a Simulator.
type SimConfig struct {
	// Seed makes the whole output reproducible; the same seed and fixtures give the same events.
	Seed uint64
	// Step is how often Run looks for due events; default 1s.
	Step time.Duration
	// Now is the clock; default time.Now.
	Now func() time.Time
	// PostponedPct and CancelledPct are the share of fixtures (in percent) that are postponed or
	// cancelled before they start, AbandonedPct the share abandoned while in play; defaults 3, 2
	// and 1. Negative means none.
	PostponedPct, CancelledPct, AbandonedPct int
}

// Simulator is a deterministic data provider: it turns fixtures into scripts of events (Script)
// and pushes each event once its time has come (Emit, Run). It is the demo and test stand-in for
// a real provider and implements the same contract: per-match sequence numbers from 1 without
// holes, at-least-once delivery (after a restart everything due is pushed again).
type Simulator struct {
	cfg      SimConfig
	fixtures []Fixture
	rosters  map[string][]Player
	teams    map[string]Team
	matches  map[string]*simMatch
	// ahead is how far each advanced fixture plays ahead of the clock (Advance).
	ahead map[string]time.Duration
	// legs caches the results of first legs (FirstLegResult): a second leg's script is rebuilt
	// whenever it leaves the kept window, and its first leg would be played again each time.
	legsMu sync.Mutex
	legs   map[string]legResult
}

type legResult struct {
	score  Pair
	ok     bool
	status Status // how the first leg ended: finished, postponed, cancelled or abandoned
}

type simMatch struct {
	cursor int
	nextAt int64
	lastAt int64 // At of the last event pushed: pushed times never go back (Advance)
	script []Event
	done   bool
}

// NewSimulator builds a simulator for fixtures; rosters maps team ids to their players in shirt
// order, starters first (line-ups, scorers and player statistics are drawn from them; teams
// without a roster get numbered placeholder players with the positions of their game).
func NewSimulator(cfg SimConfig, fixtures []Fixture, rosters map[string][]Player) *Simulator {
	if cfg.Step == 0 {
		cfg.Step = time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.PostponedPct == 0 {
		cfg.PostponedPct = 3
	}
	if cfg.CancelledPct == 0 {
		cfg.CancelledPct = 2
	}
	if cfg.AbandonedPct == 0 {
		cfg.AbandonedPct = 1
	}
	s := &Simulator{cfg: cfg, rosters: rosters, matches: map[string]*simMatch{}, ahead: map[string]time.Duration{}, legs: map[string]legResult{}}
	s.SetFixtures(fixtures)
	return s
}

// SetTeams gives the simulator the teams' reference data (names for texts, head coaches for
// line-ups). Call it before Run or Emit.
func (s *Simulator) SetTeams(teams []Team) {
	s.teams = make(map[string]Team, len(teams))
	for _, t := range teams {
		s.teams[t.ID] = t
	}
}

// SetFixtures replaces the fixture list (a refreshed schedule window). Progress of fixtures that
// stay is kept.
func (s *Simulator) SetFixtures(fixtures []Fixture) {
	s.fixtures = append([]Fixture(nil), fixtures...)
	sort.Slice(s.fixtures, func(i, j int) bool { return s.fixtures[i].Start.Before(s.fixtures[j].Start) })
	keep := make(map[string]*simMatch, len(s.fixtures))
	for _, f := range s.fixtures {
		if m, ok := s.matches[f.ID]; ok {
			keep[f.ID] = m
		}
	}
	s.matches = keep
}

// ErrUnknownFixture: Advance named a fixture the simulator does not play.
var ErrUnknownFixture = errors.New("feed: no such fixture in the simulator")

// Advance plays fixture id d further ahead of the clock than the rest of the schedule: at the next
// Emit every event of its script up to now+d is pushed at once, stamped with the time it is pushed
// (it happens now, not in the future), and the match then goes on d ahead. It lets a demo operator
// (or a test) see a match kick off, score or finish at any hour instead of waiting for the
// schedule; the scripts, the sequence numbers and the at-least-once contract are unchanged.
func (s *Simulator) Advance(id string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("feed: advance by %v: must be positive", d)
	}
	for _, f := range s.fixtures {
		if f.ID == id {
			s.ahead[id] += d
			return nil
		}
	}
	return ErrUnknownFixture
}

// Fixtures returns the fixture list, sorted by start.
func (s *Simulator) Fixtures() []Fixture { return append([]Fixture(nil), s.fixtures...) }

// Run pushes due events every Step until ctx ends.
func (s *Simulator) Run(ctx context.Context, sink Sink) error {
	s.Emit(s.cfg.Now(), sink)
	t := time.NewTicker(s.cfg.Step)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			s.Emit(s.cfg.Now(), sink)
		}
	}
}

// keepWindow: scripts of matches starting in this window around now stay in memory between
// passes; others are rebuilt when their next event is due (they are pure functions of the seed).
const keepBefore, keepAfter = 8 * time.Hour, 2 * time.Hour

// Emit pushes every event with At <= now that this simulator has not pushed yet and returns how
// many it pushed.
func (s *Simulator) Emit(now time.Time, sink Sink) int {
	return s.EmitContext(context.Background(), now, sink)
}

// EmitContext is Emit that gives up between two fixtures once ctx ends: the first call of a
// node replays a week of fixtures, and a node asked to stop must not finish that first.
func (s *Simulator) EmitContext(ctx context.Context, now time.Time, sink Sink) int {
	nowMs := now.UnixMilli()
	n := 0
	for i := range s.fixtures {
		if ctx.Err() != nil {
			return n
		}
		f := &s.fixtures[i]
		m := s.matches[f.ID]
		if m == nil {
			m = &simMatch{nextAt: f.Start.Add(-fixtureLead).UnixMilli()}
			s.matches[f.ID] = m
		}
		ahead := s.ahead[f.ID].Milliseconds()
		if m.done || m.nextAt > nowMs+ahead {
			continue
		}
		script := m.script
		if script == nil {
			script = s.Script(*f)
		}
		for m.cursor < len(script) && script[m.cursor].At <= nowMs+ahead {
			ev := script[m.cursor]
			if ahead > 0 {
				ev.At = max(ev.At-ahead, m.lastAt)
			}
			sink.Push(ev)
			m.lastAt = ev.At
			m.cursor++
			n++
		}
		if m.cursor >= len(script) {
			m.done, m.script = true, nil
			continue
		}
		m.nextAt = script[m.cursor].At
		if f.Start.After(now.Add(-keepBefore)) && f.Start.Before(now.Add(keepAfter)) {
			m.script = script
		} else {
			m.script = nil
		}
	}
	return n
}

// fixtureLead is how long before the start a fixture is published.
const fixtureLead = 7 * 24 * time.Hour

// Script returns every event of fixture f, in sequence order with non-decreasing times. It is a
// pure function of the simulator's seed, f and the rosters.
func (s *Simulator) Script(f Fixture) []Event {
	h := fnv.New64a()
	h.Write([]byte(f.ID))
	b := &builder{f: f, p: ProfileOf(f.Game), r: rand.New(rand.NewPCG(s.cfg.Seed, h.Sum64())), sim: s}
	if b.f.Source == "" {
		b.f.Source = SourceSimulator
	}
	if b.f.HomeRating == 0 {
		b.f.HomeRating = 40 + int(h.Sum64()%50)
	}
	if b.f.AwayRating == 0 {
		b.f.AwayRating = 40 + int((h.Sum64()>>8)%50)
	}
	fx := b.f
	b.add(f.Start.Add(-fixtureLead), Event{Kind: KFixture, Fixture: &fx})
	b.odds(f.Start.Add(-6*24*time.Hour), b.prematch())
	roll := b.r.IntN(100)
	switch {
	case roll < s.cfg.PostponedPct:
		b.add(f.Start.Add(-2*time.Hour), Event{Kind: KStatus, Status: StatusPostponed})
		b.incident(f.Start.Add(-2*time.Hour), Incident{Type: "postponed", Team: -1, Key: true,
			Text: "Match postponed: " + []string{"waterlogged pitch", "travel disruption", "venue unavailable", "weather warning"}[b.r.IntN(4)]})
		if f.Leg != 1 {
			return b.evs
		}
		// A tie cannot wait for a league's free week: its first leg is played again within days,
		// before the second leg (a week after the first), and the script goes on from the new
		// kick-off. The aggregate then works as for any first leg (FirstLegResult).
		b.reschedule(f.Start.Add(-time.Hour), f.Start.Add(RescheduledFirstLegAfter))
		roll = math.MaxInt // played to the end: not called off a second time, nor abandoned
	case roll < s.cfg.PostponedPct+s.cfg.CancelledPct:
		b.add(f.Start.Add(-time.Hour), Event{Kind: KStatus, Status: StatusCancelled})
		b.incident(f.Start.Add(-time.Hour), Incident{Type: "cancelled", Team: -1, Key: true, Text: "Match cancelled by the organiser"})
		return b.evs
	}
	abandon := roll < s.cfg.PostponedPct+s.cfg.CancelledPct+s.cfg.AbandonedPct
	f = b.f // a rescheduled first leg plays from its new kick-off
	b.lineups(f.Start.Add(-45 * time.Minute))
	b.add(f.Start.Add(-30*time.Minute), Event{Kind: KStatus, Status: StatusAnnounced})
	if f.FirstLeg != nil {
		// A second leg starts from the first leg's result, seen from this match's home side (the
		// first leg's away side); a first leg that was called off leaves no aggregate (calledOff).
		if first, ok := s.FirstLegResult(*f.FirstLeg); ok {
			b.leg1 = &Pair{first[1], first[0]}
			b.aggregate(f.Start.Add(-30 * time.Minute))
		} else {
			b.calledOff(f.Start.Add(-30*time.Minute), s.FirstLegStatus(*f.FirstLeg))
		}
	}
	b.odds(f.Start.Add(-10*time.Minute), b.prematch())
	switch b.p.Family {
	case FamFootball:
		b.soccer()
	case FamHockey:
		b.hockey()
	case FamBasketball:
		b.basketball()
	case FamTennis:
		b.tennis()
	case FamRally:
		b.rally()
	case FamSnooker:
		b.snooker()
	case FamBaseball:
		b.baseball()
	case FamCricket:
		b.cricket()
	case FamGridiron:
		b.gridiron()
	case FamCombat:
		b.combat()
	case FamMOBA:
		b.moba()
	case FamTactical:
		b.tactical()
	case FamModes:
		b.modes()
	case FamHeroShooter:
		b.heroShooter()
	case FamBattleRoyale:
		b.battleRoyale()
	case FamCarSoccer:
		b.carSoccer()
	case FamRTS:
		b.rts()
	case FamCards:
		b.cards()
	default:
		b.arena()
	}
	if abandon {
		b.abandon()
	}
	return b.evs
}

// RescheduledFirstLegAfter is how long after its first date a postponed first leg is played: two
// days, so that it is over before its second leg (a week after the first date in the demo).
const RescheduledFirstLegAfter = 48 * time.Hour

// reschedule gives a postponed match its new kick-off, announced at: the new start (KReschedule,
// which moves the match on the lists), the status back to not started (the status history reads
// postponed, then not started again) and an incident saying when. The builder plays on from start.
func (b *builder) reschedule(at, start time.Time) {
	b.add(at, Event{Kind: KReschedule, StartAt: start.UnixMilli()})
	b.add(at, Event{Kind: KStatus, Status: StatusNotStarted})
	b.incident(at, Incident{Type: "rescheduled", Team: -1, Key: true,
		Text: "Match rescheduled to " + start.UTC().Format("Mon 2 Jan, 15:04 UTC")})
	b.f.Start = start
}

// calledOff plays a second leg whose first leg was called off (postponed, cancelled or abandoned)
// as a fan reads it: there is no aggregate, and the match says why ("leg1": the first leg's
// status). A first leg postponed or abandoned is to be played (again) later, so the tie is not
// decided today and a draw stands: no extra time. A cancelled first leg is not played at all, so
// this match decides the tie alone, on the day (extra time and penalties when level).
func (b *builder) calledOff(at time.Time, first Status) {
	switch first {
	case StatusPostponed, StatusAbandoned:
		b.f.Knockout = false
	case StatusCancelled:
	default:
		return
	}
	b.detail(at, map[string]any{"leg1": first.String()})
}

// FirstLegStatus is how first leg f ends as the simulator plays it: finished, postponed,
// cancelled or abandoned.
func (s *Simulator) FirstLegStatus(f Fixture) Status {
	s.FirstLegResult(f)
	s.legsMu.Lock()
	defer s.legsMu.Unlock()
	return s.legs[f.ID].status
}

// FirstLegResult is the final score of first leg f as the simulator plays it (home first, as in
// f); ok is false when f was postponed, cancelled or abandoned. It is a pure function of the
// seed, f and the rosters, so a second leg agrees with its first leg whenever either is played.
func (s *Simulator) FirstLegResult(f Fixture) (Pair, bool) {
	s.legsMu.Lock()
	r, seen := s.legs[f.ID]
	s.legsMu.Unlock()
	if seen {
		return r.score, r.ok
	}
	f.FirstLeg = nil
	var st State
	for _, ev := range s.Script(f) {
		_ = st.Apply(&ev)
	}
	r = legResult{score: Pair{st.Home, st.Away}, ok: st.Status == StatusFinished, status: st.Status}
	s.legsMu.Lock()
	s.legs[f.ID] = r
	s.legsMu.Unlock()
	return r.score, r.ok
}

// abandon cuts the script at a moment in play and ends it abandoned (a storm, a floodlight
// failure, a server crash for esports): what happened until then stands.
func (b *builder) abandon() {
	start := b.f.Start.UnixMilli()
	end := b.evs[len(b.evs)-1].At
	if end-start < 20*60_000 {
		return
	}
	at := start + 10*60_000 + b.r.Int64N(end-start-15*60_000)
	keep := 0
	st := StatusNotStarted
	for i, ev := range b.evs {
		if ev.At > at {
			break
		}
		keep = i + 1
		if ev.Kind == KStatus {
			st = ev.Status
		}
	}
	if !st.InPlay() {
		return
	}
	b.evs = b.evs[:keep]
	b.last = b.evs[keep-1].At
	t := time.UnixMilli(at)
	why := "heavy storm"
	if IsEsport(b.f.Game) {
		why = "server failure"
	} else if b.r.IntN(2) == 0 {
		why = "floodlight failure"
	}
	b.status(t, StatusAbandoned)
	b.incident(t, Incident{Type: "abandoned", Team: -1, Key: true, Text: "Match abandoned: " + why})
}

// builder accumulates one match's script.
type builder struct {
	f     Fixture
	p     Profile
	r     *rand.Rand
	sim   *Simulator
	evs   []Event
	last  int64
	home  int
	away  int
	pers  []Pair
	stats map[string]Stat
	pstat map[string]*PlayerStats
	ros   [2][]Player
	// leg1 is a second leg's first-leg score from this match's sides (home first); nil otherwise.
	leg1 *Pair
}

func (b *builder) add(at time.Time, ev Event) {
	ms := at.UnixMilli()
	if ms < b.last {
		ms = b.last
	}
	b.last = ms
	ev.Match, ev.Seq, ev.At = b.f.ID, uint64(len(b.evs)+1), ms
	b.evs = append(b.evs, ev)
}

func (b *builder) status(at time.Time, st Status) { b.add(at, Event{Kind: KStatus, Status: st}) }

func (b *builder) period(at time.Time, i int, name string, clk Clock) {
	clk.At = at.UnixMilli()
	b.add(at, Event{Kind: KPeriod, Period: &Period{Index: i, Name: name, Clock: clk}})
}

func (b *builder) clock(at time.Time, clk Clock) {
	clk.At = at.UnixMilli()
	b.add(at, Event{Kind: KClock, Clock: &clk})
}

func (b *builder) score(at time.Time) {
	b.add(at, Event{Kind: KScore, Score: &Score{Home: b.home, Away: b.away, Periods: append([]Pair(nil), b.pers...)}})
	if b.leg1 != nil {
		b.aggregate(at)
	}
}

// aggregate publishes a second leg's score over both legs.
func (b *builder) aggregate(at time.Time) {
	b.detail(at, map[string]any{"agg": []int{b.leg1[0] + b.home, b.leg1[1] + b.away}})
}

// level says whether the match is level where it must be decided: on aggregate for a second leg,
// on the day otherwise.
func (b *builder) level() bool {
	if b.leg1 != nil {
		return b.leg1[0]+b.home == b.leg1[1]+b.away
	}
	return b.home == b.away
}

// scoreNow is the match score for an incident's Score.
func (b *builder) scoreNow() *Pair { return &Pair{b.home, b.away} }

func (b *builder) detail(at time.Time, d map[string]any) { b.add(at, Event{Kind: KDetail, Detail: d}) }

func (b *builder) incident(at time.Time, in Incident) {
	if in.Type == "fullTime" && in.Score == nil {
		in.Score = b.scoreNow()
	}
	b.add(at, Event{Kind: KIncident, Incident: &in})
}

// stat adds v to a team statistic (team 0 home, 1 away).
func (b *builder) stat(key string, team int, v float64) {
	if b.stats == nil {
		b.stats = map[string]Stat{}
	}
	s := b.stats[key]
	s[team] += v
	b.stats[key] = s
}

// statFloor adds v (which may be negative: a run for a loss) to a team statistic, never below 0.
func (b *builder) statFloor(key string, team int, v float64) {
	b.stat(key, team, v)
	if st := b.stats[key]; st[team] < 0 {
		st[team] = 0
		b.stats[key] = st
	}
}

func (b *builder) setStat(key string, h, a float64) {
	if b.stats == nil {
		b.stats = map[string]Stat{}
	}
	b.stats[key] = Stat{h, a}
}

// flushStats emits the absolute value of every statistic.
func (b *builder) flushStats(at time.Time) {
	if len(b.stats) == 0 {
		return
	}
	cp := make(map[string]Stat, len(b.stats))
	for k, v := range b.stats {
		cp[k] = v
	}
	b.add(at, Event{Kind: KStats, Stats: cp})
}

func (b *builder) ps(p Player, team int) *PlayerStats {
	if b.pstat == nil {
		b.pstat = map[string]*PlayerStats{}
	}
	ps := b.pstat[p.ID]
	if ps == nil {
		ps = &PlayerStats{Player: p.ID, Team: team, Name: p.Name, Position: p.Position, Values: map[string]float64{}}
		b.pstat[p.ID] = ps
	}
	return ps
}

// pstatAdd adds v to a player's statistic.
func (b *builder) pstatAdd(p Player, team int, key string, v float64) { b.ps(p, team).Values[key] += v }

// pstatSet sets a player's statistic.
func (b *builder) pstatSet(p Player, team int, key string, v float64) { b.ps(p, team).Values[key] = v }

// hero records the hero (champion, agent, operator, class, faction) a player plays on a map.
func (b *builder) hero(p Player, team int, name string) {
	ps := b.ps(p, team)
	ps.Heroes = append(ps.Heroes, name)
}

// flushPlayers emits every player's absolute statistics, in a stable order.
func (b *builder) flushPlayers(at time.Time) {
	if len(b.pstat) == 0 {
		return
	}
	ids := make([]string, 0, len(b.pstat))
	for id := range b.pstat {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := make([]PlayerStats, 0, len(ids))
	for _, id := range ids {
		ps := b.pstat[id]
		c := *ps
		c.Values = make(map[string]float64, len(ps.Values))
		for k, x := range ps.Values {
			c.Values[k] = x
		}
		c.Heroes = append([]string(nil), ps.Heroes...)
		out = append(out, c)
	}
	b.add(at, Event{Kind: KPlayerStat, PlayerStats: out})
}

// roster returns the players of team (0 home, 1 away) in shirt order, starters first, or
// placeholders with the positions of the game.
func (b *builder) roster(team int) []Player {
	if b.ros[team] != nil {
		return b.ros[team]
	}
	id := b.f.Home
	if team == 1 {
		id = b.f.Away
	}
	ps := b.sim.rosters[id]
	if len(ps) == 0 {
		pos := b.p.Positions
		ps = make([]Player, len(pos))
		for i := range ps {
			ps[i] = Player{ID: id + "-p" + itoa(i+1), Name: "Player " + itoa(i+1), Shirt: i + 1, Team: id, Position: pos[i]}
		}
	}
	b.ros[team] = ps
	return ps
}

// starters are the players of team who start.
func (b *builder) starters(team int) []Player {
	ps := b.roster(team)
	if n := b.p.Starters; n > 0 && len(ps) > n {
		return ps[:n]
	}
	return ps
}

// pick returns a random starter of team, skipping goalkeepers when skipGK.
func (b *builder) pick(team int, skipGK bool) Player {
	st := b.starters(team)
	for range 8 {
		p := st[b.r.IntN(len(st))]
		if !skipGK || !isKeeper(p.Position) {
			return p
		}
	}
	return st[len(st)-1]
}

// pickFrom returns a random starter of team whose position is one of pos (any starter when none).
func (b *builder) pickFrom(team int, pos ...string) Player {
	var cands []Player
	for _, p := range b.starters(team) {
		for _, x := range pos {
			if p.Position == x {
				cands = append(cands, p)
			}
		}
	}
	if len(cands) == 0 {
		return b.pick(team, true)
	}
	return cands[b.r.IntN(len(cands))]
}

func isKeeper(pos string) bool { return pos == "GK" || pos == "G" || pos == "Keeper" }

func (b *builder) lineups(at time.Time) {
	for team := 0; team < 2; team++ {
		ps := b.roster(team)
		lu := Lineup{Team: b.f.Home}
		if team == 1 {
			lu.Team = b.f.Away
		}
		switch b.p.Family {
		case FamFootball:
			if b.p.Starters == 11 {
				lu.Formation = []string{"4-3-3", "4-4-2", "4-2-3-1", "3-5-2"}[b.r.IntN(4)]
			}
		case FamGridiron:
			lu.Formation = []string{"Shotgun", "Pistol", "I-form"}[b.r.IntN(3)]
		}
		lu.Coach = b.sim.teams[lu.Team].HeadCoach
		for i, p := range ps {
			lu.Players = append(lu.Players, LineupPlayer{Player: p.ID, Name: p.Name, Shirt: p.Shirt, Position: p.Position,
				Starter: i < b.p.Starters, Captain: i == min(1, len(ps)-1) && len(ps) > 1})
		}
		ev := Event{Kind: KLineup, Lineup: &lu}
		if len(ps) > b.p.Starters+1 && b.r.IntN(3) == 0 {
			p := ps[len(ps)-1]
			ev.Injuries = []Injury{{Team: lu.Team, Player: p.ID, Name: p.Name, Kind: []string{"injury", "suspension", "illness"}[b.r.IntN(3)], Status: []string{"out", "doubtful"}[b.r.IntN(2)]}}
		}
		b.add(at, ev)
	}
}

// strength is the home side's edge in [-1, 1] from the two ratings (plus a little home advantage).
func (b *builder) strength() float64 {
	return float64(b.f.HomeRating-b.f.AwayRating)/100 + 0.05
}

// bestOf is the series length: the fixture's, else the game's default, else 3.
func (b *builder) bestOf(allowed ...int) int {
	bo := b.f.BestOf
	if bo == 0 {
		bo = b.p.BestOf
	}
	for _, a := range allowed {
		if bo == a {
			return bo
		}
	}
	if len(allowed) > 0 {
		return allowed[0]
	}
	return bo
}

// poisson draws a Poisson variate (small means only).
func (b *builder) poisson(mean float64) int {
	l, k, p := expNeg(mean), 0, 1.0
	for {
		p *= b.r.Float64()
		if p <= l {
			return k
		}
		k++
	}
}

// chance is true with probability p.
func (b *builder) chance(p float64) bool { return b.r.Float64() < p }

// sideName is the name of side 0 (home) or 1 (away) for texts.
func (b *builder) sideName(team int) string {
	id := b.f.Home
	if team == 1 {
		id = b.f.Away
	}
	if t, ok := b.sim.teams[id]; ok && t.Name != "" {
		return t.Name
	}
	if team == 0 {
		return "Home"
	}
	return "Away"
}

func itoa(i int) string {
	if i < 10 && i >= 0 {
		return string(rune('0' + i))
	}
	return itoaSlow(i)
}
