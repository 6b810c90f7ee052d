package feed

import (
	"fmt"
	"time"
)

// rally plays the sports scored rally by rally in games or sets to a target with a two-point
// margin: volleyball (best of five sets to 25, the fifth to 15, the rally winner serves),
// badminton (best of three games to 21, capped at 30, the rally winner serves) and table tennis
// (best of five games to 11, serve changes every two points and every point from 10-10).
// Home and Away count sets or games won; Periods hold the points of each.
func (b *builder) rally() {
	var target, last, capPts int
	var pServe float64
	per := 25 * time.Second
	volley := b.f.Game == 206
	switch b.f.Game {
	case 206:
		target, last, pServe, per = 25, 15, 0.38, 28*time.Second
	case 207:
		target, last, capPts, pServe = 21, 21, 30, 0.47
	default:
		target, last, pServe, per = 11, 11, 0.56, 22*time.Second
	}
	bo := b.bestOf(3, 5, 7)
	if volley {
		bo = 5
	}
	need := bo/2 + 1
	t := b.f.Start
	b.status(t, StatusLive)
	s := b.strength()
	serve := b.r.IntN(2)
	streak, streakTeam := 0, -1
	for set := 1; b.home < need && b.away < need; set++ {
		if set > 1 {
			b.status(t, StatusHalftime)
			t = t.Add(time.Duration(2+b.r.IntN(2)) * time.Minute)
			b.status(t, StatusLive)
		}
		goal := target
		if set == bo {
			goal = last
		}
		b.pers = append(b.pers, Pair{0, 0})
		b.period(t, set, fmt.Sprintf("S%d", set), Clock{})
		pts := &b.pers[set-1]
		served := 0
		for {
			t = t.Add(per + time.Duration(b.r.IntN(15))*time.Second)
			edge := 0.07 * s
			if serve == 1 {
				edge = -edge
			}
			w := serve
			if !b.chance(pServe + edge) {
				w = 1 - serve
			}
			pts[w]++
			b.stat("pointsWon", w, 1)
			if w == serve && !volley {
				b.stat("servicePointsWon", w, 1)
			}
			if w == streakTeam {
				streak++
			} else {
				streak, streakTeam = 1, w
			}
			if !volley && float64(streak) > b.stats["longestStreak"][w] {
				st := b.stats["longestStreak"]
				st[w] = float64(streak)
				b.stats["longestStreak"] = st
			}
			kind, who := b.rallyDetail(w, serve, volley)
			served++
			switch {
			case volley || b.f.Game == 207:
				serve = w
			case pts[0] >= 10 && pts[1] >= 10:
				serve = 1 - serve
			case served%2 == 0:
				serve = 1 - serve
			}
			hi, lo := max(pts[0], pts[1]), min(pts[0], pts[1])
			done := hi >= goal && hi-lo >= 2
			if capPts > 0 && hi == capPts {
				done = true
			}
			b.placeRally(t, set, *pts, w, kind, who, done)
			if done {
				break
			}
			b.score(t)
			b.detail(t, map[string]any{"points": fmt.Sprintf("%d-%d", pts[0], pts[1]), "serve": serve})
			if (pts[0]+pts[1])%10 == 0 {
				b.flushStats(t)
			}
		}
		gw := 0
		if pts[1] > pts[0] {
			gw = 1
		}
		if gw == 0 {
			b.home++
		} else {
			b.away++
		}
		b.score(t)
		b.detail(t, map[string]any{"points": "0-0", "serve": serve})
		b.flushStats(t)
		b.incident(t, Incident{Type: "setWon", Team: gw, Period: set, Key: true, Score: &Pair{pts[0], pts[1]},
			Text: fmt.Sprintf("%s takes set %d, %d-%d", b.sideName(gw), set, pts[gw], pts[1-gw])})
		b.odds(t, b.inplay(0.5))
	}
	b.status(t, StatusFinished)
	b.flushPlayers(t)
	b.incident(t, Incident{Type: "fullTime", Team: -1, Key: true, Text: fmt.Sprintf("Match over: %s %d-%d %s", b.sideName(0), b.home, b.away, b.sideName(1))})
}

// rallyDetail credits the rally's statistics to the winner w (serve is who served) and says how
// the rally was won when it is a kind the court shows ("ace", "block", "attack", "smash"; "" for
// the others) with the player who won it.
func (b *builder) rallyDetail(w, serve int, volley bool) (kind string, who Player) {
	if !volley {
		p := b.roster(w)[0]
		b.pstatAdd(p, w, "pointsWon", 1)
		switch {
		case b.f.Game == 207 && b.chance(0.25):
			b.stat("smashWinners", w, 1)
			b.pstatAdd(p, w, "smashWinners", 1)
			kind, who = "smash", p
		case b.f.Game == 208:
			kind, who = b.tableTennisEnd(w, serve, p)
		}
		if w == serve {
			b.pstatAdd(p, w, "servicePointsWon", 1)
		}
		return kind, who
	}
	switch r := b.r.Float64(); {
	case w == serve && r < 0.08:
		b.stat("aces", w, 1)
		who, kind = b.pick(w, false), "ace"
		b.pstatAdd(who, w, "aces", 1)
	case w != serve && r < 0.1:
		b.stat("serviceErrors", serve, 1)
		b.stat("opponentErrors", w, 1)
		b.pstatAdd(b.pick(serve, false), serve, "serviceErrors", 1)
	case r < 0.68:
		b.stat("attackPoints", w, 1)
		who, kind = b.pickFrom(w, "Outside hitter", "Opposite", "Middle blocker"), "attack"
		b.pstatAdd(who, w, "attackPoints", 1)
	case r < 0.8:
		b.stat("blockPoints", w, 1)
		who, kind = b.pickFrom(w, "Middle blocker", "Opposite"), "block"
		b.pstatAdd(who, w, "blockPoints", 1)
	default:
		b.stat("opponentErrors", w, 1)
	}
	if b.chance(0.5) {
		b.pstatAdd(b.pickFrom(1-w, "Libero", "Outside hitter"), 1-w, "digs", 1)
	}
	return kind, who
}

// tableTennisEnd says how a table tennis point won by w (p its player; serve is who served)
// ended when the table shows it: an unreturned serve ("ace"), an edge ball or a net cord (the
// edgeAndNet statistic), a smash, or the loser's error ("error", who then being the loser). The
// other points (rallies won by placement) are not placed.
func (b *builder) tableTennisEnd(w, serve int, p Player) (kind string, who Player) {
	switch r := b.r.Float64(); {
	case r < 0.06:
		if w == serve {
			return "ace", p
		}
	case r < 0.085:
		b.stat("edgeAndNet", w, 1)
		if b.r.IntN(2) == 0 {
			return "edgeBall", p
		}
		return "netCord", p
	case r < 0.2:
		return "smash", p
	case r < 0.36:
		return "error", b.roster(1 - w)[0]
	}
	return "", Player{}
}

// placeRally puts on the court what the rally won by w showed: a volleyball ace
// or block, the attack that wins a volleyball set (a "smash"), a badminton smash winner, each on
// the other half from w (place_net.go); on the table tennis table also aces, edge balls, net
// cords and the loser's errors (in the net or on the floor, in the loser's colour). pts is the
// set's score after the rally, done whether it ends the set.
func (b *builder) placeRally(t time.Time, set int, pts Pair, w int, kind string, who Player, done bool) {
	c, ok := netCourts[b.f.Game]
	if !ok || kind == "" || (kind == "attack" && !done) {
		return
	}
	in := Incident{Team: w, Player: who.ID, Name: who.Name, Period: set, Minute: fmt.Sprintf("S%d %d-%d", set, pts[0], pts[1]), Secs: b.sinceStart(t)}
	table := b.f.Game == 208
	switch kind {
	case "ace":
		in.Type, in.Text = "ace", fmt.Sprintf("Ace by %s", who.Name)
		in.X, in.Y = b.deepPlace(c, w)
		if table {
			in.X, in.Y = b.tableAcePlace(c, w)
		}
	case "block":
		in.Type, in.Text = "block", fmt.Sprintf("Block point by %s", who.Name)
		in.X, in.Y = b.netPlace(c, w)
	case "edgeBall":
		in.Type, in.Text = "edgeBall", fmt.Sprintf("Edge ball by %s", who.Name)
		in.X, in.Y = b.edgeBallPlace(c, w)
	case "netCord":
		in.Type, in.Text = "netCord", fmt.Sprintf("Net cord winner by %s", who.Name)
		in.X, in.Y = b.netCordPlace(c, w)
	case "error":
		in.Team = 1 - w
		in.Type, in.Text = "error", fmt.Sprintf("Error by %s", who.Name)
		in.X, in.Y = b.tableErrorPlace(c, 1-w)
	default: // a badminton or table tennis smash, a volleyball set's last attack
		in.Type, in.Text = "smash", fmt.Sprintf("Smash winner by %s", who.Name)
		in.X, in.Y = b.deepPlace(c, w)
	}
	b.incident(t, in)
}
