package feed

import "math"

// Places of incidents (Incident.X and Incident.Y, 0..100 each). Each family has its own frame,
// which the match page's animation tab draws:
//
//   - pitch and rink (football, hockey): X from the home goal line to the away goal line, Y from
//     the left touchline. The home side attacks towards X = 100.
//   - court (basketball): the same frame; the home side shoots at the basket near X = 100 (the
//     court is 94 by 50 feet, so one X unit is 0.94 ft and one Y unit 0.5 ft).
//   - MOBA map: X from the home base's side to the away base's side, Y from the top; the home
//     base is bottom left (about 6, 94), the away base top right (about 94, 6).
//   - round-based shooters: a schematic map with the attackers' spawn at the bottom and the two
//     bomb or spike sites at the top: site A on the right (X >= 50), site B on the left (X < 50).
//     A round's deciding kill is placed at the round's site: the defenders' on the site, the
//     attackers' on its approach just below it.
//   - objective shooters (modes, hero shooters): a schematic map with the home side's spawn on the
//     left (X = 0) and the away side's on the right, the objective (hill, point, payload
//     checkpoint) a circle at the centre (50, 50) of radius objectiveR; kills are fought on the
//     objective, each side's on the half it pushes into (home X > 50).
//   - gridiron: X from the home end line to the away end line over 120 yards (the two 10-yard end
//     zones included: the goal lines at X 8.3 and 91.7), Y across the 53.3-yard field from the top
//     sideline. The home side attacks towards X = 100: its touchdowns are in the end zone at
//     X > 91.7, its field goals kicked from the spot seven yards behind the line of scrimmage.
//   - net courts (tennis, badminton, volleyball, table tennis): X from the home side's baseline (end line) to the
//     away side's, the net at X = 50, Y from the top sideline (tennis and badminton: the doubles
//     sideline; each court to its own scale, place_net.go's netCourts). A marker is where the ball
//     landed, so what a side wins lands on the other half (home X > 50): an ace in the service box
//     it was served to (the deuce box for the first point of a game, for the home server the one
//     at Y < 50), a double fault's second serve just past the service line, the winning shot of a
//     break or of a set deep in the server's or loser's half, a volleyball block right behind the
//     net on the attacker's side. Table tennis's frame takes in 0.6 m of floor around the table
//     (netCourt.apron): its aces, smashes, net cords and edge balls (on the table's edge) land on
//     the other half, and an error, in the loser's colour, in the net on its own side or on the
//     floor beyond the far half.
//
// Incidents without a place (substitutions, period ends, pistol rounds) leave both at 0, and so
// may provider adapters that do not know the place.

// round1 rounds to one decimal and keeps a coordinate within 0..100.
func round1(v float64) float64 {
	return math.Round(math.Min(math.Max(v, 0), 100)*10) / 10
}

// towards mirrors an X for the away side, which attacks towards X = 0.
func towards(team int, x float64) float64 {
	if team == 1 {
		return 100 - x
	}
	return x
}

// threePlace is where a three-pointer of team is shot from: just behind the arc (23.75 ft from
// the basket, 22 ft in the corners), at a random angle.
func (b *builder) threePlace(team int) (x, y float64) {
	const basket, r = 5.25, 24.5 // feet from the end line; shot distance in feet
	a := (b.r.Float64()*2 - 1) * 1.45
	dx, dy := r*math.Cos(a), r*math.Sin(a)
	if dy > 22.5 {
		dy = 22.5
	} else if dy < -22.5 {
		dy = -22.5
	}
	fromEnd := basket + math.Max(dx, 0.5)
	x = towards(team, 100-fromEnd/0.94)
	return round1(x), round1(50 + dy/0.5)
}

// mobaSpot is where a fight of a MOBA map takes place when team scores a kill: on one of the
// three lanes or in the jungle beside the middle lane, further into the enemy half the more
// team leads (edge -0.8..0.8, from team's point of view).
func (b *builder) mobaSpot(team int, edge float64) (x, y float64) {
	push := 0.5 + 0.18*edge + (b.r.Float64()-0.5)*0.55
	if team == 1 {
		push = 1 - push
	}
	t := math.Min(math.Max(push, 0.06), 0.94) // 0 at the home base, 1 at the away base
	switch b.r.IntN(4) {
	case 0: // top lane: up the left edge, then along the top
		if t < 0.5 {
			x, y = 6, 94-t/0.5*88
		} else {
			x, y = 6+(t-0.5)/0.5*88, 6
		}
	case 1: // bottom lane: along the bottom, then up the right edge
		if t < 0.5 {
			x, y = 6+t/0.5*88, 94
		} else {
			x, y = 94, 94-(t-0.5)/0.5*88
		}
	case 2: // middle lane: the diagonal
		x, y = 6+t*88, 94-t*88
	default: // jungle: off the diagonal on either side
		o := 10 + b.r.Float64()*14
		if b.r.IntN(2) == 0 {
			o = -o
		}
		x, y = 6+t*88+o, 94-t*88+o
	}
	return round1(x + (b.r.Float64()-0.5)*4), round1(y + (b.r.Float64()-0.5)*4)
}

// towerSpot is the outer tower of a lane that team takes (on the enemy's half).
func (b *builder) towerSpot(team int) (x, y float64) {
	spots := [][2]float64{{30, 6}, {62, 38}, {94, 70}} // away's outer towers: top, middle, bottom
	s := spots[b.r.IntN(len(spots))]
	if team == 1 { // home's outer towers mirror them through the centre
		s = [2]float64{100 - s[0], 100 - s[1]}
	}
	return s[0], s[1]
}

// sitePlace is where a bomb or spike is planted: site A (right) or site B (left) with some spread
// within the site. It returns the site's letter with the place.
func (b *builder) sitePlace() (site string, x, y float64) {
	site, cx := "A", 74.0
	if b.r.IntN(2) == 1 {
		site, cx = "B", 26.0
	}
	return site, round1(cx + (b.r.Float64()-0.5)*16), round1(22 + (b.r.Float64()-0.5)*16)
}

// killNearSite places the deciding kill of a round fought at site ("A" or "B"): on the site for
// the defenders, on its approach (between the site and the attackers' spawn) for the attackers.
func (b *builder) killNearSite(site string, attacking bool) (x, y float64) {
	cx := 74.0
	if site == "B" {
		cx = 26
	}
	y = 22 + (b.r.Float64()-0.5)*16
	if attacking {
		y = 36 + b.r.Float64()*14
	}
	return round1(cx + (b.r.Float64()-0.5)*22), round1(y)
}

// objectiveR is the objective's radius in the objective shooters' frame.
const objectiveR = 14

// objectiveKill places a kill of team on the objective, on the half team pushes into.
func (b *builder) objectiveKill(team int) (x, y float64) {
	r := objectiveR * math.Sqrt(b.r.Float64())
	a := (b.r.Float64() - 0.5) * math.Pi // the half facing the enemy's spawn
	x = 50 + r*math.Cos(a)
	y = 50 + r*math.Sin(a)
	return round1(towards(team, x)), round1(y)
}

// gridX is the X of a spot yards from team's own goal line (the field runs over 120 yards, end
// zones included, and the away side's own goal line is at the far end).
func gridX(team int, yards float64) float64 {
	return round1(towards(team, (10+yards)/1.2))
}

// touchdownPlace is where team scores a touchdown: in the end zone it attacks.
func (b *builder) touchdownPlace(team int) (x, y float64) {
	return gridX(team, 100+1+b.r.Float64()*8), round1(12 + b.r.Float64()*76)
}

// kickPlace is where team kicks a field goal from with the ball on its own field-yard line: seven
// yards behind the line of scrimmage, between the hash marks.
func (b *builder) kickPlace(team, field int) (x, y float64) {
	return gridX(team, float64(field-7)), round1(44 + b.r.Float64()*12)
}
