package feed

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// placedTypes are the incident types that must carry a place in each family's frame (place.go).
var placedTypes = map[Family][]string{
	FamFootball:    {"goal", "shot", "shotSaved", "yellowCard", "penaltyMissed"},
	FamHockey:      {"goal"},
	FamBasketball:  {"threePointer"},
	FamMOBA:        {"kill", "firstBlood", "firstTower", "dragon", "baron", "roshan", "tyrant", "overlord"},
	FamTactical:    {"bombPlant", "bombDefuse", "spikePlant", "spikeDefuse", "defuserPlant", "defuserDisable", "kill"},
	FamModes:       {"kill"},
	FamHeroShooter: {"kill"},
	FamGridiron:    {"touchdown", "fieldGoal", "missedFieldGoal"},
	FamTennis:      {"ace", "doubleFault", "winner"},
	FamRally:       {"ace", "block", "smash", "edgeBall", "netCord", "error"},
}

func placedScripts(t *testing.T, seed uint64, game, n int) [][]Event {
	t.Helper()
	sim := NewSimulator(SimConfig{Seed: seed, PostponedPct: -1, CancelledPct: -1, AbandonedPct: -1}, nil, nil)
	var out [][]Event
	for i := 0; i < n; i++ {
		f := Fixture{ID: fmt.Sprintf("p%d-%d", game, i), Game: game, Home: "h", Away: "a", Start: t0}
		out = append(out, sim.Script(f))
	}
	return out
}

// Every placed incident lies within 0..100 and the types that have a place always carry one; the
// validator accepts every event.
func TestIncidentPlacesAreInRange(t *testing.T) {
	for _, game := range []int{GameSoccer, 9, GameSportsOther, GameBasketball, GameLoL, GameKoG, GameDota2, GameCS, GameValorant, 20, 16, 8, 17, 209, GameTennis, 206, 207, 208} {
		fam := ProfileOf(game).Family
		must := map[string]bool{}
		for _, typ := range placedTypes[fam] {
			must[typ] = true
		}
		placed := 0
		for _, evs := range placedScripts(t, 3, game, 6) {
			var st State
			for i := range evs {
				ev := &evs[i]
				if err := st.Apply(ev); err != nil {
					t.Fatalf("game %d seq %d: %v", game, ev.Seq, err)
				}
				in := ev.Incident
				if ev.Kind != KIncident || in == nil {
					continue
				}
				if in.X < 0 || in.X > 100 || in.Y < 0 || in.Y > 100 {
					t.Fatalf("game %d: %s at %v,%v is off the map", game, in.Type, in.X, in.Y)
				}
				if must[in.Type] {
					if in.X == 0 && in.Y == 0 {
						t.Fatalf("game %d: %s %q has no place", game, in.Type, in.Text)
					}
					placed++
				}
			}
		}
		if placed == 0 {
			t.Errorf("game %d: no placed incident in six matches", game)
		}
	}
}

// Places follow the sides: in football the home side shoots at the goal at X = 100 and the away
// side at X = 0; in basketball threes come from behind the arc of the basket a side attacks; in
// shooters plants are on site A (right) or B (left) at the top of the map and their text names it.
func TestIncidentPlacesFollowTheSides(t *testing.T) {
	for _, evs := range placedScripts(t, 11, GameSoccer, 6) {
		for _, ev := range evs {
			in := ev.Incident
			if in == nil || (in.Type != "goal" && in.Type != "shot" && in.Type != "shotSaved") || in.Period == 5 {
				continue
			}
			if (in.Team == 0) != (in.X > 50) {
				t.Fatalf("football: %s of side %d at X %v", in.Type, in.Team, in.X)
			}
		}
	}
	for _, evs := range placedScripts(t, 11, GameBasketball, 4) {
		for _, ev := range evs {
			in := ev.Incident
			if in == nil || in.Type != "threePointer" {
				continue
			}
			ft := (100 - in.X) * 0.94 // feet from the basket's end line
			if in.Team == 1 {
				ft = in.X * 0.94
			}
			dx, dy := ft-5.25, (in.Y-50)*0.5
			if d := dx*dx + dy*dy; d < 21.9*21.9 || ft > 47 {
				t.Fatalf("basketball: a three of side %d from %v,%v is inside the arc or past half court", in.Team, in.X, in.Y)
			}
		}
	}
	for _, evs := range placedScripts(t, 11, GameCS, 4) {
		for _, ev := range evs {
			in := ev.Incident
			if in == nil || (in.Type != "bombPlant" && in.Type != "bombDefuse") {
				continue
			}
			site := "B"
			if in.X >= 50 {
				site = "A"
			}
			if in.Y > 40 || !contains(in.Text, "site "+site) {
				t.Fatalf("shooter: %s at %v,%v reads %q", in.Type, in.X, in.Y, in.Text)
			}
		}
	}
}

// Shooters' kills: a round's deciding kill is at the round's site, the defenders' on it and the
// attackers' on its approach below it; the objective shooters' kills are on the objective, each
// side's on the half it pushes into.
func TestShooterKillsAreAtTheSiteOrOnTheObjective(t *testing.T) {
	for _, game := range []int{GameCS, GameValorant, 20} {
		kills := 0
		for _, evs := range placedScripts(t, 5, game, 3) {
			for _, ev := range evs {
				in := ev.Incident
				if in == nil || in.Type != "kill" {
					continue
				}
				kills++
				site, cx := "B", 26.0
				if in.X >= 50 {
					site, cx = "A", 74.0
				}
				if !contains(in.Text, "site "+site) || in.X < cx-11 || in.X > cx+11 || in.Y < 14 || in.Y > 50 {
					t.Fatalf("game %d: kill at %v,%v reads %q: want it at site %s", game, in.X, in.Y, in.Text, site)
				}
				if in.Name == "" || in.Assist == "" || in.Team != 0 && in.Team != 1 {
					t.Fatalf("game %d: kill without its players or side: %+v", game, *in)
				}
			}
		}
		if kills == 0 {
			t.Fatalf("game %d: no kill on the map in three matches", game)
		}
	}
	for _, game := range []int{8, 17} {
		var kills [2]int
		for _, evs := range placedScripts(t, 5, game, 3) {
			for _, ev := range evs {
				in := ev.Incident
				if in == nil || in.Type != "kill" {
					continue
				}
				kills[in.Team]++
				dx, dy := in.X-50, in.Y-50
				if dx*dx+dy*dy > objectiveR*objectiveR+1 {
					t.Fatalf("game %d: kill at %v,%v is off the objective", game, in.X, in.Y)
				}
				if (in.Team == 0) != (in.X >= 50) {
					t.Fatalf("game %d: kill of side %d at X %v, on the wrong half", game, in.Team, in.X)
				}
			}
		}
		if kills[0] == 0 || kills[1] == 0 {
			t.Fatalf("game %d: kills per side %v: want some of each", game, kills)
		}
	}
}

// Gridiron: touchdowns in the end zone a side attacks (home: beyond the goal line at X 91.7),
// field goals kicked from its own side of the goal posts it aims at, between the hash marks.
func TestGridironPlaysAreInTheEndZoneOrAtTheKickSpot(t *testing.T) {
	var tds, fgs [2]int
	for _, evs := range placedScripts(t, 5, 209, 6) {
		for _, ev := range evs {
			in := ev.Incident
			if in == nil {
				continue
			}
			x := in.X
			if in.Team == 1 {
				x = 100 - x // as if the side attacked towards X = 100
			}
			switch in.Type {
			case "touchdown":
				tds[in.Team]++
				if x < 91.7 || x > 100 || in.Y < 10 || in.Y > 90 {
					t.Fatalf("touchdown of side %d at %v,%v: not in the end zone it attacks", in.Team, in.X, in.Y)
				}
			case "fieldGoal", "missedFieldGoal":
				fgs[in.Team]++
				// Kicked from at most 56 yards out: the spot is within the attacked half.
				if x < 50 || x > 91.7 || in.Y < 44 || in.Y > 56 {
					t.Fatalf("%s of side %d from %v,%v", in.Type, in.Team, in.X, in.Y)
				}
			}
		}
	}
	if tds[0] == 0 || tds[1] == 0 || fgs[0]+fgs[1] == 0 {
		t.Fatalf("touchdowns per side %v, field goals %v: want some", tds, fgs)
	}
}

// The same seed places every incident at the same spot; another seed places them elsewhere.
func TestIncidentPlacesAreDeterministic(t *testing.T) {
	places := func(seed uint64, game int) [][2]float64 {
		var out [][2]float64
		for _, evs := range placedScripts(t, seed, game, 2) {
			for _, ev := range evs {
				if ev.Incident != nil {
					out = append(out, [2]float64{ev.Incident.X, ev.Incident.Y})
				}
			}
		}
		return out
	}
	for _, game := range []int{GameSoccer, GameBasketball, GameLoL, GameValorant} {
		if !reflect.DeepEqual(places(21, game), places(21, game)) {
			t.Fatalf("game %d: one seed, two sets of places", game)
		}
		if reflect.DeepEqual(places(21, game), places(22, game)) {
			t.Fatalf("game %d: two seeds, the same places", game)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// Net courts: every placed incident is inside the court and on the half the ball landed on (what
// a side wins lands on the other half: home X > 50); a tennis ace is in the service box it was
// served to, a double fault's second serve just past that box's service line, a break or a set
// point's winner deep in the other half; a volleyball block drops right behind the net.
func TestNetCourtPlacesAreOnTheOtherHalf(t *testing.T) {
	for _, game := range []int{GameTennis, 206, 207} {
		c := netCourts[game]
		seen := map[string][2]int{}
		for _, evs := range placedScripts(t, 7, game, 6) {
			for _, ev := range evs {
				in := ev.Incident
				if in == nil || in.X == 0 && in.Y == 0 {
					continue
				}
				if in.Team != 0 && in.Team != 1 {
					t.Fatalf("game %d: %s without a side", game, in.Type)
				}
				n := seen[in.Type]
				n[in.Team]++
				seen[in.Type] = n
				// Metres past the net on the half the ball landed on, and across from the top.
				past := (in.X/100*c.length - c.length/2)
				if in.Team == 1 {
					past = -past
				}
				across := in.Y / 100 * c.width
				if past <= 0 || past > c.length/2 || across < 0 || across > c.width {
					t.Fatalf("game %d: %s of side %d at %v,%v: not on the other half of the court", game, in.Type, in.Team, in.X, in.Y)
				}
				singles := across >= c.singlesIn-0.05 && across <= c.width-c.singlesIn+0.05
				switch in.Type {
				case "ace":
					if game == GameTennis && (past > c.service+0.05 || !singles) {
						t.Fatalf("tennis ace at %v,%v (%.2f m past the net): outside the service boxes", in.X, in.Y, past)
					}
				case "doubleFault":
					if past < c.service || past > c.service+1.3 || !singles {
						t.Fatalf("double fault at %v,%v (%.2f m past the net): want just past the service line", in.X, in.Y, past)
					}
				case "block":
					if past > 1.6 {
						t.Fatalf("block at %v,%v: %.2f m from the net", in.X, in.Y, past)
					}
				case "break", "winner", "smash":
					if past < c.length/6-0.1 || !singles {
						t.Fatalf("game %d: %s at %v,%v (%.2f m past the net): want deep in the singles court", game, in.Type, in.X, in.Y, past)
					}
				}
				if in.Name == "" || in.Minute == "" {
					t.Fatalf("game %d: %s without its player or minute: %+v", game, in.Type, *in)
				}
			}
		}
		want := map[int][]string{GameTennis: {"ace", "doubleFault", "break"}, 206: {"ace", "block", "smash"}, 207: {"smash"}}[game]
		for _, typ := range want {
			if n := seen[typ]; n[0] == 0 || n[1] == 0 {
				t.Errorf("game %d: %s per side %v in six matches: want some of each", game, typ, n)
			}
		}
	}
}

// Table tennis: a point ends where the ball does. What a side wins (an unreturned serve, an edge
// ball, a net cord, a smash) lands on the table's other half: an edge ball on its edge, a net cord
// just past the net. An error is the loser's (in its colour), in the net on its own side or on the
// floor beyond the far half. Every kind is seen for both sides, and the edge balls and net cords
// are what the edgeAndNet statistic counts.
func TestTableTennisPointsEndWhereTheBallDoes(t *testing.T) {
	c := netCourts[208]
	seen := map[string][2]int{}
	for _, evs := range placedScripts(t, 11, 208, 8) {
		edgeAndNet, placedEdgeAndNet := 0.0, 0.0
		for _, ev := range evs {
			if ev.Kind == KStats {
				if v, ok := ev.Stats["edgeAndNet"]; ok {
					edgeAndNet = v[0] + v[1]
				}
			}
			in := ev.Incident
			if in == nil || in.Type == "setWon" || in.Type == "fullTime" {
				continue
			}
			if in.Team != 0 && in.Team != 1 || in.Name == "" || in.Minute == "" {
				t.Fatalf("%s without its side, player or score: %+v", in.Type, *in)
			}
			n := seen[in.Type]
			n[in.Team]++
			seen[in.Type] = n
			// Back to metres: along from the home end of the table, across from its top edge.
			along := in.X/100*(c.length+2*c.apron) - c.apron
			across := in.Y/100*(c.width+2*c.apron) - c.apron
			past := along - c.length/2 // past the net, seen from the side that hit the ball
			if in.Team == 1 {
				past = -past
			}
			onTable := across >= -0.02 && across <= c.width+0.02 && past >= -c.length/2-0.02 && past <= c.length/2+0.02
			const eps = 0.02
			switch in.Type {
			case "ace", "smash":
				if !onTable || past <= 0 {
					t.Fatalf("%s of side %d at %v,%v: not on the other half of the table", in.Type, in.Team, in.X, in.Y)
				}
			case "edgeBall":
				placedEdgeAndNet++
				edge := math.Abs(past-c.length/2) < eps || math.Abs(across) < eps || math.Abs(across-c.width) < eps
				if !onTable || past <= 0 || !edge {
					t.Fatalf("edge ball at %v,%v (%.2f m past the net, %.2f across): not on an edge of the other half", in.X, in.Y, past, across)
				}
			case "netCord":
				placedEdgeAndNet++
				if !onTable || past <= 0 || past > 0.4 {
					t.Fatalf("net cord at %v,%v: %.2f m past the net", in.X, in.Y, past)
				}
			case "error":
				inNet := past < 0 && past > -0.15 && across > 0 && across < c.width
				offTable := past > 0 && !onTable
				if !inNet && !offTable {
					t.Fatalf("error of side %d at %v,%v (%.2f m past the net, %.2f across): neither in the net nor off the far half", in.Team, in.X, in.Y, past, across)
				}
			default:
				t.Fatalf("table tennis incident %q", in.Type)
			}
		}
		if edgeAndNet != placedEdgeAndNet {
			t.Errorf("edgeAndNet statistic %v, edge balls and net cords placed %v", edgeAndNet, placedEdgeAndNet)
		}
	}
	for _, typ := range []string{"ace", "edgeBall", "netCord", "smash", "error"} {
		if n := seen[typ]; n[0] == 0 || n[1] == 0 {
			t.Errorf("%s per side %v in eight matches: want some of each", typ, n)
		}
	}
}

// A tennis ace lands in the box it was served to: the deuce box (the server's right: the top box
// for the home server, the bottom one for the away server) on the first point of a game.
func TestTennisAceLandsInTheDeuceBoxFirst(t *testing.T) {
	b := &builder{r: rand.New(rand.NewPCG(1, 2))}
	c := netCourts[GameTennis]
	for i := 0; i < 200; i++ {
		for team := 0; team < 2; team++ {
			_, y := b.acePlace(c, team, true)
			if (team == 0) != (y < 50) {
				t.Fatalf("deuce-court ace of side %d at Y %v", team, y)
			}
			_, y = b.acePlace(c, team, false)
			if (team == 0) != (y > 50) {
				t.Fatalf("ad-court ace of side %d at Y %v", team, y)
			}
		}
	}
}
