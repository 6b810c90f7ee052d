package feed

import "time"

// SourceSimulator marks data the simulator made up. Every row and live state carries its source
// so that simulated data is never shown as real.
const SourceSimulator = "simulator"

// League is a league, cup or esports series.
type League struct {
	ID        string `json:"id"`
	Game      int    `json:"gameId"`
	Name      string `json:"name"`
	ShortName string `json:"shortName"`
	Logo      string `json:"logo"`
	Country   string `json:"country"`
	Kind      string `json:"kind"` // league, cup, series
	Tier      int    `json:"tier"`
	Source    string `json:"source"`
	// CountryCode is the ISO 3166-1 alpha-2 code of Country ("" for international or regional
	// competitions); Region names the continent or esports region ("Europe", "Korea", ...).
	CountryCode string `json:"countryCode,omitempty"`
	Region      string `json:"region,omitempty"`
	// Pinned competitions are listed first in match lists.
	Pinned bool `json:"pinned,omitempty"`
	// PrizePool is the season's prize pool in whole US dollars (0 when none or unknown).
	PrizePool int64 `json:"prizePool,omitempty"`
}

// Season is one edition of a league.
type Season struct {
	ID      string    `json:"id"`
	League  string    `json:"leagueId"`
	Name    string    `json:"name"`
	Start   time.Time `json:"start"`
	End     time.Time `json:"end"`
	Current bool      `json:"current"`
}

// Stage is a phase of a season (regular season, group stage, play-offs).
type Stage struct {
	ID     string `json:"id"`
	Season string `json:"seasonId"`
	Name   string `json:"name"`
	Kind   string `json:"kind"` // league, group, knockout
	Order  int    `json:"order"`
}

// Round is a match day or a knockout round.
type Round struct {
	ID    string `json:"id"`
	Stage string `json:"stageId"`
	Name  string `json:"name"`
	Order int    `json:"order"`
}

// Team is a club, national team or esports organisation (spec §3 team fields).
type Team struct {
	ID             string    `json:"id"`
	Game           int       `json:"gameId"`
	Name           string    `json:"name"`
	FullName       string    `json:"fullName"`
	ShortName      string    `json:"shortName"`
	Logo           string    `json:"logo"`
	Country        string    `json:"country"`
	HeadCoach      string    `json:"headCoach"`
	AssistantCoach string    `json:"assistantCoach"`
	Founded        time.Time `json:"founded"`
	WorldRank      int       `json:"worldRanking"`
	PrizeMoney     int64     `json:"prizeMoney"` // whole US dollars (the web formats it)
	AverageAge     float64   `json:"averageAge"`
	Rating         int       `json:"rating"` // strength 1..100 used by the simulator
	Source         string    `json:"source"`
	CountryCode    string    `json:"countryCode,omitempty"` // ISO 3166-1 alpha-2 of Country
	City           string    `json:"city,omitempty"`
	Venue          string    `json:"venue,omitempty"`         // home ground or arena ("" for online esports teams)
	VenueCapacity  int       `json:"venueCapacity,omitempty"` // seats
}

// Player is a player (spec §3 player fields).
type Player struct {
	ID          string    `json:"id"`
	Game        int       `json:"gameId"`
	Team        string    `json:"teamId"`
	Name        string    `json:"name"`
	FullName    string    `json:"fullName"`
	Nationality string    `json:"nationality"`
	Position    string    `json:"position"`
	Shirt       int       `json:"shirt"`
	Birth       time.Time `json:"birth"`
	Power       int       `json:"powerValue"`
	KDA         float64   `json:"kda"` // esports only; 0 elsewhere
	Photo       string    `json:"photo"`
	Source      string    `json:"source"`
	// NationalityCode is the ISO 3166-1 alpha-2 code of Nationality.
	NationalityCode string `json:"nationalityCode,omitempty"`
	Height          int    `json:"height,omitempty"`      // centimetres, 0 unknown
	MarketValue     int64  `json:"marketValue,omitempty"` // whole US dollars, 0 unknown
}

// Fixture is a scheduled match.
type Fixture struct {
	ID       string    `json:"id"`
	Game     int       `json:"gameId"`
	League   string    `json:"leagueId"`
	Season   string    `json:"seasonId"`
	Stage    string    `json:"stageId"`
	Round    string    `json:"roundId"`
	Home     string    `json:"homeId"`
	Away     string    `json:"awayId"`
	Start    time.Time `json:"start"`
	BestOf   int       `json:"bestOf"`   // esports maps, tennis sets; 0 otherwise
	Knockout bool      `json:"knockout"` // a draw goes to extra time and penalties
	Venue    string    `json:"venue"`
	Source   string    `json:"source"`
	Referee  string    `json:"referee,omitempty"`
	// VIPOnly marks a match shown to VIP members only; LoginRequired one shown to signed-in
	// users only (spec §1 and §6). Lists still show the row; the detail asks for membership.
	VIPOnly       bool `json:"vipOnly,omitempty"`
	LoginRequired bool `json:"loginRequired,omitempty"`
	// Leg is 1 or 2 for the legs of a two-legged tie (0: a single match). A first leg is not a
	// knockout match (a draw stands); the second leg is, on aggregate: level after 90 minutes over
	// both legs goes to extra time and penalties (away goals do not count double).
	Leg int `json:"leg,omitempty"`
	// FirstLeg is the first leg of a second leg, read by the simulator only: it plays the second
	// leg from the first leg's result (its script is a pure function of the fixture).
	FirstLeg *Fixture `json:"-"`
	// Rating of home and away (1..100), read by the simulator only.
	HomeRating, AwayRating int `json:"-"`
}

// LineupPlayer is one player of a line-up.
type LineupPlayer struct {
	Player   string `json:"playerId"`
	Name     string `json:"name"`
	Shirt    int    `json:"shirt"`
	Position string `json:"position"`
	Starter  bool   `json:"starter"`
	Captain  bool   `json:"captain,omitempty"`
}

// Lineup is one team's line-up for a match.
type Lineup struct {
	Team      string         `json:"teamId"`
	Formation string         `json:"formation,omitempty"`
	Coach     string         `json:"coach,omitempty"`
	Players   []LineupPlayer `json:"players"`
}

// Injury is a player unavailable for a match.
type Injury struct {
	Team   string `json:"teamId"`
	Player string `json:"playerId"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`   // injury, suspension, illness
	Status string `json:"status"` // out, doubtful
}

// OddsLine is one over/under market on a total other than the score, for instance the esports
// lines of spec §3: map duration over 33 minutes, kills over 26.5, rounds over 26.5.
type OddsLine struct {
	Market string  `json:"market"` // duration (minutes of a map), kills (per map), rounds (per map)
	Line   float64 `json:"line"`
	Over   float64 `json:"over"`
	Under  float64 `json:"under"`
}

// Odds markets of OddsLine.
const (
	LineDuration = "duration"
	LineKills    = "kills"
	LineRounds   = "rounds"
)

// Odds is one snapshot of the three markets of spec §2 (European 1X2, handicap, size/over-under).
// Zero values mean the market is not offered (Draw is 0 in sports without draws).
type Odds struct {
	Company   string  `json:"company"`
	Home      float64 `json:"home"`
	Draw      float64 `json:"draw"`
	Away      float64 `json:"away"`
	HcLine    float64 `json:"hcLine"` // handicap given to home (−0.5: home gives half a goal)
	HcHome    float64 `json:"hcHome"`
	HcAway    float64 `json:"hcAway"`
	OULine    float64 `json:"ouLine"`
	OUOver    float64 `json:"ouOver"`
	OUUnder   float64 `json:"ouUnder"`
	Suspended bool    `json:"suspended,omitempty"`
	// Lines are the further over/under markets (esports lines of spec §3).
	Lines []OddsLine `json:"lines,omitempty"`
}

// Standing is a team's row in a league table.
type Standing struct {
	Season   string `json:"seasonId"`
	Stage    string `json:"stageId"`
	Group    string `json:"group"`
	Team     string `json:"teamId"`
	Position int    `json:"position"`
	Played   int    `json:"played"`
	Won      int    `json:"won"`
	Drawn    int    `json:"drawn"`
	Lost     int    `json:"lost"`
	For      int    `json:"for"`
	Against  int    `json:"against"`
	Points   int    `json:"points"`
	Form     string `json:"form"` // newest last, e.g. "WWDLW"
	// AsOf is when the row was taken: a store adds the results of the season's matches played
	// since then (finished after AsOf), so that the table and the form follow the results shown.
	// Zero means the row is final as given.
	AsOf time.Time `json:"-"`
}

// StandingPoints is the league points of a record in game: 3 a win and 1 a draw in soccer and
// ice hockey style tables, 2 a win and 1 a tie or no result in cricket, otherwise the number of
// wins (tables of sports without draws rank by wins).
func StandingPoints(game, won, drawn, lost int) int {
	switch ProfileOf(game).Points {
	case PointsThreeOne:
		return 3*won + drawn
	case PointsTwoOne:
		return 2*won + drawn
	}
	return won
}

// Transfer is a player moving between teams.
type Transfer struct {
	Player string    `json:"playerId"`
	From   string    `json:"fromTeamId"`
	To     string    `json:"toTeamId"`
	Date   time.Time `json:"date"`
	Fee    int64     `json:"fee"`  // whole US dollars, 0 free or undisclosed
	Kind   string    `json:"kind"` // transfer, loan, free
	// Names as shown, filled when read (the store joins players and teams).
	PlayerName string `json:"playerName,omitempty"`
	FromName   string `json:"fromTeamName,omitempty"`
	ToName     string `json:"toTeamName,omitempty"`
	Position   string `json:"position,omitempty"`
}

// Honour is a title won by a team or a player.
type Honour struct {
	OwnerKind string `json:"ownerKind"` // team, player
	Owner     string `json:"ownerId"`
	League    string `json:"leagueId"`
	Title     string `json:"title"`
	Season    string `json:"season"`
	Year      int    `json:"year"`
	// Names as shown, filled when read.
	OwnerName  string `json:"ownerName,omitempty"`
	LeagueName string `json:"leagueName,omitempty"`
}

// Applied is what a consumer persists after applying events: the new state and the events that
// led to it since the previous Applied, in sequence order (for the timeline and the side tables:
// line-ups, injuries, odds history, player statistics).
type Applied struct {
	State  State
	Events []Event
}

// Saved is a match's persisted live state as loaded back after a restart.
type Saved struct {
	State State
	// ResultDelivered is true once the result of a finished match has been handed to the result
	// consumer and acknowledged.
	ResultDelivered bool
}
