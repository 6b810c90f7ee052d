package userarea

import "courtside/api/account"

// Badge tiers: the badge a level shows beside the name in chat and on profiles.
var badgeTiers = []struct {
	From  int
	Badge string
}{{1, "bronze"}, {10, "silver"}, {20, "gold"}, {30, "platinum"}, {40, "diamond"}, {50, "legend"}}

// Badge is the badge of a level.
func Badge(level int) string {
	b := badgeTiers[0].Badge
	for _, t := range badgeTiers {
		if level >= t.From {
			b = t.Badge
		}
	}
	return b
}

// LevelRow is one row of the level table.
type LevelRow struct {
	Level      int    `json:"level"`
	Experience int64  `json:"experience"` // total experience the level needs
	Badge      string `json:"badge"`
	// NewBadge is true on the first level of a tier (the row that unlocks it).
	NewBadge bool `json:"newBadge"`
}

// LevelPowers is the level table and the caller's place in it.
type LevelPowers struct {
	Level      int        `json:"level"`
	Experience int64      `json:"experience"`
	Next       int64      `json:"nextLevelExperience"` // 0 at the top
	Badge      string     `json:"badge"`
	Levels     []LevelRow `json:"levels"`
	Today      []Today    `json:"today"`
	// ChatLevels are the room minimum levels a streamer can set (a room that asks for level n accepts
	// chat from level n up: 'Level too low' otherwise).
	ChatLevels []int `json:"chatLevels"`
}

// Levels builds the level table for a user with exp experience (today: what they earned today).
func Levels(exp int64, today []Today) LevelPowers {
	lv := account.Level(exp)
	p := LevelPowers{Level: lv, Experience: exp, Badge: Badge(lv), Today: today, ChatLevels: []int{1, 3, 5, 10, 20}}
	if lv < account.MaxLevel {
		p.Next = account.LevelThreshold(lv + 1)
	}
	prev := ""
	for n := 1; n <= account.MaxLevel; n++ {
		b := Badge(n)
		p.Levels = append(p.Levels, LevelRow{Level: n, Experience: account.LevelThreshold(n), Badge: b, NewBadge: b != prev})
		prev = b
	}
	return p
}
