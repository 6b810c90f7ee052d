package engine

import (
	"sync"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/match"
	"courtside/actors/protocol"
	"courtside/actors/session"
	"courtside/api"
	"courtside/api/matches"
	"courtside/storage/postgres"
	"courtside/storage/postgres/sportsdemo"
)

// buildScores wires live scores: the sports store, the match actors and their topics (served by
// the node's relay like rooms) and the REST module (registered with the API server later).
func (n *Node) buildScores() {
	n.sports = postgres.NewSportsStore(n.pool, postgres.SportsConfig{})
	n.topics = match.NewTopics(n.system, match.TopicConfig{})
	n.matchAPI = matches.New(matches.Config{Store: n.sports, Auth: matchesAuth{n}, Log: n.log.Named("matches")})
	n.matches = match.NewRegistry(n.system, match.Config{
		Store: n.sports, Topics: n.topics, Reservations: n.sports,
		Notifier: matchNotices{&directoryRef{dir: n.directory, system: n.system}}, Listener: n.matchAPI, Log: n.log.Named("match"),
	})
}

// scoreServices are the long-lived parts of live scores.
func (n *Node) scoreServices() []namedService {
	out := []namedService{{"matches", ServiceFunc(n.matchAPI.Run)}}
	if n.cfg.Demo {
		out = append(out, namedService{"feed-simulator", &sportsdemo.Service{Store: n.sports, Sink: n.matches, Log: n.log.Named("simulator")}})
	}
	return out
}

// matchesAuth tells the matches module who calls ("" for guests).
type matchesAuth struct{ n *Node }

func (a matchesAuth) UserID(r *api.Request) (string, error) {
	if r.Token == "" {
		return "", nil
	}
	u, err := a.n.accounts.Authenticate(r.Context(), r.Token)
	if err != nil {
		return "", err
	}
	return u.UID(), nil
}

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
