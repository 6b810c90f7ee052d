package matches

import (
	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// Item is a match in a list (and the head of the detail page).
type Item struct {
	ID         string               `json:"id"`
	GameID     int                  `json:"gameId"`
	GameName   string               `json:"gameName"`
	LeagueID   string               `json:"leagueId"`
	LeagueName string               `json:"leagueName"`
	SeasonID   string               `json:"seasonId"`
	RoundID    string               `json:"roundId"`
	HomeID     string               `json:"homeId"`
	HomeName   string               `json:"homeName"`
	HomeLogo   string               `json:"homeLogo"`
	AwayID     string               `json:"awayId"`
	AwayName   string               `json:"awayName"`
	AwayLogo   string               `json:"awayLogo"`
	StartTime  int64                `json:"startTime"` // unix ms
	Status     feed.Status          `json:"status"`
	StatusName string               `json:"statusName"`
	HomeScore  int                  `json:"homeScore"`
	AwayScore  int                  `json:"awayScore"`
	Period     int                  `json:"period"`
	PeriodName string               `json:"periodName"`
	Clock      feed.Clock           `json:"clock"`
	Periods    []feed.Pair          `json:"periods"`
	BestOf     int                  `json:"bestOf,omitempty"`
	Venue      string               `json:"venue,omitempty"`
	Odds       *feed.Odds           `json:"odds,omitempty"`
	Detail     map[string]any       `json:"detail,omitempty"`
	Stats      map[string]feed.Stat `json:"stats,omitempty"`
	// RedCards are the red cards of each side, on a row beside the score (only where the game has
	// them and one was shown; the scoreboard topic updates them as s.redCards).
	RedCards *feed.Stat `json:"redCards,omitempty"`
	// Aggregate is a second leg's score over both legs (this match's home first) and Through the
	// side (0 home, 1 away) that goes on once the tie is decided; the scoreboard topic updates them
	// as d.agg and d.through.
	Aggregate *feed.Pair `json:"aggregate,omitempty"`
	Through   *int       `json:"through,omitempty"`
	// FirstLeg is set on a second leg whose first leg was called off: "postponed", "cancelled" or
	// "abandoned" (a row says so instead of an aggregate; the scoreboard topic updates it as d.leg1).
	FirstLeg string `json:"firstLeg,omitempty"`
	Updated  int64  `json:"updated"`
	Source   string `json:"source"` // "simulator" for demo data: never show it as real
	// Reservation is "bookable" or "booked" for a signed-in caller, "" otherwise (spec §4).
	Reservation string `json:"reservation,omitempty"`
	// Topic is the WebSocket topic with this match's live deltas.
	Topic string `json:"topic"`
}

func item(r *postgres.MatchRow, full bool) Item {
	g, _ := feed.GameByID(r.Game)
	st := &r.Live
	it := Item{ID: r.ID, GameID: r.Game, GameName: g.Name, LeagueID: r.League, LeagueName: r.LeagueName, SeasonID: r.Season,
		RoundID: r.Round, HomeID: r.Home, HomeName: r.HomeName, HomeLogo: r.HomeLogo, AwayID: r.Away, AwayName: r.AwayName,
		AwayLogo: r.AwayLogo, StartTime: r.Start.UnixMilli(), Status: st.Status, StatusName: st.Status.String(),
		HomeScore: st.Home, AwayScore: st.Away, Period: st.Period, PeriodName: st.PeriodName, Clock: st.Clock,
		Periods: st.Periods, BestOf: r.BestOf, Venue: r.Venue, Odds: st.Odds, Updated: st.Updated, Source: r.Source,
		Topic: "match:" + r.ID}
	if it.Periods == nil {
		it.Periods = []feed.Pair{}
	}
	if rc, ok := st.Stats["redCards"]; ok && rc[0]+rc[1] > 0 {
		it.RedCards = &rc
	}
	if agg, ok := st.Aggregate(); ok {
		it.Aggregate = &agg
		if side, ok := st.Through(); ok {
			it.Through = &side
		}
	} else if first, ok := st.FirstLegCalledOff(); ok {
		it.FirstLeg = first.String()
	}
	if full {
		it.Detail, it.Stats = st.Detail, st.Stats
	}
	return it
}

// Page is a page of a list.
type Page struct {
	List      []Item `json:"list"`
	Total     int    `json:"total"`
	PageIndex int    `json:"pageIndex"`
	PageSize  int    `json:"pageSize"`
}
