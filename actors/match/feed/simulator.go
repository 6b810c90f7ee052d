package feed

import (
	"context"
	"hash/fnv"
	"math/rand/v2"
	"sort"
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
	// cancelled; defaults 3 and 2. Negative means none.
	PostponedPct, CancelledPct int
}

// Simulator is a deterministic data provider: it turns fixtures into scripts of events (Script)
// and pushes each event once its time has come (Emit, Run). It is the demo and test stand-in for
// a real provider and implements the same contract: per-match sequence numbers from 1 without
// holes, at-least-once delivery (after a restart everything due is pushed again).
type Simulator struct {
	cfg      SimConfig
	fixtures []Fixture
	rosters  map[string][]Player
	matches  map[string]*simMatch
}

type simMatch struct {
	cursor int
	nextAt int64
	script []Event
	done   bool
}

// NewSimulator builds a simulator for fixtures; rosters maps team ids to their players (line-ups
// and scorers are drawn from them; teams without a roster get numbered placeholder players).
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
	s := &Simulator{cfg: cfg, rosters: rosters, matches: map[string]*simMatch{}}
	s.SetFixtures(fixtures)
	return s
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
	nowMs := now.UnixMilli()
	n := 0
	for i := range s.fixtures {
		f := &s.fixtures[i]
		m := s.matches[f.ID]
		if m == nil {
			m = &simMatch{nextAt: f.Start.Add(-fixtureLead).UnixMilli()}
			s.matches[f.ID] = m
		}
		if m.done || m.nextAt > nowMs {
			continue
		}
		script := m.script
		if script == nil {
			script = s.Script(*f)
		}
		for m.cursor < len(script) && script[m.cursor].At <= nowMs {
			sink.Push(script[m.cursor])
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
	b := &builder{f: f, r: rand.New(rand.NewPCG(s.cfg.Seed, h.Sum64())), sim: s}
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
		b.incident(f.Start.Add(-2*time.Hour), Incident{Type: "postponed", Team: -1, Text: "Match postponed"})
		return b.evs
	case roll < s.cfg.PostponedPct+s.cfg.CancelledPct:
		b.add(f.Start.Add(-time.Hour), Event{Kind: KStatus, Status: StatusCancelled})
		b.incident(f.Start.Add(-time.Hour), Incident{Type: "cancelled", Team: -1, Text: "Match cancelled"})
		return b.evs
	}
	b.lineups(f.Start.Add(-45 * time.Minute))
	b.add(f.Start.Add(-30*time.Minute), Event{Kind: KStatus, Status: StatusAnnounced})
	b.odds(f.Start.Add(-10*time.Minute), b.prematch())
	switch f.Game {
	case GameSoccer:
		b.soccer()
	case GameBasketball:
		b.basketball()
	case GameTennis:
		b.tennis()
	case GameBaseball:
		b.baseball()
	case GameLoL, GameDota2:
		b.moba()
	case GameCS, GameValorant:
		b.tactical()
	default:
		b.generic()
	}
	return b.evs
}

// builder accumulates one match's script.
type builder struct {
	f     Fixture
	r     *rand.Rand
	sim   *Simulator
	evs   []Event
	last  int64
	home  int
	away  int
	pers  []Pair
	stats map[string]Stat
	pstat map[string]*PlayerStats
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
}

func (b *builder) detail(at time.Time, d map[string]any) { b.add(at, Event{Kind: KDetail, Detail: d}) }

func (b *builder) incident(at time.Time, in Incident) {
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

// pstatAdd adds v to a player's statistic.
func (b *builder) pstatAdd(p Player, team int, key string, v float64) {
	if b.pstat == nil {
		b.pstat = map[string]*PlayerStats{}
	}
	ps := b.pstat[p.ID]
	if ps == nil {
		ps = &PlayerStats{Player: p.ID, Team: team, Values: map[string]float64{}}
		b.pstat[p.ID] = ps
	}
	ps.Values[key] += v
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
		v := make(map[string]float64, len(ps.Values))
		for k, x := range ps.Values {
			v[k] = x
		}
		out = append(out, PlayerStats{Player: ps.Player, Team: ps.Team, Values: v})
	}
	b.add(at, Event{Kind: KPlayerStat, PlayerStats: out})
}

// roster returns the players of team (0 home, 1 away), or placeholders.
func (b *builder) roster(team int) []Player {
	id := b.f.Home
	if team == 1 {
		id = b.f.Away
	}
	if ps := b.sim.rosters[id]; len(ps) > 0 {
		return ps
	}
	out := make([]Player, 11)
	for i := range out {
		out[i] = Player{ID: id + "-p" + itoa(i+1), Name: "Player " + itoa(i+1), Shirt: i + 1, Team: id}
	}
	return out
}

// pick returns a random player of team, skipping goalkeepers for scorers when skipGK.
func (b *builder) pick(team int, skipGK bool) Player {
	ps := b.roster(team)
	starters := ps
	if len(starters) > b.starterCount() {
		starters = starters[:b.starterCount()]
	}
	for range 8 {
		p := starters[b.r.IntN(len(starters))]
		if !skipGK || p.Position != "GK" {
			return p
		}
	}
	return starters[len(starters)-1]
}

func (b *builder) starterCount() int {
	switch b.f.Game {
	case GameSoccer:
		return 11
	case GameBasketball, GameLoL, GameDota2, GameCS, GameValorant:
		return 5
	case GameBaseball:
		return 9
	case GameTennis:
		return 1
	}
	return 11
}

func (b *builder) lineups(at time.Time) {
	for team := 0; team < 2; team++ {
		ps := b.roster(team)
		lu := Lineup{Team: b.f.Home}
		if team == 1 {
			lu.Team = b.f.Away
		}
		if b.f.Game == GameSoccer {
			lu.Formation = []string{"4-3-3", "4-4-2", "4-2-3-1", "3-5-2"}[b.r.IntN(4)]
		}
		for i, p := range ps {
			lu.Players = append(lu.Players, LineupPlayer{Player: p.ID, Name: p.Name, Shirt: p.Shirt, Position: p.Position,
				Starter: i < b.starterCount(), Captain: i == 1})
		}
		ev := Event{Kind: KLineup, Lineup: &lu}
		if len(ps) > b.starterCount()+1 && b.r.IntN(3) == 0 {
			p := ps[len(ps)-1]
			ev.Injuries = []Injury{{Team: lu.Team, Player: p.ID, Name: p.Name, Kind: []string{"injury", "suspension", "illness"}[b.r.IntN(3)], Status: "out"}}
		}
		b.add(at, ev)
	}
}

// strength is the home side's edge in [-1, 1] from the two ratings (plus a little home advantage).
func (b *builder) strength() float64 {
	return float64(b.f.HomeRating-b.f.AwayRating)/100 + 0.05
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

func itoa(i int) string {
	if i < 10 && i >= 0 {
		return string(rune('0' + i))
	}
	return itoaSlow(i)
}
