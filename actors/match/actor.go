package match

import (
	"context"
	"errors"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/match/feed"
)

// Config holds a match actor's collaborators (shared by every match of a node).
type Config struct {
	Store        Store            // required: live state and timeline
	Topics       *Topics          // required: where deltas go
	Reservations ReservationStore // optional: bookings to notify when the match starts
	Notifier     Notifier         // optional: delivers those notices to sessions
	Results      ResultSink       // optional: consumes finished matches
	Listener     Listener         // optional: REST index and list caches
	Clock        Clock            // default the wall clock
	// MaxBuffered is how many events beyond a gap an actor holds; default 4096. Past it events
	// are refused (ErrGapTooLarge) and the provider must send them again.
	MaxBuffered int
	// RetryAfter is how long a failed load, save or result delivery waits before it is tried
	// again; default 2s.
	RetryAfter time.Duration
	// ResendWindow is, in cluster mode, how far back Registry.Resend pushes events again after a
	// topology change; default 30s. It must exceed the time the cluster takes to notice a dead
	// member (the etcd lease, a few seconds) with room to spare.
	ResendWindow time.Duration
	// QuietSaveDelay is how long events that only move the clock may wait before they are saved,
	// so that a feed ticking every clock once a second writes each match once every few seconds
	// rather than every second. Any other change is saved at once, with whatever waited; a running
	// clock stored a few seconds old still reads the right time. 0 saves every change at once.
	QuietSaveDelay time.Duration
	Log            *zap.Logger
}

func (c *Config) fill() {
	if c.Clock == nil {
		c.Clock = RealClock
	}
	if c.MaxBuffered == 0 {
		c.MaxBuffered = 4096
	}
	if c.RetryAfter == 0 {
		c.RetryAfter = 2 * time.Second
	}
	if c.ResendWindow == 0 {
		c.ResendWindow = 30 * time.Second
	}
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
}

// scoreboardFields are the fields a game's scoreboard topic carries; statistics, odds and detail
// only go to the match topic, except red cards and a second leg's aggregate and the side that goes
// through (or its called-off first leg), which a match row shows beside the score.
var scoreboardFields = map[string]bool{
	feed.FieldStatus: true, feed.FieldHome: true, feed.FieldAway: true, feed.FieldPeriod: true,
	feed.FieldPeriodName: true, feed.FieldClock: true, feed.FieldPeriods: true, feed.FieldStart: true,
	feed.FieldUpdated: true, feed.FieldRedCards: true, feed.FieldAggregate: true, feed.FieldThrough: true,
	feed.FieldFirstLeg: true,
}

// listFields are the fields whose change the Listener hears about (a list row shows them; the
// aggregate and the side through of a second leg change apart from the score).
var listFields = map[string]bool{
	feed.FieldStatus: true, feed.FieldHome: true, feed.FieldAway: true, feed.FieldPeriodName: true,
	feed.FieldStart: true, feed.FieldOdds: true, feed.FieldPeriods: true, feed.FieldAggregate: true,
	feed.FieldThrough: true, feed.FieldFirstLeg: true,
}

// Actor is one match: the single writer of its live state.
type Actor struct {
	id  string
	cfg *Config

	self *actor.PID
	sys  *actor.ActorSystem

	st              feed.State
	loaded          bool
	resultDelivered bool
	resultPending   bool
	stash           []*Apply
	waiting         []*actor.PID // GetState asked before the load finished
	buffer          map[uint64]feed.Event
	unsaved         []feed.Event
	inflight        map[uint64][]feed.Event // saves not yet confirmed, by their last seq
	flushArmed      bool
	published       map[string][]byte
	quietSaveArmed  bool        // a quietSave is on its way
	saveNext        bool        // the next flush saves at once (a failed save is retried)
	boardClock      *feed.Clock // the clock the scoreboard topic was last sent (nil: none yet)
	fieldsBuf       []feed.Field
	statusAtFlush   feed.Status

	// The topics' names, not their PIDs: an idle topic passivates (TopicConfig.IdleAfter) and the
	// next Get activates a new actor, so a PID kept here would send every later publish to a dead
	// letter box and its new subscribers would never hear of the match again.
	matchTopic  string
	scoresTopic string
	scoresGame  int

	// Counters, for tests and metrics: duplicates dropped, events refused (buffer full),
	// transitions rejected.
	dups, refused, rejected uint64
}

// Props returns the props of the actor of match id.
func Props(id string, cfg *Config) *actor.Props {
	cfg.fill()
	return actor.PropsFromProducer(func() actor.Actor { return newActor(id, cfg) })
}

func newActor(id string, cfg *Config) *Actor {
	return &Actor{id: id, cfg: cfg, buffer: map[uint64]feed.Event{}, inflight: map[uint64][]feed.Event{},
		published: map[string][]byte{}, scoresGame: -1}
}

// Receive is the match's mailbox loop.
func (a *Actor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		a.self, a.sys = ctx.Self(), ctx.ActorSystem()
		a.load()
	case *loaded:
		a.onLoaded(ctx, m)
	case *Apply:
		if !a.loaded {
			a.stash = append(a.stash, m)
			return
		}
		a.onApply(m)
	case *ApplyBatch:
		for _, ev := range m.Events {
			ap := &Apply{Event: ev}
			if !a.loaded {
				a.stash = append(a.stash, ap)
			} else {
				a.onApply(ap)
			}
		}
	case *Republish:
		if a.loaded && a.st.LastSeq > 0 { // before the load, the load publishes everything anyway
			clear(a.published)
			a.boardClock = nil // everything goes out again, the clock too
			a.armFlush()
		}
	case *flush:
		a.flushArmed = false
		a.flush()
	case *quietSave:
		a.quietSaveArmed = false
		if len(a.unsaved) > 0 {
			a.save(false)
		}
	case *actor.Stopping:
		if len(a.unsaved) > 0 { // what waited is saved on the way out (a replay would bring it back anyway)
			a.save(false)
		}
	case *saved:
		a.onSaved(m)
	case *resultAcked:
		a.resultPending = false
		if m.err == nil {
			a.resultDelivered = true
		} else {
			a.cfg.Log.Warn("match result not delivered; will retry", zap.String("match", a.id), zap.Error(m.err))
			a.later(func() { a.sys.Root.Send(a.self, &saved{seq: a.st.LastSeq, finished: true}) })
		}
	case *GetState:
		if !a.loaded {
			a.waiting = append(a.waiting, ctx.Sender())
			return
		}
		st := a.st.Clone()
		ctx.Respond(&st)
	}
}

func (a *Actor) load() {
	store, id, self, sys := a.cfg.Store, a.id, a.self, a.sys
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		s, found, err := store.LoadMatch(c, id)
		sys.Root.Send(self, &loaded{saved: s, found: found, err: err})
	}()
}

func (a *Actor) later(f func()) { a.cfg.Clock.AfterFunc(a.cfg.RetryAfter, f) }

func (a *Actor) onLoaded(ctx actor.Context, m *loaded) {
	if m.err != nil {
		a.cfg.Log.Warn("match load failed; retrying", zap.String("match", a.id), zap.Error(m.err))
		a.later(a.load)
		return
	}
	a.loaded = true
	if m.found {
		a.st = m.saved.State
		a.resultDelivered = m.saved.ResultDelivered
	}
	a.st.Match = a.id
	a.statusAtFlush = a.st.Status
	if m.found {
		// Topics may be fresh (a whole node restarted): publish the full state once.
		a.armFlush()
		if a.st.Status.InPlay() {
			a.claimNotices() // a crash may have come between the start and the notices
		}
		if a.st.Status == feed.StatusFinished && !a.resultDelivered {
			a.deliverResult()
		}
	}
	stash := a.stash
	a.stash = nil
	for _, ap := range stash {
		a.onApply(ap)
	}
	for _, w := range a.waiting {
		if w != nil {
			st := a.st.Clone()
			ctx.Send(w, &st)
		}
	}
	a.waiting = nil
}

func (a *Actor) onApply(m *Apply) {
	ev := m.Event
	switch {
	case ev.Seq <= a.st.LastSeq:
		a.dups++
		return
	case ev.Seq > a.st.LastSeq+1:
		if _, held := a.buffer[ev.Seq]; held {
			a.dups++
			return
		}
		if len(a.buffer) >= a.cfg.MaxBuffered {
			a.refused++
			a.cfg.Log.Debug("match event refused", zap.String("match", a.id), zap.Uint64("seq", ev.Seq), zap.Error(ErrGapTooLarge))
			return
		}
		a.buffer[ev.Seq] = ev
		return
	}
	a.apply(ev)
	for {
		next, ok := a.buffer[a.st.LastSeq+1]
		if !ok {
			break
		}
		delete(a.buffer, next.Seq)
		a.apply(next)
	}
	a.armFlush()
}

func (a *Actor) apply(ev feed.Event) {
	if err := a.st.Apply(&ev); err != nil {
		a.rejected++
		if !errors.Is(err, feed.ErrBadTransition) {
			a.cfg.Log.Warn("match event not applied", zap.String("match", a.id), zap.Uint64("seq", ev.Seq), zap.Error(err))
		}
	}
	if a.unsaved == nil {
		// Clock ticks wait a few seconds to be saved together (QuietSaveDelay): room for them at
		// once rather than a slice regrown at every tick.
		a.unsaved = make([]feed.Event, 0, 8)
	}
	a.unsaved = append(a.unsaved, ev)
}

// armFlush sends the actor a flush that queues behind every message already in its mailbox, so
// a burst of events ends in one publish and one save.
func (a *Actor) armFlush() {
	if a.flushArmed {
		return
	}
	a.flushArmed = true
	a.sys.Root.Send(a.self, &flush{})
}

// flush publishes what changed since the last publish (latest value wins) and saves the state.
func (a *Actor) flush() {
	a.fieldsBuf = a.st.AppendFields(a.fieldsBuf[:0])
	var changed, board []feed.Field
	listChanged := false
	for _, f := range a.fieldsBuf {
		if old, ok := a.published[f.Key]; ok && string(old) == string(f.Val) {
			continue
		}
		a.published[f.Key] = f.Val
		changed = append(changed, f)
	}
	// AppendFields gives each key once, and published holds every key given: it holds more only
	// when the feed removed a detail key. A map of the keys seen, made on every flush, was a tenth
	// of what a node with 10,000 ticking matches allocated.
	if len(a.published) > len(a.fieldsBuf) {
		seen := make(map[string]bool, len(a.fieldsBuf))
		for _, f := range a.fieldsBuf {
			seen[f.Key] = true
		}
		for k := range a.published {
			if !seen[k] { // a detail key the feed removed
				delete(a.published, k)
				changed = append(changed, feed.Field{Key: k, Val: []byte("null")})
			}
		}
	}
	for _, f := range changed {
		if scoreboardFields[f.Key] {
			board = append(board, f)
		}
		if listFields[f.Key] {
			listChanged = true
		}
	}
	board = a.boardChanges(board)
	if len(changed) > 0 {
		stamp := a.cfg.Clock.Now()
		if a.matchTopic == "" {
			a.matchTopic = MatchTopic(a.id)
		}
		a.sys.Root.Send(a.cfg.Topics.Get(a.matchTopic), &Publish{Match: a.id, Fields: changed, Stamp: stamp})
		if len(board) > 0 && a.st.Game >= 0 {
			if a.scoresGame != a.st.Game {
				a.scoresTopic, a.scoresGame = ScoresTopic(a.st.Game), a.st.Game
			}
			a.sys.Root.Send(a.cfg.Topics.Get(a.scoresTopic), &Publish{Match: a.id, Fields: board, Stamp: stamp})
		}
	}
	if listChanged && a.cfg.Listener != nil {
		a.cfg.Listener.MatchChanged(a.st.Clone())
	}
	prev := a.statusAtFlush
	a.statusAtFlush = a.st.Status
	if prev.Upcoming() && a.st.Status.InPlay() {
		a.claimNotices()
	}
	if len(a.unsaved) > 0 {
		finished := prev != feed.StatusFinished && a.st.Status == feed.StatusFinished
		if !finished && !a.saveNext && a.cfg.QuietSaveDelay > 0 && onlyClockTicks(a.unsaved) {
			a.saveLater()
			return
		}
		a.saveNext = false
		a.save(finished)
	}
}

// onlyClockTicks says whether evs are all clock events. Anything else is saved at once: a score
// or a status in the live state, and also an incident, a line-up or player statistics, which
// change only the timeline and side tables that the match page reads over REST.
func onlyClockTicks(evs []feed.Event) bool {
	for i := range evs {
		if evs[i].Kind != feed.KClock {
			return false
		}
	}
	return true
}

// saveLater saves the unsaved events QuietSaveDelay from now, unless a change saves them first.
func (a *Actor) saveLater() {
	if a.quietSaveArmed {
		return
	}
	a.quietSaveArmed = true
	self, sys := a.self, a.sys
	a.cfg.Clock.AfterFunc(a.cfg.QuietSaveDelay, func() { sys.Root.Send(self, &quietSave{}) })
}

func (a *Actor) save(finished bool) {
	events := a.unsaved
	a.unsaved = nil
	seq := a.st.LastSeq
	a.inflight[seq] = events
	self, sys := a.self, a.sys
	a.cfg.Store.SaveMatch(feed.Applied{State: a.st.Clone(), Events: events}, func(err error) {
		sys.Root.Send(self, &saved{seq: seq, finished: finished, err: err})
	})
}

func (a *Actor) onSaved(m *saved) {
	if m.err != nil {
		a.cfg.Log.Warn("match save failed; retrying", zap.String("match", a.id), zap.Error(m.err))
		// Events are stored idempotently by seq: send them again with the latest state.
		a.unsaved = append(a.inflight[m.seq], a.unsaved...)
		delete(a.inflight, m.seq)
		a.saveNext = true
		a.later(func() { a.sys.Root.Send(a.self, &flush{}) })
		return
	}
	delete(a.inflight, m.seq)
	if a.st.Status == feed.StatusFinished && !a.resultDelivered && len(a.inflight) == 0 && len(a.unsaved) == 0 {
		a.deliverResult()
	}
}

// deliverResult hands the result to the consumer off the actor, once the finished state is durable.
func (a *Actor) deliverResult() {
	if a.cfg.Results == nil || a.resultPending || a.resultDelivered {
		return
	}
	a.resultPending = true
	r := Result{Match: a.id, Game: a.st.Game, Home: a.st.Home, Away: a.st.Away,
		Periods: append([]feed.Pair(nil), a.st.Periods...), Finished: a.st.Updated, Source: a.st.Source}
	sink, store, self, sys := a.cfg.Results, a.cfg.Store, a.self, a.sys
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err := sink.MatchFinished(c, r)
		if err == nil {
			err = store.MarkResultDelivered(c, r.Match)
		}
		sys.Root.Send(self, &resultAcked{err: err})
	}()
}

// claimNotices tells the booked users' sessions that the match started. The store hands out
// each booking once, so a repeated claim (a restart, a replay) notifies nobody twice.
func (a *Actor) claimNotices() {
	if a.cfg.Reservations == nil || a.cfg.Notifier == nil {
		return
	}
	info := Starting{Match: a.id, Game: a.st.Game, StartAt: a.st.StartAt, Status: a.st.Status}
	res, notifier, log := a.cfg.Reservations, a.cfg.Notifier, a.cfg.Log
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		users, err := res.ClaimStartNotices(c, info.Match)
		if err != nil {
			log.Warn("reservation notices not claimed", zap.String("match", info.Match), zap.Error(err))
			return
		}
		if len(users) > 0 {
			notifier.MatchStarting(users, info)
		}
	}()
}
