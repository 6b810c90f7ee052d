package engine

import (
	"sync"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match"
	"courtside/actors/protocol"
	"courtside/actors/session"
)

// directory knows the live sessions of each signed-in user on this node.
type directory struct {
	mu   sync.Mutex
	byID map[string]map[*actor.PID]struct{}
}

var _ session.Directory = (*directory)(nil)

func newDirectory() *directory { return &directory{byID: map[string]map[*actor.PID]struct{}{}} }

func (d *directory) Add(uid string, pid *actor.PID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.byID[uid] == nil {
		d.byID[uid] = map[*actor.PID]struct{}{}
	}
	d.byID[uid][pid] = struct{}{}
}

func (d *directory) Remove(uid string, pid *actor.PID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.byID[uid], pid)
	if len(d.byID[uid]) == 0 {
		delete(d.byID, uid)
	}
}

func (d *directory) sessions(uid string) []*actor.PID {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]*actor.PID, 0, len(d.byID[uid]))
	for pid := range d.byID[uid] {
		out = append(out, pid)
	}
	return out
}

// matchNotices delivers "your booked match is starting" to the booked users' sessions on this node.
type matchNotices struct{ d *directoryRef }

// directoryRef lets the notifier be built before the actor system it sends through.
type directoryRef struct {
	dir    *directory
	system *actor.ActorSystem
}

// Notice is the frame of a match-starting notice (docs/protocol.md).
type Notice struct {
	T       string `json:"t"`
	Key     string `json:"key"`
	Match   string `json:"match"`
	GameID  int    `json:"gameId"`
	StartAt int64  `json:"startAt"`
}

func (m matchNotices) MatchStarting(userIDs []string, s match.Starting) {
	payload := protocol.Encode(&Notice{T: "notice", Key: "match.starting", Match: s.Match, GameID: s.Game, StartAt: s.StartAt})
	for _, uid := range userIDs {
		for _, pid := range m.d.dir.sessions(uid) {
			m.d.system.Root.Send(pid, &session.Notice{Payload: payload})
		}
	}
}
