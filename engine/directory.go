package engine

import (
	"sync"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match"
	"courtside/actors/protocol"
	"courtside/actors/session"
)

// directory knows the live sessions of each signed-in user on this node. In cluster mode it also
// tells each user's actor (the "user" kind, cluster_users.go) which sessions the user has here, so
// a notice raised on any node reaches the user's sessions on every node.
type directory struct {
	mu   sync.Mutex
	byID map[string]map[*actor.PID]struct{}

	users *userRouter // cluster mode only; set before any session starts
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
	if d.users != nil {
		d.users.send(uid, &UserAttach{Session: pid})
	}
}

func (d *directory) Remove(uid string, pid *actor.PID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.byID[uid], pid)
	if len(d.byID[uid]) == 0 {
		delete(d.byID, uid)
	}
	if d.users != nil {
		d.users.send(uid, &UserDetach{Session: pid})
	}
}

// each calls f for every signed-in session on this node (outside the lock).
func (d *directory) each(f func(uid string, pid *actor.PID)) {
	type entry struct {
		uid string
		pid *actor.PID
	}
	d.mu.Lock()
	all := make([]entry, 0, len(d.byID))
	for uid, pids := range d.byID {
		for pid := range pids {
			all = append(all, entry{uid, pid})
		}
	}
	d.mu.Unlock()
	for _, e := range all {
		f(e.uid, e.pid)
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
		m.d.notify(uid, &session.Notice{Payload: payload})
	}
}

// notify hands a notice to every session of a user: through the user's actor in cluster mode
// (the user may be connected to any node), straight to this node's sessions otherwise.
func (r *directoryRef) notify(uid string, n *session.Notice) {
	if r.dir.users != nil {
		r.dir.users.send(uid, n)
		return
	}
	for _, pid := range r.dir.sessions(uid) {
		r.system.Root.Send(pid, n)
	}
}
