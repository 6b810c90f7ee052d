package session

import (
	"sync"

	"github.com/asynkron/protoactor-go/actor"
)

// Users reaches the live sessions of signed-in users. Every session adds itself once it has
// authenticated and removes itself when its connection closes; Notify hands a notice to every
// session of a user, wherever it is, and Reauthorize tells every one of them to check its token and
// the user's rights again at once (a ban, a mute, a logout, a password reset, a role or a
// membership that changed: the revocation path of issue 15). A node alone uses LocalUsers (below); a cluster uses the
// variant of package courtside/actors/cluster, which also tells each user's actor, so a notice
// raised on any node reaches the user's sessions on every node. The engine picks one.
//
// Implementations never block: sessions call Add and Remove from their actors, notices come from
// match actors and services.
type Users interface {
	Add(uid string, pid *actor.PID)
	Remove(uid string, pid *actor.PID)
	Notify(uid string, n *Notice)
	Reauthorize(uid string)
}

// Reauthorize tells a session to authenticate its token again and take the user's new rights (or
// close, when the session or the account is gone) before it forwards another command.
type Reauthorize struct{}

// LocalUsers is the Users of this node: the sessions of each signed-in user connected here. Safe
// for concurrent use.
type LocalUsers struct {
	system *actor.ActorSystem

	mu   sync.Mutex
	byID map[string]map[*actor.PID]struct{}
}

var _ Users = (*LocalUsers)(nil)

// NewLocalUsers makes an empty directory that sends notices through system.
func NewLocalUsers(system *actor.ActorSystem) *LocalUsers {
	return &LocalUsers{system: system, byID: map[string]map[*actor.PID]struct{}{}}
}

// Add records a session of uid.
func (d *LocalUsers) Add(uid string, pid *actor.PID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.byID[uid] == nil {
		d.byID[uid] = map[*actor.PID]struct{}{}
	}
	d.byID[uid][pid] = struct{}{}
}

// Remove forgets a session of uid.
func (d *LocalUsers) Remove(uid string, pid *actor.PID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.byID[uid], pid)
	if len(d.byID[uid]) == 0 {
		delete(d.byID, uid)
	}
}

// Notify sends n to every session of uid on this node.
func (d *LocalUsers) Notify(uid string, n *Notice) {
	for _, pid := range d.Sessions(uid) {
		d.system.Root.Send(pid, n)
	}
}

// Reauthorize tells every session of uid on this node to check its rights again.
func (d *LocalUsers) Reauthorize(uid string) {
	for _, pid := range d.Sessions(uid) {
		d.system.Root.Send(pid, &Reauthorize{})
	}
}

// Sessions returns the sessions of uid on this node.
func (d *LocalUsers) Sessions(uid string) []*actor.PID {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]*actor.PID, 0, len(d.byID[uid]))
	for pid := range d.byID[uid] {
		out = append(out, pid)
	}
	return out
}

// Each calls f for every signed-in session on this node (outside the lock).
func (d *LocalUsers) Each(f func(uid string, pid *actor.PID)) {
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
