package engine

import (
	"context"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/actors/room"
)

// A decisive incident of the feed reaches every live room linked to its match, once per room; the
// feed replaying its history and ordinary incidents do not.
func TestIncidentTeeHandsDecisiveIncidentsToTheLinkedRooms(t *testing.T) {
	var mu sync.Mutex
	got := map[string][]*room.MatchEvent{}
	lookups := 0
	tee := &incidentTee{
		rooms: func(_ context.Context, match string) ([]string, error) {
			mu.Lock()
			lookups++
			mu.Unlock()
			if match == "m1" {
				return []string{"1002", "1006"}, nil
			}
			return nil, nil
		},
		send: func(id string, m *room.MatchEvent) { mu.Lock(); got[id] = append(got[id], m); mu.Unlock() },
		log:  zap.NewNop(),
	}
	now := time.Now().UnixMilli()
	tee.incident(feed.Event{Match: "m1", Seq: 10, At: now, Kind: feed.KIncident, Incident: &feed.Incident{Type: "goal"}})
	tee.incident(feed.Event{Match: "m1", Seq: 3, At: now - int64(10*time.Minute/time.Millisecond), Kind: feed.KIncident,
		Incident: &feed.Incident{Type: "goal"}}) // history
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(got["1002"]) + len(got["1006"])
		mu.Unlock()
		if n >= 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	tee.incident(feed.Event{Match: "m1", Seq: 11, At: now, Kind: feed.KIncident, Incident: &feed.Incident{Type: "redCard"}})
	deadline = time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(got["1002"])
		mu.Unlock()
		if n >= 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	for _, id := range []string{"1002", "1006"} {
		evs := got[id]
		if len(evs) != 2 || evs[0].Type != "goal" || evs[0].Seq != 10 || evs[0].Match != "m1" || evs[1].Type != "redCard" {
			t.Fatalf("room %s got %+v, want the goal then the red card", id, evs)
		}
	}
	if lookups != 1 {
		t.Fatalf("rooms of the match looked up %d times, want once (cached)", lookups)
	}
	if !room.DecisiveIncidents["goal"] || room.DecisiveIncidents["substitution"] {
		t.Fatal("decisive incidents: a goal is, a substitution is not")
	}
}
