package feed

import (
	"strconv"
	"strings"
)

// Kind of a game: a traditional sport or an esport.
const (
	KindSport  = "sport"
	KindEsport = "esport"
)

// Game is one catalogue entry (spec §3: id, name, logo, abbr, background image).
type Game struct {
	ID         int    `json:"id"`
	Name       string `json:"name"`
	Abbr       string `json:"abbr"`
	Logo       string `json:"logo"`
	Background string `json:"backgroundImage"`
	Kind       string `json:"kind"` // sport or esport
	Group      string `json:"group"`
	// Provisional is true when the spec gives the id but not the name (ids 27 and 28): the name
	// shown is a placeholder until the real title is known.
	Provisional bool `json:"provisional,omitempty"`
	// Simulated is true for games the demo simulator plays (every game of the catalogue).
	Simulated bool `json:"simulated,omitempty"`
	// Family says how the game is played and scored (Profile); Individual that a side is one
	// person (tennis, snooker, MMA, StarCraft II, card games).
	Family     Family `json:"family"`
	Individual bool   `json:"individual,omitempty"`
}

// Game ids of spec §3 that the code refers to by name.
const (
	GameEsportsOther = 0
	GameLoL          = 1
	GameCS           = 2 // "cs:go" in the spec; the simulator plays CS2 rules (MR12)
	GameKoG          = 3
	GameDota2        = 4
	GameValorant     = 14
	GameSportsOther  = 200
	GameBasketball   = 201
	GameSoccer       = 202
	GameTennis       = 203
	GameSnooker      = 204
	GameBaseball     = 205
)

// Home-tab groups of spec §2, in display order.
const (
	GroupRecommended = "recommended"
	GroupSoccer      = "soccer"
	GroupBasketball  = "basketball"
	GroupEsports     = "esports"
	GroupBaseball    = "baseball"
	GroupTennis      = "tennis"
	GroupOther       = "other"
)

func g(id int, name, abbr, kind, group string) Game {
	return Game{ID: id, Name: name, Abbr: abbr, Kind: kind, Group: group,
		Logo: "/images/games/" + abbr + ".png", Background: "/images/games/" + abbr + "-bg.jpg"}
}

// games is the catalogue in display order: sports first, then esports as the spec lists them.
var games = func() []Game {
	list := []Game{
		g(202, "soccer", "soccer", KindSport, GroupSoccer),
		g(201, "basketball", "basketball", KindSport, GroupBasketball),
		g(203, "tennis", "tennis", KindSport, GroupTennis),
		g(205, "baseball", "baseball", KindSport, GroupBaseball),
		g(210, "cricket", "cricket", KindSport, GroupOther),
		g(204, "snooker", "snooker", KindSport, GroupOther),
		g(209, "americanfootball", "americanfootball", KindSport, GroupOther),
		g(206, "volleyball", "volleyball", KindSport, GroupOther),
		g(208, "tabletennis", "tabletennis", KindSport, GroupOther),
		g(207, "badminton", "badminton", KindSport, GroupOther),
		g(15, "mma", "mma", KindSport, GroupOther), // listed among the esports ids, but a combat sport
		g(200, "sports-other", "sports-other", KindSport, GroupOther),
		g(1, "lol", "lol", KindEsport, GroupEsports),
		g(14, "valorant", "valorant", KindEsport, GroupEsports),
		g(4, "dota2", "dota2", KindEsport, GroupEsports),
		g(2, "cs:go", "csgo", KindEsport, GroupEsports),
		g(3, "kog", "kog", KindEsport, GroupEsports),
		g(7, "lolmobile", "lolmobile", KindEsport, GroupEsports),
		g(28, "esport-28 (name pending)", "game28", KindEsport, GroupEsports),
		g(27, "esport-27 (name pending)", "game27", KindEsport, GroupEsports),
		g(26, "naraka", "naraka", KindEsport, GroupEsports),
		g(25, "mobilelegends", "mobilelegends", KindEsport, GroupEsports),
		g(24, "aov", "aov", KindEsport, GroupEsports),
		g(23, "wow3", "wow3", KindEsport, GroupEsports),
		g(22, "nba2k", "nba2k", KindEsport, GroupEsports),
		g(21, "hearthstone", "hearthstone", KindEsport, GroupEsports),
		g(20, "rainbow6", "rainbow6", KindEsport, GroupEsports),
		g(19, "rocketleagues", "rocketleagues", KindEsport, GroupEsports),
		g(18, "starcraft2", "starcraft2", KindEsport, GroupEsports),
		g(17, "overwatch", "overwatch", KindEsport, GroupEsports),
		g(16, "cf", "cf", KindEsport, GroupEsports),
		g(9, "fifa", "fifa", KindEsport, GroupEsports),
		g(8, "codmw", "codmw", KindEsport, GroupEsports),
		g(6, "pubgmobile", "pubgmobile", KindEsport, GroupEsports),
		g(5, "pubg", "pubg", KindEsport, GroupEsports),
		g(0, "esports-other", "esports-other", KindEsport, GroupEsports),
	}
	for i := range list {
		if list[i].ID == 27 || list[i].ID == 28 {
			list[i].Provisional = true
		}
		list[i].Simulated = true
		p := ProfileOf(list[i].ID)
		list[i].Family, list[i].Individual = p.Family, p.Individual
	}
	return list
}()

var gameIndex = func() map[int]int {
	m := make(map[int]int, len(games))
	for i, g := range games {
		m[g.ID] = i
	}
	return m
}()

// recommended is the "recommended" tab: the most followed sports and esports.
var recommended = []int{GameSoccer, GameBasketball, GameLoL, GameCS, GameDota2, GameValorant, GameTennis, GameBaseball}

// Games returns the whole catalogue in display order (a copy).
func Games() []Game { return append([]Game(nil), games...) }

// GameByID returns the catalogue entry of id. The spec's "0 or null" esports-other is id 0.
func GameByID(id int) (Game, bool) {
	i, ok := gameIndex[id]
	if !ok {
		return Game{}, false
	}
	return games[i], true
}

// FindGame reads a game as a path or query names it: its id ("202"), its abbreviation or its name,
// in any case ("soccer", "LoL").
func FindGame(s string) (Game, bool) {
	if id, err := strconv.Atoi(s); err == nil {
		return GameByID(id)
	}
	for _, g := range games {
		if strings.EqualFold(g.Abbr, s) || strings.EqualFold(g.Name, s) {
			return g, true
		}
	}
	return Game{}, false
}

// GroupInfo is one home tab group with its games.
type GroupInfo struct {
	ID    string `json:"id"`
	Games []int  `json:"games"`
}

// Groups returns the home-tab groups of spec §2 in display order.
func Groups() []GroupInfo {
	out := []GroupInfo{{ID: GroupRecommended, Games: append([]int(nil), recommended...)}}
	for _, id := range []string{GroupSoccer, GroupBasketball, GroupEsports, GroupBaseball, GroupTennis, GroupOther} {
		gi := GroupInfo{ID: id}
		for _, g := range games {
			if g.Group == id {
				gi.Games = append(gi.Games, g.ID)
			}
		}
		out = append(out, gi)
	}
	return out
}

// GroupGames returns the game ids of a group, or nil for an unknown group.
func GroupGames(group string) []int {
	for _, gi := range Groups() {
		if gi.ID == group {
			return gi.Games
		}
	}
	return nil
}

// IsEsport reports whether game id is an esport.
func IsEsport(id int) bool {
	g, ok := GameByID(id)
	return ok && g.Kind == KindEsport
}
