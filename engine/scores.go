package engine

import (
	"courtside/actors/match"
	"courtside/api"
	"courtside/api/matches"
	"courtside/storage/postgres"
	"courtside/storage/postgres/sportsdemo"
)

// buildScores wires live scores: the sports store, the match actors and their topics (served by
// the node's relay like rooms) and the REST module (registered with the API server later). It
// runs before joinCluster: in cluster mode the match and topic kinds activate their actors from
// the registries built here (cluster_matches.go).
func (n *Node) buildScores() {
	n.sports = postgres.NewSportsStore(n.pool, postgres.SportsConfig{})
	n.topics = match.NewTopics(n.system, match.TopicConfig{})
	n.matchAPI = matches.New(matches.Config{Store: n.sports, Auth: matchesAuth{n}, Log: n.log.Named("matches")})
	n.matches = match.NewRegistry(n.system, match.Config{
		Store: n.sports, Topics: n.topics, Reservations: n.sports,
		Notifier: matchNotices{&directoryRef{dir: n.directory, system: n.system}}, Listener: n.matchListener(), Log: n.log.Named("match"),
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
