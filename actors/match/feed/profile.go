package feed

// Family groups the games whose matches are played, scored and counted alike.
type Family string

// Families of the catalogue.
const (
	FamFootball     Family = "football"     // soccer, esports football (halves, goals, cards)
	FamHockey       Family = "hockey"       // ice hockey (three periods, overtime, shoot-out)
	FamBasketball   Family = "basketball"   // basketball, esports basketball (quarters)
	FamTennis       Family = "tennis"       // sets of games of points
	FamRally        Family = "rally"        // volleyball, badminton, table tennis: games or sets to N points
	FamSnooker      Family = "snooker"      // frames of breaks
	FamBaseball     Family = "baseball"     // innings, top and bottom
	FamCricket      Family = "cricket"      // Twenty20 innings of overs
	FamGridiron     Family = "gridiron"     // American football
	FamCombat       Family = "combat"       // mixed martial arts bouts of rounds
	FamMOBA         Family = "moba"         // maps of a MOBA: kills, towers, epic monsters
	FamTactical     Family = "tactical"     // round-based shooters: rounds, plants, economy
	FamModes        Family = "modes"        // shooters played in modes (hardpoint, search, control)
	FamHeroShooter  Family = "heroShooter"  // hero shooters: control, escort, push maps
	FamBattleRoyale Family = "battleRoyale" // lobbies of many teams: placement and kill points
	FamCarSoccer    Family = "carSoccer"    // car football games of five minutes
	FamRTS          Family = "rts"          // one-on-one real-time strategy maps
	FamCards        Family = "cards"        // one-on-one card games, conquest format
	FamArena        Family = "arena"        // any other esport: maps of rounds
)

// Points rules of league tables (StandingPoints).
const (
	PointsWins     = "wins"     // ranked by wins
	PointsThreeOne = "threeOne" // 3 a win, 1 a draw
	PointsTwoOne   = "twoOne"   // 2 a win, 1 a tie
)

// Profile describes how a game is played and what its data looks like. The simulator plays by
// it, the demo generator builds squads from it, and State.Apply bounds what a feed may claim
// with its hard limits (MaxScore, MaxPeriods, MaxClock): values no real match reaches.
type Profile struct {
	Game   int
	Family Family
	// Individual is true when a side is one person (tennis, snooker, MMA, StarCraft II, card
	// games): the "team" is the player and the squad has one member.
	Individual bool
	// Positions of a squad in shirt order; the first Starters start (demo squads and line-ups).
	Positions []string
	Starters  int
	// BestOf is the default number of maps, games, sets or frames (0 for timed games).
	BestOf int
	// Draws: a regular match may end level.
	Draws  bool
	Points string // PointsWins, PointsThreeOne, PointsTwoOne
	// Hard limits a feed may not exceed: a side's score, the number of periods, the game clock in
	// seconds (per map for esports).
	MaxScore   int
	MaxPeriods int
	MaxClock   int
	// Stats are the team statistics the game reports (State.Stats keys).
	Stats []string
}

var (
	soccerSquad   = []string{"GK", "DF", "DF", "DF", "DF", "MF", "MF", "MF", "MF", "FW", "FW", "GK", "DF", "DF", "MF", "MF", "FW", "FW"}
	hockeySquad   = []string{"G", "D", "D", "C", "LW", "RW", "D", "D", "C", "LW", "RW", "D", "D", "C", "LW", "RW", "C", "D", "LW", "RW", "G"}
	basketSquad   = []string{"PG", "SG", "SF", "PF", "C", "PG", "SG", "SF", "PF", "C", "SF", "C"}
	baseballSquad = []string{"P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "P", "P", "P", "C", "IF", "OF"}
	cricketSquad  = []string{"Batter", "Batter", "Batter", "Batter", "Wicketkeeper", "All-rounder", "All-rounder", "Bowler", "Bowler", "Bowler", "Bowler", "Batter", "Bowler", "All-rounder", "Bowler"}
	gridironSquad = []string{"QB", "RB", "WR", "WR", "WR", "TE", "OL", "OL", "OL", "OL", "OL", "DL", "DL", "DL", "DL", "LB", "LB", "LB", "CB", "CB", "S", "S", "K", "P", "QB", "RB", "WR", "LB"}
	volleySquad   = []string{"Setter", "Outside hitter", "Outside hitter", "Middle blocker", "Middle blocker", "Opposite", "Libero", "Setter", "Outside hitter", "Middle blocker", "Opposite", "Libero"}
	mobaSquad     = []string{"Top", "Jungle", "Mid", "Bot", "Support", "Sub"}
	dotaSquad     = []string{"Carry", "Mid", "Offlane", "Soft support", "Hard support", "Sub"}
	mobileSquad   = []string{"Clash lane", "Jungle", "Mid", "Farm lane", "Roam", "Sub"}
	csSquad       = []string{"IGL", "AWPer", "Entry", "Support", "Lurker", "Sub"}
	valSquad      = []string{"Duelist", "Initiator", "Controller", "Sentinel", "Flex", "Sub"}
	r6Squad       = []string{"IGL", "Entry", "Support", "Flex", "Anchor", "Sub"}
	codSquad      = []string{"Main AR", "Flex", "SMG", "SMG", "Sub"}
	owSquad       = []string{"Tank", "Damage", "Damage", "Support", "Support", "Flex"}
	brSquad       = []string{"IGL", "Fragger", "Scout", "Support", "Sub"}
	rlSquad       = []string{"Striker", "Midfielder", "Keeper", "Sub"}
	shooterSquad  = []string{"Rifler", "Sniper", "Entry", "Support", "Lurker", "Sub"}
)

// profiles is built by a variable initialiser (not init) so that the catalogue, initialised
// before init functions run, can read it.
var profiles = func() map[int]Profile {
	out := map[int]Profile{}
	prof := func(p Profile) {
		if p.Points == "" {
			p.Points = PointsWins
		}
		if p.MaxPeriods == 0 {
			p.MaxPeriods = 12
		}
		out[p.Game] = p
	}
	prof(Profile{Game: GameSoccer, Family: FamFootball, Positions: soccerSquad, Starters: 11, Draws: true, Points: PointsThreeOne,
		MaxScore: 30, MaxPeriods: 5, MaxClock: 150 * 60,
		Stats: []string{"possession", "shots", "shotsOnTarget", "saves", "corners", "fouls", "yellowCards", "redCards", "penalties", "goals", "offsides", "attacks", "dangerousAttacks", "passes"}})
	prof(Profile{Game: 9, Family: FamFootball, Positions: []string{"Player", "Sub"}, Starters: 1, Draws: true, Points: PointsThreeOne,
		MaxScore: 30, MaxPeriods: 5, MaxClock: 150 * 60,
		Stats: []string{"possession", "shots", "shotsOnTarget", "saves", "corners", "fouls", "yellowCards", "redCards", "goals", "passes", "offsides",
			"attacks", "dangerousAttacks"}})
	prof(Profile{Game: GameSportsOther, Family: FamHockey, Positions: hockeySquad, Starters: 19, Points: PointsTwoOne,
		MaxScore: 25, MaxPeriods: 5, MaxClock: 90 * 60,
		Stats: []string{"goals", "shots", "saves", "powerPlays", "powerPlayGoals", "penaltyMinutes", "faceoffsWon", "hits", "blockedShots"}})
	prof(Profile{Game: GameBasketball, Family: FamBasketball, Positions: basketSquad, Starters: 5, MaxScore: 250, MaxPeriods: 10, MaxClock: 720,
		Stats: basketStats})
	prof(Profile{Game: 22, Family: FamBasketball, Positions: []string{"PG", "SG", "SF", "PF", "C", "Sub"}, Starters: 5, MaxScore: 200, MaxPeriods: 10, MaxClock: 720,
		Stats: basketStats})
	prof(Profile{Game: GameTennis, Family: FamTennis, Individual: true, Positions: []string{"Singles"}, Starters: 1, BestOf: 3,
		MaxScore: 3, MaxPeriods: 5, Stats: []string{"aces", "doubleFaults", "firstServeIn", "servicePoints", "servicePointsWon", "breakPoints", "breakPointsWon", "pointsWon"}})
	prof(Profile{Game: 206, Family: FamRally, Positions: volleySquad, Starters: 7, BestOf: 5, MaxScore: 3, MaxPeriods: 5,
		Stats: []string{"pointsWon", "attackPoints", "blockPoints", "aces", "serviceErrors", "opponentErrors"}})
	prof(Profile{Game: 207, Family: FamRally, Individual: true, Positions: []string{"Singles"}, Starters: 1, BestOf: 3, MaxScore: 2, MaxPeriods: 3,
		Stats: []string{"pointsWon", "servicePointsWon", "smashWinners", "longestStreak"}})
	prof(Profile{Game: 208, Family: FamRally, Individual: true, Positions: []string{"Singles"}, Starters: 1, BestOf: 5, MaxScore: 4, MaxPeriods: 7,
		Stats: []string{"pointsWon", "servicePointsWon", "edgeAndNet", "longestStreak"}})
	prof(Profile{Game: GameSnooker, Family: FamSnooker, Individual: true, Positions: []string{"Player"}, Starters: 1, BestOf: 9, MaxScore: 18, MaxPeriods: 35,
		Stats: []string{"pointsScored", "highestBreak", "fiftyPlusBreaks", "centuries", "potSuccess", "framesWon"}})
	prof(Profile{Game: GameBaseball, Family: FamBaseball, Positions: baseballSquad, Starters: 9, Draws: true, MaxScore: 40, MaxPeriods: 12,
		Stats: []string{"runs", "hits", "errors", "homeRuns", "strikeouts", "walks", "leftOnBase"}})
	prof(Profile{Game: 210, Family: FamCricket, Positions: cricketSquad, Starters: 11, Draws: true, Points: PointsTwoOne, MaxScore: 400, MaxPeriods: 2,
		Stats: []string{"runs", "wicketsLost", "ballsFaced", "fours", "sixes", "extras", "dotBalls"}})
	prof(Profile{Game: 209, Family: FamGridiron, Positions: gridironSquad, Starters: 24, Draws: true, MaxScore: 90, MaxPeriods: 5, MaxClock: 900,
		Stats: []string{"firstDowns", "totalYards", "passingYards", "rushingYards", "turnovers", "sacks", "penalties", "penaltyYards", "possessionSecs", "thirdDownConversions", "thirdDowns"}})
	prof(Profile{Game: 15, Family: FamCombat, Individual: true, Positions: []string{"Fighter"}, Starters: 1, BestOf: 3, MaxScore: 5, MaxPeriods: 5, MaxClock: 300,
		Stats: []string{"significantStrikes", "totalStrikes", "takedowns", "takedownAttempts", "knockdowns", "submissionAttempts", "controlSecs"}})

	moba := func(game int, squad []string, maxClock int, stats ...string) {
		prof(Profile{Game: game, Family: FamMOBA, Positions: squad, Starters: 5, BestOf: 3, MaxScore: 4, MaxPeriods: 7, MaxClock: maxClock,
			Stats: append([]string{"kills", "towers", "gold"}, stats...)})
	}
	moba(GameLoL, mobaSquad, 90*60, "dragons", "heralds", "barons", "inhibitors", "firstBlood", "firstTower", "firstDragon", "firstBaron")
	moba(7, mobileSquad, 60*60, "dragons", "heralds", "barons", "firstBlood", "firstTower", "firstDragon", "firstBaron")
	moba(GameKoG, mobileSquad, 60*60, "tyrants", "overlords", "firstBlood", "firstTower", "firstTyrant", "firstOverlord")
	moba(24, mobileSquad, 60*60, "abyssalDragons", "darkSlayers", "firstBlood", "firstTower")
	moba(25, mobileSquad, 60*60, "turtles", "lords", "firstBlood", "firstTower")
	prof(Profile{Game: GameDota2, Family: FamMOBA, Positions: dotaSquad, Starters: 5, BestOf: 3, MaxScore: 4, MaxPeriods: 7, MaxClock: 120 * 60,
		Stats: []string{"kills", "towers", "networth", "experience", "roshans", "barracks", "firstBlood", "firstTower", "firstRoshan"}})

	tactical := func(game int, squad []string, stats ...string) {
		prof(Profile{Game: game, Family: FamTactical, Positions: squad, Starters: 5, BestOf: 3, MaxScore: 4, MaxPeriods: 7, MaxClock: 4 * 3600,
			Stats: append([]string{"rounds", "kills"}, stats...)})
	}
	tactical(GameCS, csSquad, "pistolRoundsWon", "bombPlants", "bombDefuses", "bombExplosions", "econ")
	tactical(GameValorant, valSquad, "pistolRoundsWon", "spikePlants", "spikeDefuses", "spikeDetonations", "econ")
	tactical(20, r6Squad, "defuserPlants", "defuserDisables")
	tactical(16, shooterSquad, "pistolRoundsWon", "bombPlants", "bombDefuses", "bombExplosions")
	prof(Profile{Game: 8, Family: FamModes, Positions: codSquad, Starters: 4, BestOf: 5, MaxScore: 4, MaxPeriods: 9, MaxClock: 3600,
		Stats: []string{"kills", "hillSecs", "captures", "bombPlants", "rounds"}})
	prof(Profile{Game: 17, Family: FamHeroShooter, Positions: owSquad, Starters: 5, BestOf: 5, MaxScore: 4, MaxPeriods: 9, MaxClock: 3600,
		Stats: []string{"eliminations", "deaths", "damage", "healing", "ultimates"}})
	br := func(game int) {
		prof(Profile{Game: game, Family: FamBattleRoyale, Positions: brSquad, Starters: 4, BestOf: 5, MaxScore: 200, MaxPeriods: 9, MaxClock: 3600,
			Stats: []string{"kills", "placementPoints", "wins", "top5", "damage"}})
	}
	br(5)
	br(6)
	br(26)
	prof(Profile{Game: 19, Family: FamCarSoccer, Positions: rlSquad, Starters: 3, BestOf: 5, MaxScore: 4, MaxPeriods: 9, MaxClock: 1200,
		Stats: []string{"goals", "shots", "saves", "assists", "demolitions"}})
	prof(Profile{Game: 18, Family: FamRTS, Individual: true, Positions: []string{"Player"}, Starters: 1, BestOf: 3, MaxScore: 4, MaxPeriods: 7, MaxClock: 3600,
		Stats: []string{"supplyPeak", "workersPeak", "armyValuePeak", "apm", "expansions", "unitsKilled"}})
	prof(Profile{Game: 23, Family: FamRTS, Individual: true, Positions: []string{"Player"}, Starters: 1, BestOf: 3, MaxScore: 4, MaxPeriods: 7, MaxClock: 3600,
		Stats: []string{"supplyPeak", "workersPeak", "armyValuePeak", "apm", "expansions", "unitsKilled"}})
	prof(Profile{Game: 21, Family: FamCards, Individual: true, Positions: []string{"Player"}, Starters: 1, BestOf: 5, MaxScore: 3, MaxPeriods: 5, MaxClock: 3600,
		Stats: []string{"gamesWon", "turns", "cardsPlayed", "heroDamage"}})
	for _, g := range []int{GameEsportsOther, 27, 28} {
		prof(Profile{Game: g, Family: FamArena, Positions: shooterSquad, Starters: 5, BestOf: 3, MaxScore: 4, MaxPeriods: 7, MaxClock: 3600,
			Stats: []string{"rounds", "kills"}})
	}
	return out
}()

var basketStats = []string{"points", "rebounds", "offensiveRebounds", "steals", "blocks", "assists", "turnovers", "freeThrows",
	"freeThrowsMade", "twoPoints", "twoPointsAttempted", "threePoints", "threePointsAttempted", "fouls"}

// ProfileOf returns the profile of game id; an unknown id gets the arena profile.
func ProfileOf(game int) Profile {
	if p, ok := profiles[game]; ok {
		return p
	}
	p := profiles[GameEsportsOther]
	p.Game = game
	return p
}
