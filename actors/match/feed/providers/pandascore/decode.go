package pandascore

import (
	"bytes"
	"fmt"
	"net/http"
	"time"

	jsoniter "github.com/json-iterator/go"

	"courtside/actors/match/feed/providers"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

// maxItems bounds one answer (PandaScore pages at 100 at most).
const maxItems = 500

type psTeam struct {
	ID       int64   `json:"id"`
	Name     string  `json:"name"`
	Acronym  *string `json:"acronym"`
	Location *string `json:"location"`
	ImageURL *string `json:"image_url"`
}

type psPlayer struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	FirstName   *string `json:"first_name"`
	LastName    *string `json:"last_name"`
	Nationality *string `json:"nationality"`
	Role        *string `json:"role"`
	ImageURL    *string `json:"image_url"`
	Birthday    *string `json:"birthday"`
}

type psGame struct {
	ID       int64   `json:"id"`
	Position int     `json:"position"`
	Status   string  `json:"status"`
	BeginAt  *string `json:"begin_at"`
	EndAt    *string `json:"end_at"`
	Length   *int    `json:"length"`
	Finished bool    `json:"finished"`
	Forfeit  bool    `json:"forfeit"`
	Winner   struct {
		ID   *int64 `json:"id"`
		Type string `json:"type"`
	} `json:"winner"`
	Map *struct {
		Name string `json:"name"`
	} `json:"map"`
}

// psMatch is a match as GET /matches/{running,upcoming,past} and /matches/{id} give it.
type psMatch struct {
	ID                  int64   `json:"id"`
	Name                string  `json:"name"`
	Status              string  `json:"status"`
	ScheduledAt         *string `json:"scheduled_at"`
	BeginAt             *string `json:"begin_at"`
	EndAt               *string `json:"end_at"`
	OriginalScheduledAt *string `json:"original_scheduled_at"`
	Rescheduled         *bool   `json:"rescheduled"`
	ModifiedAt          string  `json:"modified_at"`
	NumberOfGames       int     `json:"number_of_games"`
	MatchType           string  `json:"match_type"`
	Forfeit             bool    `json:"forfeit"`
	Draw                bool    `json:"draw"`
	WinnerID            *int64  `json:"winner_id"`
	Opponents           []struct {
		Type     string `json:"type"`
		Opponent psTeam `json:"opponent"`
	} `json:"opponents"`
	Results []struct {
		TeamID *int64 `json:"team_id"`
		Score  int    `json:"score"`
	} `json:"results"`
	Games  []psGame `json:"games"`
	League struct {
		ID       int64   `json:"id"`
		Name     string  `json:"name"`
		ImageURL *string `json:"image_url"`
	} `json:"league"`
	Serie struct {
		ID       int64   `json:"id"`
		FullName string  `json:"full_name"`
		Year     *int    `json:"year"`
		Season   *string `json:"season"`
	} `json:"serie"`
	Tournament struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"tournament"`
	Videogame struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		Slug string `json:"slug"`
	} `json:"videogame"`
}

func list(body []byte) (jsoniter.RawMessage, error) {
	b := bytes.TrimSpace(body)
	if len(b) == 0 || b[0] != '[' {
		return nil, fmt.Errorf("%w: answer is not a list", providers.ErrMalformed)
	}
	return b, nil
}

// DecodeMatches reads a list of matches.
func DecodeMatches(body []byte) ([]psMatch, error) {
	b, err := list(body)
	if err != nil {
		return nil, err
	}
	var out []psMatch
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("%w: matches: %v", providers.ErrMalformed, err)
	}
	if len(out) > maxItems {
		return nil, fmt.Errorf("%w: %d matches in one answer", providers.ErrMalformed, len(out))
	}
	return out, nil
}

// DecodeMatch reads one match (GET /matches/{id}).
func DecodeMatch(body []byte) (psMatch, error) {
	var m psMatch
	b := bytes.TrimSpace(body)
	if len(b) == 0 || b[0] != '{' {
		return m, fmt.Errorf("%w: match is not an object", providers.ErrMalformed)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("%w: match: %v", providers.ErrMalformed, err)
	}
	return m, nil
}

// psOpponents is GET /matches/{id}/opponents: the teams with their players.
type psOpponents struct {
	OpponentType string `json:"opponent_type"`
	Opponents    []struct {
		psTeam
		Players []psPlayer `json:"players"`
	} `json:"opponents"`
}

// DecodeOpponents reads the line-ups of a match.
func DecodeOpponents(body []byte) (psOpponents, error) {
	var o psOpponents
	b := bytes.TrimSpace(body)
	if len(b) == 0 || b[0] != '{' {
		return o, fmt.Errorf("%w: opponents is not an object", providers.ErrMalformed)
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return o, fmt.Errorf("%w: opponents: %v", providers.ErrMalformed, err)
	}
	if len(o.Opponents) > 2 {
		return o, fmt.Errorf("%w: %d opponents", providers.ErrMalformed, len(o.Opponents))
	}
	for _, t := range o.Opponents {
		if len(t.Players) > 30 {
			return o, fmt.Errorf("%w: %d players in a team", providers.ErrMalformed, len(t.Players))
		}
	}
	return o, nil
}

type psSelection struct {
	Name                     string   `json:"name"`
	Position                 *int     `json:"position"`
	Template                 string   `json:"template"`
	Line                     any      `json:"line"`
	Handicap                 *float64 `json:"handicap"`
	ParticipantID            *int64   `json:"participant_id"`
	ParticipantSide          *string  `json:"participant_side"`
	OddsDecimalWithOverround *float64 `json:"odds_decimal_with_overround"`
	OddsDecimal              *float64 `json:"odds_decimal"`
}

type psMarket struct {
	ID         string        `json:"id"`
	Name       string        `json:"name"`
	Status     string        `json:"status"`
	Template   string        `json:"template"`
	Line       any           `json:"line"`
	Selections []psSelection `json:"selections"`
}

// DecodeMarkets reads GET /betting/matches/{id}/markets: {"markets": [...]}.
func DecodeMarkets(body []byte) ([]psMarket, error) {
	var env struct {
		Markets []psMarket `json:"markets"`
	}
	b := bytes.TrimSpace(body)
	if len(b) == 0 || b[0] != '{' {
		return nil, fmt.Errorf("%w: markets is not an object", providers.ErrMalformed)
	}
	if err := json.Unmarshal(b, &env); err != nil {
		return nil, fmt.Errorf("%w: markets: %v", providers.ErrMalformed, err)
	}
	if len(env.Markets) > maxItems {
		return nil, fmt.Errorf("%w: %d markets", providers.ErrMalformed, len(env.Markets))
	}
	return env.Markets, nil
}

// observe reads X-Rate-Limit-Remaining: the requests left in the plan's hour. PandaScore does not
// document when the hour resets; the client assumes the next full hour.
func observe(h http.Header, now time.Time) []providers.Window {
	rem := providers.HeaderInt(h, "X-Rate-Limit-Remaining")
	if rem < 0 {
		return nil
	}
	return []providers.Window{{Name: "hour", Remaining: rem, Limit: providers.HeaderInt(h, "X-Rate-Limit-Limit"),
		Reset: now.Truncate(time.Hour).Add(time.Hour)}}
}

func parseTime(p *string) (time.Time, bool) {
	if p == nil || *p == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, *p)
	if err != nil || t.Year() < 2000 || t.Year() > 2200 {
		return time.Time{}, false
	}
	return t.UTC(), true
}
