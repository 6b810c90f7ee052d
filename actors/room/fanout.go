package room

import (
	"context"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
)

// Replay bounds: a fresh viewer gets the latest joinContext lines; a resuming one at most maxResume
// events, beyond which the reply says there is a gap.
const (
	joinContext = 50
	maxResume   = 10000
)

// armTick schedules the next frame, if none is pending: at once when the room is quiet, else one
// interval after the last frame, the interval widening with load (tick.go). "At once" is a message
// to itself, so what is already in the mailbox (the rest of the same group commit) joins the frame.
func (a *Actor) armTick(ctx actor.Context) {
	if a.tickArmed {
		return
	}
	a.tickArmed = true
	a.tickStamp++
	stamp, self, sys := a.tickStamp, a.self, ctx.ActorSystem()
	wait := a.pace.wait(a.cfg.Now())
	if wait <= 0 {
		sys.Root.Send(self, &tick{stamp: stamp})
		return
	}
	time.AfterFunc(wait, func() { sys.Root.Send(self, &tick{stamp: stamp}) })
}

// flush sends everything visible and not yet broadcast as one frame to every subscribed relay.
// Priority events always go; ordinary chat lines beyond FrameLines are sampled out fairly.
func (a *Actor) flush(ctx actor.Context) {
	now := a.cfg.Now()
	sent := false
	defer func() {
		if sent {
			a.pace.sent(now)
		} else {
			a.pace.observe(now)
		}
	}()
	if a.presence != a.presenceSent {
		a.presenceSent = a.presence
		a.deliver(ctx, protocol.Encode(&protocol.Presence{T: "presence", Room: a.id, Count: a.presence}), false)
		sent = true
	}
	if len(a.batch) == 0 {
		return
	}
	chosen, first, sampled, priority := a.pickLines()
	a.broadcast = a.batch[len(a.batch)-1].seq
	a.batch = a.batch[:0]
	if sampled > 0 && a.cfg.SampledOut != nil {
		a.cfg.SampledOut.Add(float64(sampled))
	}
	if len(chosen) == 0 && sampled == 0 {
		return
	}
	sent = true
	a.frameBuf = protocol.AppendBatch(a.frameBuf[:0], a.id, chosen, sampled)
	// Relays keep the payload (it is written to sockets later), so each frame gets its own copy.
	payload := append([]byte(nil), a.frameBuf...)
	a.deliverEvents(ctx, payload, priority, first)
}

// pickLines chooses the events of one frame in seq order: every priority event, and ordinary lines
// round-robin across senders (each sender's first line before anyone's second) up to FrameLines.
func (a *Actor) pickLines() (chosen [][]byte, first uint64, sampled int, priority bool) {
	limit := a.cfg.FrameLines
	ordinary := 0
	for i := range a.batch {
		if a.batch[i].deleted {
			continue
		}
		if a.batch[i].priority {
			priority = true
		} else {
			ordinary++
		}
	}
	keep := make([]bool, len(a.batch))
	if ordinary <= limit {
		for i := range a.batch {
			keep[i] = !a.batch[i].deleted
		}
	} else {
		sampled = ordinary - limit
		taken := 0
		for round := 0; taken < limit; round++ {
			perUser := map[string]int{}
			progressed := false
			for i := range a.batch {
				b := &a.batch[i]
				if b.deleted || b.priority || keep[i] {
					continue
				}
				n := perUser[b.uid]
				perUser[b.uid] = n + 1
				if n == round && taken < limit {
					keep[i] = true
					taken++
					progressed = true
				}
			}
			if !progressed {
				break
			}
		}
		for i := range a.batch {
			if a.batch[i].priority && !a.batch[i].deleted {
				keep[i] = true
			}
		}
	}
	for i := range a.batch {
		if keep[i] {
			if len(chosen) == 0 {
				first = a.batch[i].seq
			}
			chosen = append(chosen, a.batch[i].payload)
		}
	}
	if w := a.cfg.FrameWait; w != nil {
		now := a.cfg.Now()
		for i := range a.batch {
			if keep[i] {
				w.Observe(now.Sub(a.batch[i].ready).Seconds())
			}
		}
	}
	return chosen, first, sampled, priority
}

// deliver sends a frame without events (presence) to every subscribed relay.
func (a *Actor) deliver(ctx actor.Context, payload []byte, priority bool) {
	a.deliverEvents(ctx, payload, priority, 0)
}

// deliverEvents sends a frame whose first event has seq first (0: none) to every subscribed relay.
func (a *Actor) deliverEvents(ctx actor.Context, payload []byte, priority bool, first uint64) {
	if len(a.relays) == 0 {
		return
	}
	d := &Deliver{Room: a.id, Payload: payload, Priority: priority, Seq: a.broadcast, First: first}
	for _, r := range a.relays {
		ctx.Send(r.pid, d)
	}
}

// onJoin answers a relay joining on behalf of one connection. The reply covers everything already
// broadcast after since; what is still in the batch reaches the relay with the next frame.
//
// A relay this incarnation of the room does not know, but which already serves connections of the
// room (the previous incarnation died with its node), is first caught up: a Rejoin reply carries
// what those connections missed, and the relay gets frames only from that reply on, so no
// connection sees an event twice or out of order.
func (a *Actor) onJoin(ctx actor.Context, j *Join) {
	key := relayKey(j.Relay)
	_, known := a.relays[key]
	_, catching := a.rejoining[key]
	if j.Rejoin {
		if !catching {
			return // only startRejoin asks for a catch-up
		}
	} else if !known && !catching {
		if j.HasRelaySeen && j.RelaySeen < a.broadcast {
			a.startRejoin(ctx, j.Relay, j.RelaySeen, 0)
		} else {
			a.relays[key] = relayRef{pid: j.Relay}
		}
	}
	a.prefetchStanding(ctx, j.UserID)
	reply := a.joinReply(j)
	switch {
	case !j.HasSince || j.Since >= a.broadcast:
		if !j.HasSince {
			reply.Replay = a.latestLines(joinContext)
		}
	case a.broadcast-j.Since > maxResume:
		reply.Gap = true
		reply.Replay = a.latestLines(joinContext)
	default:
		events, complete := a.ring.after(j.Since, a.broadcast)
		if !complete {
			a.loadHistory(ctx, j)
			return
		}
		reply.Replay = events
	}
	a.sendJoinReply(ctx, j, reply)
}

// startRejoin catches up a relay this incarnation does not know: it sends (seen, broadcast] and
// subscribes the relay with count viewers.
func (a *Actor) startRejoin(ctx actor.Context, relay *actor.PID, seen uint64, count int) {
	key := relayKey(relay)
	if _, known := a.relays[key]; known {
		return
	}
	if _, catching := a.rejoining[key]; catching {
		return
	}
	a.rejoining[key] = count
	a.onJoin(ctx, &Join{Relay: relay, Rejoin: true, Since: seen, HasSince: true})
}

// sendJoinReply answers a join; a caught-up relay is subscribed in the same turn, so the next frame
// it gets follows the reply's Seq.
func (a *Actor) sendJoinReply(ctx actor.Context, j *Join, reply *JoinReply) {
	if j.Rejoin {
		key := relayKey(j.Relay)
		count, ok := a.rejoining[key]
		if !ok {
			return
		}
		delete(a.rejoining, key)
		a.relays[key] = relayRef{pid: j.Relay, count: count}
		a.updatePresence(ctx)
	}
	ctx.Send(j.Relay, reply)
}

// joinReply is the part of a JoinReply that describes the room and the joiner's place in it.
// Admins are not known here (the relay does not carry roles); clients learn that from `welcome`.
func (a *Actor) joinReply(j *Join) *JoinReply {
	r := &JoinReply{Room: a.id, Ticket: j.Ticket, Seq: a.broadcast, Open: a.state.Open, Presence: a.presence,
		Slow: int(a.state.SlowMode / time.Second), Rejoin: j.Rejoin, MinLevel: a.state.MinLevel}
	if j.UserID != "" {
		r.Streamer = j.UserID == a.state.StreamerID
		r.Mod = r.Streamer || a.state.Moderators[j.UserID]
		r.MutedUntil = a.mutedUntil(j.UserID, a.cfg.Now())
	}
	return r
}

// latestLines returns up to n of the latest broadcast events, oldest first.
func (a *Actor) latestLines(n int) [][]byte {
	var out [][]byte
	for i := a.ring.n - 1; i >= 0 && len(out) < n; i-- {
		if it := a.ring.at(i); it.seq <= a.broadcast && !it.deleted {
			out = append(out, it.payload)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// loadHistory reads what the ring no longer holds off the actor.
func (a *Actor) loadHistory(ctx actor.Context, j *Join) {
	hist, room, self, sys := a.cfg.History, a.id, a.self, ctx.ActorSystem()
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		events, err := hist.After(c, room, j.Since, maxResume)
		sys.Root.Send(self, &historyLoaded{join: *j, events: events, err: err})
	}()
}

func (a *Actor) onHistoryLoaded(ctx actor.Context, m *historyLoaded) {
	j := m.join
	reply := a.joinReply(&j)
	if m.err != nil {
		a.cfg.Log.Warn("resume from history failed", zap.String("room", a.id), zap.Error(m.err))
		reply.Gap = true
		reply.Replay = a.latestLines(joinContext)
		a.sendJoinReply(ctx, &j, reply)
		return
	}
	// Stored events older than the ring, then the ring from there on: seq decides, so the overlap
	// between the two is sent once.
	last := j.Since
	for _, ev := range m.events {
		e, err := protocol.DecodeEvent(ev)
		if err != nil || e.Seq <= last || e.Seq > a.broadcast {
			continue
		}
		reply.Replay = append(reply.Replay, ev)
		last = e.Seq
	}
	rest, complete := a.ring.after(last, a.broadcast)
	reply.Gap = !complete
	reply.Replay = append(reply.Replay, rest...)
	a.sendJoinReply(ctx, &j, reply)
}

// onRelayReport keeps the viewer count; a relay with no viewers left stops getting frames. A relay
// with viewers that this incarnation does not know is caught up first (see onJoin).
func (a *Actor) onRelayReport(ctx actor.Context, m *RelayReport) {
	key := relayKey(m.Relay)
	if _, catching := a.rejoining[key]; catching {
		a.rejoining[key] = max(m.Count, 0)
		return
	}
	ref, known := a.relays[key]
	switch {
	case m.Count <= 0:
		delete(a.relays, key)
	case !known:
		a.startRejoin(ctx, m.Relay, m.Seen, m.Count)
		return
	default:
		ref.count = m.Count
		a.relays[key] = ref
	}
	a.updatePresence(ctx)
}

// updatePresence recounts viewers over every relay; a change goes out with the next frame.
func (a *Actor) updatePresence(ctx actor.Context) {
	total := 0
	for _, r := range a.relays {
		total += r.count
	}
	if total != a.presence {
		a.presence = total
		a.armTick(ctx) // the count goes out with the next frame, at most once per tick
	}
}
