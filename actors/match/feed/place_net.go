package feed

import "time"

// netCourt is a net game's court in metres: its length and width (doubles lines where the game
// has them), how far the singles sidelines lie inside the outer ones and how far the service line
// (volleyball: the attack line) is from the net. apron is the floor around the court that the
// 0..100 frame takes in too: a table tennis ball that misses the table lands there (0 for the
// courts, whose frame is the court itself).
type netCourt struct {
	length, width, singlesIn, service, apron float64
}

// netCourts holds the courts of the net games drawn on the match page (the web client's
// EventMap draws the same sizes): tennis, volleyball, badminton and the table tennis table
// (2.74 by 1.525 m, no service line; its frame takes in 0.6 m of floor around the table).
var netCourts = map[int]netCourt{
	GameTennis: {length: 23.77, width: 10.97, singlesIn: 1.37, service: 6.40},
	206:        {length: 18, width: 9, service: 3},
	207:        {length: 13.40, width: 6.10, singlesIn: 0.46, service: 1.98},
	208:        {length: 2.74, width: 1.525, apron: 0.6},
}

// frame converts metres along the court (from the home baseline, negative behind it) and across
// it (from the top sideline) to the 0..100 frame, which starts at the apron's outer edge.
func (c netCourt) frame(along, across float64) (x, y float64) {
	return round1((along + c.apron) / (c.length + 2*c.apron) * 100), round1((across + c.apron) / (c.width + 2*c.apron) * 100)
}

// within is a random value between lo and hi.
func (b *builder) within(lo, hi float64) float64 { return lo + b.r.Float64()*(hi-lo) }

// acePlace is where team's ace lands: in the receiver's service box on the other half, the deuce
// box (the server's right, so the top box for the home server) when deuce is true. The ball lands
// at least 0.3 m inside the lines.
func (b *builder) acePlace(c netCourt, team int, deuce bool) (x, y float64) {
	half := c.length / 2
	along := half + b.within(0.3, c.service-0.3) // metres past the net
	top := deuce == (team == 0)
	across := b.within(c.singlesIn+0.3, c.width/2-0.3)
	if !top {
		across = c.width - across
	}
	return c.frame(towardsM(c, team, along), across)
}

// longServePlace is where team's faulted second serve lands: just past the service line of the
// box it was aimed at (the double fault is the server's, placed on the receiver's half).
func (b *builder) longServePlace(c netCourt, team int, deuce bool) (x, y float64) {
	half := c.length / 2
	along := half + c.service + b.within(0.2, 1.2)
	top := deuce == (team == 0)
	across := b.within(c.singlesIn+0.5, c.width/2-0.3)
	if !top {
		across = c.width - across
	}
	return c.frame(towardsM(c, team, along), across)
}

// deepPlace is where team's winning shot lands: in the back two thirds of the other half, inside
// the singles lines.
func (b *builder) deepPlace(c netCourt, team int) (x, y float64) {
	half := c.length / 2
	along := half + b.within(half/3, half-0.3)
	return c.frame(towardsM(c, team, along), b.within(c.singlesIn+0.3, c.width-c.singlesIn-0.3))
}

// netPlace is where team's block drops: on the attacker's side, within a metre and a half of the
// net.
func (b *builder) netPlace(c netCourt, team int) (x, y float64) {
	half := c.length / 2
	return c.frame(towardsM(c, team, half+b.within(0.2, 1.5)), b.within(0.5, c.width-0.5))
}

// Table tennis (game 208). A point ends where the ball does: on the other half for what a side
// wins, in the net or on the floor for what it loses.

// tableAcePlace is where team's unreturned serve bounced on the receiver's half (singles serves
// may go anywhere there), at least 0.2 m past the net and 0.1 m inside the edges.
func (b *builder) tableAcePlace(c netCourt, team int) (x, y float64) {
	along := c.length/2 + b.within(0.2, c.length/2-0.1)
	return c.frame(towardsM(c, team, along), b.within(0.1, c.width-0.1))
}

// edgeBallPlace is where team's edge ball clipped the table on the other half: its end edge or
// one of its side edges (past the net's first 0.3 m).
func (b *builder) edgeBallPlace(c netCourt, team int) (x, y float64) {
	if b.r.IntN(2) == 0 {
		return c.frame(towardsM(c, team, c.length), b.within(0.05, c.width-0.05))
	}
	across := 0.0
	if b.r.IntN(2) == 1 {
		across = c.width
	}
	return c.frame(towardsM(c, team, c.length/2+b.within(0.3, c.length/2)), across)
}

// netCordPlace is where team's ball dropped after clipping the net: within 0.35 m past it.
func (b *builder) netCordPlace(c netCourt, team int) (x, y float64) {
	return c.frame(towardsM(c, team, c.length/2+b.within(0.05, 0.35)), b.within(0.1, c.width-0.1))
}

// tableErrorPlace is where team's losing shot ended: in the net on its own side (a third of the
// errors), or on the floor past the far end or beside the far half, inside the frame's apron.
func (b *builder) tableErrorPlace(c netCourt, team int) (x, y float64) {
	if b.r.IntN(3) == 0 {
		return c.frame(towardsM(c, team, c.length/2-b.within(0.03, 0.1)), b.within(0.1, c.width-0.1))
	}
	if b.r.IntN(3) > 0 { // long
		return c.frame(towardsM(c, team, c.length+b.within(0.1, c.apron-0.1)), b.within(-0.3, c.width+0.3))
	}
	across := -b.within(0.1, c.apron-0.1) // wide
	if b.r.IntN(2) == 1 {
		across = c.width - across
	}
	return c.frame(towardsM(c, team, c.length/2+b.within(0.4, c.length/2)), across)
}

// towardsM mirrors a distance along the court (metres from the home baseline) for the away side,
// whose shots land on the home half.
func towardsM(c netCourt, team int, along float64) float64 {
	if team == 1 {
		return c.length - along
	}
	return along
}

// sinceStart is the game time of an incident at t in the untimed net games: the seconds since the
// match started (for the momentum graph).
func (b *builder) sinceStart(t time.Time) int { return int(t.Sub(b.f.Start).Seconds()) }
