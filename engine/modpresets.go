package engine

import (
	"context"
	"sync"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/api"
	"courtside/api/audit"
	"courtside/api/modpresets"
	"courtside/storage/postgres"
)

// buildModPresets wires the moderation presets (issue 25 §3): the room actors load each room's
// presets and their chatters' standing from Postgres, record their automatic actions in the audit
// log, and hear the incidents of the match they are linked to (matchSink); the streamer centre and
// the room's moderator panel edit the presets through /java/live/modPresets. A dev node also takes
// POST /java/dev/matchIncident, which hands a room an incident of its linked match as the feed would
// (the browser tests' goal).
func (w *wiring) buildModPresets() {
	n := w.n
	store := postgres.NewModPresets(n.pool)
	w.roomCfg.PresetStore = presetLoader{store}
	w.roomCfg.Standing = standingReader{store}
	w.roomCfg.AutoAudit = newAutoAudit(w.audit, n.log.Named("modpresets"))
	system := n.topo.system()
	svc := modpresets.New(modpresets.Config{}, modpresets.Deps{Store: store, Audit: w.audit,
		Apply: func(id string, p room.Presets) { system.Root.Send(w.registry.Get(id), &room.SetPresets{Presets: p}) }})
	svc.Routes(w.api, w.accounts)

	anchors := postgres.NewAnchors(n.pool)
	tee := &incidentTee{rooms: func(ctx context.Context, match string) ([]string, error) {
		cards, err := anchors.LiveCards(ctx, match, 20)
		ids := make([]string, len(cards))
		for i, c := range cards {
			ids[i] = c.RoomID
		}
		return ids, err
	}, send: func(id string, m *room.MatchEvent) { system.Root.Send(w.registry.Get(id), m) }, log: n.log.Named("modpresets")}
	w.incidents.Store(tee)
	if n.cfg.Env == "dev" {
		w.api.Handle("POST /dev/matchIncident", func(r *api.Request) (any, error) {
			var in struct {
				Room  string `json:"room"`
				Match string `json:"match"`
				Type  string `json:"type"`
			}
			if err := r.Decode(&in); err != nil {
				return nil, err
			}
			if in.Type == "" {
				in.Type = "goal"
			}
			seq := uint64(time.Now().UnixNano()) // later than any real seq a test could have seen
			if in.Room != "" {
				tee.send(in.Room, &room.MatchEvent{Match: "dev:" + in.Room, Seq: seq, Type: in.Type, At: time.Now()})
				return map[string]any{"rooms": []string{in.Room}}, nil
			}
			ids, err := tee.rooms(r.Context(), in.Match)
			if err != nil {
				return nil, err
			}
			for _, id := range ids {
				tee.send(id, &room.MatchEvent{Match: "dev:" + in.Match, Seq: seq, Type: in.Type, At: time.Now()})
			}
			return map[string]any{"rooms": ids}, nil
		})
	}
}

// matchSink is where the live feed goes: the match registry, and the decisive incidents on to the
// rooms linked to the match (once buildModPresets has run; before, only the registry).
func (w *wiring) matchSink() feed.Sink {
	return feed.SinkFunc(func(ev feed.Event) {
		w.matches.Push(ev)
		if ev.Kind != feed.KIncident || ev.Incident == nil || !room.DecisiveIncidents[ev.Incident.Type] {
			return
		}
		if t, ok := w.incidents.Load().(*incidentTee); ok {
			t.incident(ev)
		}
	})
}

// incidentTee finds the live rooms linked to a match (remembered for a while: incidents come in
// bursts) and hands each a MatchEvent, off the feed's goroutine.
type incidentTee struct {
	rooms func(ctx context.Context, match string) ([]string, error)
	send  func(room string, m *room.MatchEvent)
	log   *zap.Logger

	mu    sync.Mutex
	cache map[string]linkedRooms
}

type linkedRooms struct {
	ids []string
	at  time.Time
}

const linkedRoomsTTL = 15 * time.Second

func (t *incidentTee) incident(ev feed.Event) {
	at := time.UnixMilli(ev.At)
	if ev.At == 0 {
		at = time.Now()
	}
	if time.Since(at) > 2*time.Minute {
		return // the feed replaying its history
	}
	m := &room.MatchEvent{Match: ev.Match, Seq: ev.Seq, Type: ev.Incident.Type, At: at}
	go func() {
		ids, ok := t.cached(ev.Match)
		if !ok {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			var err error
			ids, err = t.rooms(ctx, ev.Match)
			cancel()
			if err != nil {
				t.log.Warn("rooms of a match not found", zap.String("match", ev.Match), zap.Error(err))
				return
			}
			t.mu.Lock()
			if t.cache == nil {
				t.cache = map[string]linkedRooms{}
			}
			t.cache[ev.Match] = linkedRooms{ids: ids, at: time.Now()}
			t.mu.Unlock()
		}
		for _, id := range ids {
			t.send(id, m)
		}
	}()
}

func (t *incidentTee) cached(match string) ([]string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	c, ok := t.cache[match]
	if !ok || time.Since(c.at) > linkedRoomsTTL {
		return nil, false
	}
	return c.ids, true
}

// presetLoader adapts the presets store to room.PresetStore.
type presetLoader struct{ s *postgres.ModPresets }

func (l presetLoader) LoadPresets(ctx context.Context, id string) (room.Presets, error) {
	p, err := l.s.Load(ctx, id)
	if err == postgres.ErrPresetsRoomNotFound {
		return room.Presets{}, nil
	}
	if err != nil {
		return room.Presets{}, err
	}
	return modpresets.ToRoom(p), nil
}

// standingReader adapts the presets store to room.Standing.
type standingReader struct{ s *postgres.ModPresets }

func (r standingReader) Standing(ctx context.Context, streamer, uid string) (room.UserStanding, error) {
	c, f, err := r.s.Standing(ctx, streamer, uid)
	return room.UserStanding{Created: c, FollowedAt: f}, err
}

// autoAudit writes the rooms' automatic actions to the audit log from one goroutine (the room calls
// Record on its actor and must not wait); a full queue drops the entry with a warning.
type autoAudit struct {
	ch chan room.AutoRecord
}

func newAutoAudit(rec audit.Recorder, log *zap.Logger) *autoAudit {
	a := &autoAudit{ch: make(chan room.AutoRecord, 1024)}
	go func() {
		for r := range a.ch {
			e := audit.Entry{Action: "room.auto." + r.Op, TargetKind: "room", TargetID: r.Room,
				After: map[string]any{"id": r.ID, "kind": r.Kind, "cause": r.Cause, "detail": r.Detail, "secs": r.Secs}}
			if r.Actor != "" {
				if uid, err := protocol.ParseUserID(r.Actor); err == nil {
					e.ActorID = int64(uid)
				}
			}
			if r.Cause != "" {
				e.Reason = r.Cause
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			if err := rec.Record(ctx, e); err != nil {
				log.Warn("automatic moderation not audited", zap.String("room", r.Room), zap.String("id", r.ID), zap.Error(err))
			}
			cancel()
		}
	}()
	return a
}

func (a *autoAudit) Record(r room.AutoRecord) {
	select {
	case a.ch <- r:
	default:
	}
}
