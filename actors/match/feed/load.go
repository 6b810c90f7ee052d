package feed

import (
	"context"
	"fmt"
	"time"
)

// Load is a feed for load tests, not for fans: Matches football matches in play, each one changing
// once every Every (its clock, and every ninetieth change a goal, the matches' goals spread over
// the ninety changes), the changes spread evenly over Every in Slices steps so the node sees a
// steady stream rather than a burst. Each event carries
// the time it was made, so a subscriber measures event-to-socket latency from the delta's `ts`
// (the bench harness's scoreboard scenario, issue 24). COURTSIDE_FEED=load selects it.
type Load struct {
	Matches int
	Every   time.Duration // default 1 s
	Slices  int           // default 100
	Now     func() time.Time

	seq     []uint64
	changes []int // changes made to each match since Start (its ninetieth is a goal)
	started int64 // unix ms of Start: every match's clock runs from it
	goals   [][2]int
	next    int // the next match to change
}

// LoadSource is the Source tag of the load feed's matches.
const LoadSource = "load"

func (l *Load) defaults() {
	if l.Every <= 0 {
		l.Every = time.Second
	}
	if l.Slices <= 0 {
		l.Slices = 100
	}
	// Fewer matches than slices: one match a slice, so each still changes once every Every.
	l.Slices = max(1, min(l.Slices, l.Matches))
	if l.Now == nil {
		l.Now = time.Now
	}
}

// LoadMatchID is the id of the load feed's i-th match.
func LoadMatchID(i int) string { return fmt.Sprintf("load-%d", i) }

// Start returns the events that put every match in play (Run pushes them first).
func (l *Load) Start() []Event {
	l.defaults()
	now := l.Now()
	l.seq, l.changes, l.goals = make([]uint64, l.Matches), make([]int, l.Matches), make([][2]int, l.Matches)
	l.started = now.UnixMilli()
	var evs []Event
	for i := range l.Matches {
		id := LoadMatchID(i)
		fx := &Fixture{ID: id, Game: GameSoccer, League: "load", Season: "load", Home: fmt.Sprintf("load-h%d", i), Away: fmt.Sprintf("load-a%d", i),
			Start: now, Source: LoadSource}
		clk := Clock{Secs: 0, Running: true, At: now.UnixMilli()}
		evs = append(evs,
			Event{Match: id, Seq: 1, At: now.UnixMilli(), Kind: KFixture, Fixture: fx},
			Event{Match: id, Seq: 2, At: now.UnixMilli(), Kind: KStatus, Status: StatusLive},
			Event{Match: id, Seq: 3, At: now.UnixMilli(), Kind: KPeriod, Period: &Period{Index: 1, Name: "1H", Clock: clk}},
		)
		l.seq[i] = 3
	}
	return evs
}

// Step returns the changes of one slice: the next Matches/Slices matches, each its next change.
func (l *Load) Step() []Event {
	if l.Matches == 0 {
		return nil
	}
	now := l.Now().UnixMilli()
	n := (l.Matches + l.Slices - 1) / l.Slices
	evs := make([]Event, 0, n)
	for range n {
		i := l.next
		l.next = (l.next + 1) % l.Matches
		l.seq[i]++
		l.changes[i]++
		// Match i scores at its (90-i%90)th change and every 90th after: the matches' clocks tick
		// together, their goals do not (10,000 matches scoring in the same second is no load any
		// site sees, and it would swamp every other figure).
		if g := l.changes[i] + i; g%90 == 0 {
			l.goals[i][g/90%2]++
			evs = append(evs, Event{Match: LoadMatchID(i), Seq: l.seq[i], At: now, Kind: KScore, Score: &Score{Home: l.goals[i][0], Away: l.goals[i][1]}})
			continue
		}
		// The clock reads the time since kick-off, as a provider's does, however late this change is
		// (a node too busy to keep up makes changes late, not the game's clock slow).
		evs = append(evs, Event{Match: LoadMatchID(i), Seq: l.seq[i], At: now, Kind: KClock, Clock: &Clock{Secs: int((now - l.started) / 1000), Running: true, At: now}})
	}
	return evs
}

// Run implements Source.
func (l *Load) Run(ctx context.Context, sink Sink) error {
	for _, ev := range l.Start() {
		sink.Push(ev)
	}
	t := time.NewTicker(l.Every / time.Duration(l.Slices))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			for _, ev := range l.Step() {
				sink.Push(ev)
			}
		}
	}
}

var _ Source = (*Load)(nil)
