package feed

import (
	"fmt"
	"time"
)

// cards plays a one-on-one card game in the conquest format: each player brings four classes
// and must win a game with three different ones (best of five); a game is played turn by turn
// until a hero's 30 health is gone. Home and Away are games won.
func (b *builder) cards() {
	pl := [2]Player{b.roster(0)[0], b.roster(1)[0]}
	var decks [2][]string
	for side := 0; side < 2; side++ {
		perm := b.r.Perm(len(cardClasses))
		for i := 0; i < 4; i++ {
			decks[side] = append(decks[side], cardClasses[perm[i]])
		}
	}
	won := [2]map[string]bool{{}, {}}
	s := b.strength()
	b.series(b.bestOf(5, 3, 7), 3*time.Minute, func(m int, t time.Time) (int, time.Time) {
		var cls [2]string
		for side := 0; side < 2; side++ {
			for _, c := range decks[side] {
				if !won[side][c] {
					cls[side] = c
					if b.chance(0.5) {
						break
					}
				}
			}
			b.hero(pl[side], side, cls[side])
		}
		b.period(t, m, fmt.Sprintf("G%d", m), Clock{Running: true})
		health := [2]int{30, 30}
		turn := 0
		for health[0] > 0 && health[1] > 0 && turn < 45 {
			turn++
			t = t.Add(time.Duration(50+b.r.IntN(40)) * time.Second)
			side := (turn + m) % 2
			b.stat("turns", side, 1)
			b.stat("cardsPlayed", side, float64(1+b.r.IntN(3)))
			edge := 1 + s
			if side == 1 {
				edge = 1 - s
			}
			dmg := min(int(float64(b.r.IntN(turn/2+2))*edge), health[1-side])
			health[1-side] -= dmg
			b.stat("heroDamage", side, float64(dmg))
			b.detail(t, map[string]any{"game": m, "classes": []string{cls[0], cls[1]}, "turn": turn, "health": []int{health[0], health[1]}})
			b.clock(t, Clock{Secs: turn * 70, Running: true})
			if turn%4 == 0 {
				b.flushStats(t)
			}
		}
		w := 0
		if health[0] < health[1] || (health[0] == health[1] && b.chance(0.5)) {
			w = 1
		}
		won[w][cls[w]] = true
		b.pers[m-1][w] = 1
		b.stat("gamesWon", w, 1)
		b.pstatAdd(pl[w], w, "gamesWon", 1)
		b.incident(t, Incident{Type: "gameWin", Team: w, Player: pl[w].ID, Name: pl[w].Name, Period: m, Key: false,
			Text: fmt.Sprintf("%s (%s) beats %s (%s) on turn %d", pl[w].Name, cls[w], pl[1-w].Name, cls[1-w], turn)})
		return w, t
	})
}
