package predictions

import (
	"context"

	"courtside/api"
	"courtside/storage/postgres"
)

// View is a prediction as the room shows it (REST answers and the room's broadcast).
type View struct {
	ID       int64         `json:"id"`
	Room     string        `json:"roomId"`
	Market   string        `json:"market"`
	Question string        `json:"question"`
	Home     string        `json:"home,omitempty"`
	Away     string        `json:"away,omitempty"`
	Line     float64       `json:"line,omitempty"`
	Outcomes []OutcomeView `json:"outcomes"`
	State    string        `json:"state"`
	LockAt   int64         `json:"lockAt,omitempty"` // unix ms
	LockOn   string        `json:"lockOn,omitempty"`
	Winner   int           `json:"winner"`
	Reason   string        `json:"reason,omitempty"`
	Pool     int64         `json:"pool"`
	Entries  int           `json:"entries"`
	Created  int64         `json:"createdAt"`
	Settled  int64         `json:"settledAt,omitempty"`
	Mine     *Mine         `json:"mine,omitempty"`
}

// OutcomeView is one outcome with what was staked on it.
type OutcomeView struct {
	Label   string `json:"label"`
	Entries int    `json:"entries"`
	Points  int64  `json:"points"`
}

// Mine is the viewer's own entry (and, after an entry, the balance left).
type Mine struct {
	Outcome int   `json:"outcome"`
	Stake   int64 `json:"stake"`
	Payout  int64 `json:"payout,omitempty"`
	Points  int64 `json:"points,omitempty"`
}

// Result is a resolution or a cancellation: the prediction, how many winners, the leaderboard.
type Result struct {
	View    View     `json:"prediction"`
	Winners int      `json:"winners"`
	Leaders []Leader `json:"leaders"`
	Moved   int      `json:"-"`
}

// Leader is one winner of the leaderboard.
type Leader struct {
	Name   string `json:"name"`
	Stake  int64  `json:"stake"`
	Payout int64  `json:"payout"`
}

// Listing is the answer of the room's list.
type Listing struct {
	List   []View `json:"list"`
	Points int64  `json:"points"`
	// CanRun: the viewer may open, lock, resolve and cancel here (streamer, moderator, administrator).
	CanRun bool `json:"canRun"`
	// Streamer: the viewer is the room's streamer (who does not stake in their own predictions).
	Streamer bool `json:"streamer"`
}

func (s *Service) view(ctx context.Context, p postgres.PredictionRow) (View, error) {
	v := View{ID: p.ID, Room: p.RoomID, Market: p.Market, Question: p.Question, Line: p.Line, State: p.State,
		LockAt: api.Millis(p.LockAt), LockOn: p.LockOn, Winner: p.Winner, Reason: p.Reason, Created: api.Millis(p.CreatedAt),
		Settled: api.Millis(p.SettledAt), Outcomes: make([]OutcomeView, len(p.Outcomes))}
	if p.Market != MarketFree {
		v.Home, v.Away = p.HomeName, p.AwayName
	}
	totals, err := s.d.Store.Totals(ctx, p.ID, len(p.Outcomes))
	if err != nil {
		return v, err
	}
	for i, o := range p.Outcomes {
		v.Outcomes[i] = OutcomeView{Label: o, Entries: totals[i].Entries, Points: totals[i].Points}
		v.Pool += totals[i].Points
		v.Entries += totals[i].Entries
	}
	return v, nil
}
