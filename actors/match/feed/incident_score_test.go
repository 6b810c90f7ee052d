package feed

import "testing"

// TestIncidentsCarryTheScoreTheyLeave: a goal, a disallowed goal, a map, a frame, a period end
// and full time carry the match score they leave (the one the score event beside them
// publishes), so clients can write the line in any language without reading the English Text.
func TestIncidentsCarryTheScoreTheyLeave(t *testing.T) {
	scored := map[string]bool{"goal": true, "ownGoal": true, "goalDisallowed": true, "mapWin": true, "frameWon": true, "periodEnd": true, "fullTime": true}
	// Ice hockey (GameSportsOther plays it), football, basketball, snooker, a MOBA.
	for _, game := range []int{GameSoccer, GameSportsOther, GameBasketball, GameSnooker, GameLoL} {
		sim := NewSimulator(SimConfig{Seed: 3, PostponedPct: -1, CancelledPct: -1, AbandonedPct: -1}, nil, nil)
		seen := 0
		for _, f := range rangeFixtures(game, 6) {
			evs := sim.Script(f)
			var now Pair
			for i, ev := range evs {
				if ev.Kind == KScore {
					now = Pair{ev.Score.Home, ev.Score.Away}
				}
				if ev.Kind != KIncident || !scored[ev.Incident.Type] {
					continue
				}
				in := ev.Incident
				if in.Score == nil {
					t.Fatalf("%s %s at seq %d has no score", f.ID, in.Type, ev.Seq)
				}
				// The score event comes just before or just after the incident, at the same time.
				want := now
				for _, next := range evs[i+1:] {
					if next.At != ev.At || next.Kind == KIncident {
						break
					}
					if next.Kind == KScore {
						want = Pair{next.Score.Home, next.Score.Away}
						break
					}
				}
				if *in.Score != want {
					t.Fatalf("%s %s at seq %d: score %v, the match is %v", f.ID, in.Type, ev.Seq, *in.Score, want)
				}
				seen++
			}
		}
		if seen == 0 {
			t.Fatalf("game %d: no scored incident was checked", game)
		}
	}
}
