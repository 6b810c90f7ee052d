package feed

import "context"

// Kind says what an Event carries.
type Kind string

// Event kinds. Values are stored in Postgres (match timelines) and sent to clients.
const (
	KFixture    Kind = "fixture"    // Fixture: the match is scheduled (always seq 1 from the simulator)
	KReschedule Kind = "reschedule" // StartAt: a new kick-off time (a postponed match comes back)
	KLineup     Kind = "lineup"     // Lineup and Injuries of one team
	KOdds       Kind = "odds"       // Odds: a new snapshot of the markets
	KStatus     Kind = "status"     // Status: a transition of spec §4
	KScore      Kind = "score"      // Score: absolute scores and per-period scores
	KPeriod     Kind = "period"     // Period: a new period begins (with its clock)
	KClock      Kind = "clock"      // Clock: the clock was stopped, started or corrected
	KDetail     Kind = "detail"     // Detail: sport-specific live detail (merged key by key)
	KStats      Kind = "stats"      // Stats: absolute team statistics (merged key by key)
	KIncident   Kind = "incident"   // Incident: a timeline entry (goal, card, kill, bomb plant...)
	KPlayerStat Kind = "playerStat" // PlayerStats: absolute per-player statistics
)

// Pair is a home/away pair of integer values (a period's score).
type Pair [2]int

// Stat is a home/away pair of statistic values.
type Stat [2]float64

// Clock is a game clock: Secs elapsed at unix millisecond At; Running says whether it advances.
// Clients extrapolate a running clock; the feed only sends changes. Countdown clocks (basketball)
// have Down set and Secs counts what is left. Speed is how many game seconds pass in one real
// second while it runs (0 means 1): a basketball clock that stops for every whistle advances at
// about 0.6 on average, an esports football game at about 7.5.
type Clock struct {
	Secs    int     `json:"s"`
	Running bool    `json:"r"`
	Down    bool    `json:"d,omitempty"`
	At      int64   `json:"at"`
	Speed   float64 `json:"x,omitempty"`
}

// Score is an absolute score update. A score never goes down unless Correction is set (a goal
// disallowed after a video review, a provider fixing a wrong entry): State.Apply refuses it.
type Score struct {
	Home       int    `json:"h"`
	Away       int    `json:"a"`
	Periods    []Pair `json:"ps,omitempty"` // halves, quarters, sets (games), innings (runs), maps (rounds or kills)
	Correction bool   `json:"corr,omitempty"`
}

// Period is the start of a period.
type Period struct {
	Index int    `json:"i"`           // 1-based
	Name  string `json:"n"`           // 1H, 2H, ET1, ET2, PEN, Q1..Q4, OT1, S1..S5, T1/B1..T12/B12, M1..M5
	Clock Clock  `json:"c,omitempty"` // clock at the start
}

// Incident is one timeline entry.
type Incident struct {
	// Type names what happened; the types of each game are listed in its Profile (Incidents)
	// and include: goal, ownGoal, goalDisallowed, yellowCard, secondYellow, redCard,
	// penaltyAwarded, penaltyScored, penaltyMissed, substitution, shot, shotSaved, threePointer, break, setWon,
	// frameWon, century, homeRun, wicket, fifty, hundred, touchdown, fieldGoal, safety,
	// knockdown, finish, kill, firstBlood, firstTower, firstDragon, firstBaron, firstRoshan,
	// firstTyrant, firstOverlord, dragon, herald, baron, roshan, tyrant, overlord, turtle, lord,
	// abyssalDragon, darkSlayer, bombPlant, bombDefuse, spikePlant, spikeDefuse, defuserPlant,
	// defuserDisable, pistolRound, mapWin, gameWin, teamEliminated, abandoned, postponed,
	// cancelled, fullTime.
	Type   string `json:"type"`
	Team   int    `json:"team"`             // 0 home, 1 away, -1 neither
	Player string `json:"player,omitempty"` // player id
	Name   string `json:"name,omitempty"`   // player name as shown
	Assist string `json:"assist,omitempty"` // assisting or second player's name (assist, player off, victim)
	Minute string `json:"minute,omitempty"` // "45+2'", "Q3 04:12", "T7", "M2 18:40", "R14", "14.3 ov"
	Period int    `json:"period,omitempty"`
	// Secs is the game time of the incident in seconds from the start of the match (maps: from
	// the start of the map), for timelines and momentum graphs.
	Secs int    `json:"secs,omitempty"`
	Text string `json:"text,omitempty"` // one line of text live, English
	// Score is the score the incident leaves, home first, where the incident changes or settles
	// one: the match score after a goal, an own goal or a disallowed goal, at the end of a period
	// and at full time; the series after a map win; the frames after a frame; the set's games or
	// points after a set; the game's goals after an esports football goal; the shoot-out tally
	// after a shoot-out kick. Nil when the incident carries no score. Clients write each line in
	// the reader's language from Type, Team, Name, Assist, Minute and Score (Text is English only).
	Score *Pair `json:"score,omitempty"`
	// Key marks the incidents a key-events list shows (goals, cards, map wins, objectives...).
	Key bool `json:"key,omitempty"`
	// X and Y place the incident on the pitch or map, 0..100 each (pitch: X from the home goal
	// line to the away goal line, Y from the left touchline; place.go gives each family's frame:
	// court, MOBA map, shooter sites); both 0 when it has no place.
	X float64 `json:"x,omitempty"`
	Y float64 `json:"y,omitempty"`
	// Ref is the provider's reference of the incident (empty from the simulator): an adapter sends
	// each reference once, also across restarts.
	Ref string `json:"ref,omitempty"`
}

// PlayerStats is one player's absolute statistics in a match. Values hold the numbers that fit
// the player's game and position (a goalkeeper has saves and goals conceded, a striker shots
// and goals, an esports player kills, deaths and assists); Heroes the hero, champion, agent,
// operator, class or faction played on each map or game, in order; Weapon the weapon most used.
type PlayerStats struct {
	Player   string             `json:"playerId"`
	Team     int                `json:"team"`
	Name     string             `json:"name,omitempty"`
	Position string             `json:"position,omitempty"`
	Values   map[string]float64 `json:"values"`
	Heroes   []string           `json:"heroes,omitempty"`
	Weapon   string             `json:"weapon,omitempty"`
}

// Event is one message from a data provider about one match. Seq is per match: 1, 2, 3, ...
// At is the provider's time in unix milliseconds.
type Event struct {
	Match string `json:"match"`
	Seq   uint64 `json:"seq"`
	At    int64  `json:"at"`
	Kind  Kind   `json:"k"`

	Fixture     *Fixture        `json:"fixture,omitempty"`
	StartAt     int64           `json:"startAt,omitempty"`
	Lineup      *Lineup         `json:"lineup,omitempty"`
	Injuries    []Injury        `json:"injuries,omitempty"`
	Odds        *Odds           `json:"odds,omitempty"`
	Status      Status          `json:"st,omitempty"`
	Score       *Score          `json:"score,omitempty"`
	Period      *Period         `json:"period,omitempty"`
	Clock       *Clock          `json:"clock,omitempty"`
	Detail      map[string]any  `json:"detail,omitempty"`
	Stats       map[string]Stat `json:"stats,omitempty"`
	Incident    *Incident       `json:"incident,omitempty"`
	PlayerStats []PlayerStats   `json:"players,omitempty"`
}

// Sink receives events from a Source. Push must not block for long; it is called from the
// Source's goroutine.
type Sink interface {
	Push(ev Event)
}

// SinkFunc adapts a function to Sink.
type SinkFunc func(ev Event)

// Push calls f.
func (f SinkFunc) Push(ev Event) { f(ev) }

// Source is a data provider: it pushes events into sink until ctx ends. The Simulator is one;
// an adapter for a real provider is another.
type Source interface {
	Run(ctx context.Context, sink Sink) error
}

var _ Source = (*Simulator)(nil)
