package apisports

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	jsoniter "github.com/json-iterator/go"

	"courtside/actors/match/feed/providers"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

// envelope is the shape of every API-Sports answer: {"get", "parameters", "errors", "results",
// "paging", "response"}. Errors is [] when there are none, else an object of messages.
type envelope struct {
	Get      string              `json:"get"`
	Errors   jsoniter.RawMessage `json:"errors"`
	Results  int                 `json:"results"`
	Response jsoniter.RawMessage `json:"response"`
}

// maxItems bounds the items of one answer; API-Sports pages at a few hundred.
const maxItems = 2000

// decodeEnvelope checks the envelope and returns its response array.
func decodeEnvelope(body []byte) (jsoniter.RawMessage, error) {
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil {
		return nil, fmt.Errorf("%w: %v", providers.ErrMalformed, err)
	}
	if msgs := errorMessages(env.Errors); len(msgs) > 0 {
		return nil, fmt.Errorf("%w: provider error %v", providers.ErrMalformed, msgs)
	}
	r := bytes.TrimSpace(env.Response)
	if len(r) == 0 || r[0] != '[' {
		return nil, fmt.Errorf("%w: response is not a list", providers.ErrMalformed)
	}
	return r, nil
}

// errorMessages reads the "errors" member: [] or {} when none, {"token": "..."} etc. otherwise.
func errorMessages(raw jsoniter.RawMessage) map[string]string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return map[string]string{"errors": "unreadable"}
	}
	out := map[string]string{}
	for k, v := range m {
		out[k] = fmt.Sprint(v)
	}
	return out
}

// bodyError finds the errors API-Sports reports in a 200 answer: a refused key, the daily quota
// used up (retry after the next UTC midnight), the per-minute limit (retry in a minute).
func bodyError(body []byte, now time.Time) (time.Time, error) {
	var env struct {
		Errors jsoniter.RawMessage `json:"errors"`
	}
	if json.Unmarshal(body, &env) != nil {
		return time.Time{}, nil // decodeEnvelope reports it
	}
	msgs := errorMessages(env.Errors)
	switch {
	case len(msgs) == 0:
		return time.Time{}, nil
	case msgs["token"] != "":
		return time.Time{}, fmt.Errorf("%w: %s", providers.ErrUnauthorized, msgs["token"])
	case msgs["requests"] != "":
		return nextMidnight(now), fmt.Errorf("%w: %s", providers.ErrQuotaExhausted, msgs["requests"])
	case msgs["rateLimit"] != "":
		return now.Add(time.Minute), fmt.Errorf("%w: %s", providers.ErrQuotaExhausted, msgs["rateLimit"])
	}
	return time.Time{}, fmt.Errorf("%w: provider error %v", providers.ErrMalformed, msgs)
}

func nextMidnight(now time.Time) time.Time {
	return now.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
}

// observe reads API-Sports' rate-limit headers: the daily quota (x-ratelimit-requests-*, reset at
// midnight UTC, spread over the day) and the per-minute limit (X-RateLimit-*).
func observe(hd http.Header, now time.Time) []providers.Window {
	var out []providers.Window
	if rem := providers.HeaderInt(hd, "x-ratelimit-requests-remaining"); rem >= 0 {
		out = append(out, providers.Window{Name: "day", Limit: providers.HeaderInt(hd, "x-ratelimit-requests-limit"), Remaining: rem,
			Reset: nextMidnight(now), Spread: true})
	}
	if rem := providers.HeaderInt(hd, "X-RateLimit-Remaining"); rem >= 0 {
		out = append(out, providers.Window{Name: "minute", Limit: providers.HeaderInt(hd, "X-RateLimit-Limit"), Remaining: rem,
			Reset: now.Truncate(time.Minute).Add(time.Minute)})
	}
	return out
}

// ---- football (API-Football v3) ----

type fbFixture struct {
	Fixture struct {
		ID        int64   `json:"id"`
		Referee   *string `json:"referee"`
		Timestamp int64   `json:"timestamp"`
		Venue     struct {
			Name *string `json:"name"`
			City *string `json:"city"`
		} `json:"venue"`
		Status struct {
			Long    string `json:"long"`
			Short   string `json:"short"`
			Elapsed *int   `json:"elapsed"`
			Extra   *int   `json:"extra"`
		} `json:"status"`
	} `json:"fixture"`
	League struct {
		ID      int64  `json:"id"`
		Name    string `json:"name"`
		Country string `json:"country"`
		Logo    string `json:"logo"`
		Flag    string `json:"flag"`
		Season  int    `json:"season"`
		Round   string `json:"round"`
	} `json:"league"`
	Teams struct {
		Home fbTeam `json:"home"`
		Away fbTeam `json:"away"`
	} `json:"teams"`
	Goals fbPair `json:"goals"`
	Score struct {
		Halftime  fbPair `json:"halftime"`
		Fulltime  fbPair `json:"fulltime"`
		Extratime fbPair `json:"extratime"`
		Penalty   fbPair `json:"penalty"`
	} `json:"score"`
	Events     []fbEvent       `json:"events"`
	Lineups    []fbLineup      `json:"lineups"`
	Statistics []fbTeamStats   `json:"statistics"`
	Players    []fbTeamPlayers `json:"players"`
}

type fbTeam struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Logo string `json:"logo"`
}

type fbPair struct {
	Home *int `json:"home"`
	Away *int `json:"away"`
}

type fbRef struct {
	ID   *int64  `json:"id"`
	Name *string `json:"name"`
}

type fbEvent struct {
	Time struct {
		Elapsed *int `json:"elapsed"`
		Extra   *int `json:"extra"`
	} `json:"time"`
	Team     fbTeam  `json:"team"`
	Player   fbRef   `json:"player"`
	Assist   fbRef   `json:"assist"`
	Type     string  `json:"type"`
	Detail   string  `json:"detail"`
	Comments *string `json:"comments"`
}

type fbLineupPlayer struct {
	ID     *int64  `json:"id"`
	Name   string  `json:"name"`
	Number *int    `json:"number"`
	Pos    *string `json:"pos"`
}

type fbLineup struct {
	Team      fbTeam  `json:"team"`
	Formation *string `json:"formation"`
	StartXI   []struct {
		Player fbLineupPlayer `json:"player"`
	} `json:"startXI"`
	Substitutes []struct {
		Player fbLineupPlayer `json:"player"`
	} `json:"substitutes"`
	Coach fbRef `json:"coach"`
}

type fbTeamStats struct {
	Team       fbTeam `json:"team"`
	Statistics []struct {
		Type  string `json:"type"`
		Value any    `json:"value"`
	} `json:"statistics"`
}

type fbTeamPlayers struct {
	Team    fbTeam `json:"team"`
	Players []struct {
		Player struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		} `json:"player"`
		Statistics []fbPlayerStat `json:"statistics"`
	} `json:"players"`
}

type fbPlayerStat struct {
	Games struct {
		Minutes  *int    `json:"minutes"`
		Position *string `json:"position"`
		Rating   *string `json:"rating"`
	} `json:"games"`
	Shots struct {
		Total *int `json:"total"`
		On    *int `json:"on"`
	} `json:"shots"`
	Goals struct {
		Total    *int `json:"total"`
		Conceded *int `json:"conceded"`
		Assists  *int `json:"assists"`
		Saves    *int `json:"saves"`
	} `json:"goals"`
	Passes struct {
		Total *int `json:"total"`
	} `json:"passes"`
	Tackles struct {
		Total *int `json:"total"`
	} `json:"tackles"`
	Fouls struct {
		Committed *int `json:"committed"`
	} `json:"fouls"`
	Cards struct {
		Yellow *int `json:"yellow"`
		Red    *int `json:"red"`
	} `json:"cards"`
}

// DecodeFootball reads a /fixtures answer (by date, live=all or ids; the ids form carries
// events, line-ups, statistics and players).
func DecodeFootball(body []byte) ([]fbFixture, error) {
	r, err := decodeEnvelope(body)
	if err != nil {
		return nil, err
	}
	var out []fbFixture
	if err := json.Unmarshal(r, &out); err != nil {
		return nil, fmt.Errorf("%w: fixtures: %v", providers.ErrMalformed, err)
	}
	if len(out) > maxItems {
		return nil, fmt.Errorf("%w: %d fixtures in one answer", providers.ErrMalformed, len(out))
	}
	return out, nil
}

// ---- odds (pre-match /odds and in-play /odds/live) ----

type oddsValue struct {
	Value     any     `json:"value"`
	Odd       any     `json:"odd"`
	Handicap  *string `json:"handicap"`
	Main      *bool   `json:"main"`
	Suspended bool    `json:"suspended"`
}

type oddsBet struct {
	ID     int         `json:"id"`
	Name   string      `json:"name"`
	Values []oddsValue `json:"values"`
}

type oddsItem struct {
	Fixture struct {
		ID int64 `json:"id"`
	} `json:"fixture"`
	Game struct {
		ID int64 `json:"id"`
	} `json:"game"` // API-Basketball
	Update     string `json:"update"`
	Bookmakers []struct {
		ID   int       `json:"id"`
		Name string    `json:"name"`
		Bets []oddsBet `json:"bets"`
	} `json:"bookmakers"`
	// in-play answers
	Status struct {
		Stopped  bool `json:"stopped"`
		Blocked  bool `json:"blocked"`
		Finished bool `json:"finished"`
	} `json:"status"`
	Odds []oddsBet `json:"odds"`
}

// DecodeOdds reads an /odds or /odds/live answer.
func DecodeOdds(body []byte) ([]oddsItem, error) {
	r, err := decodeEnvelope(body)
	if err != nil {
		return nil, err
	}
	var out []oddsItem
	if err := json.Unmarshal(r, &out); err != nil {
		return nil, fmt.Errorf("%w: odds: %v", providers.ErrMalformed, err)
	}
	if len(out) > maxItems {
		return nil, fmt.Errorf("%w: %d odds items in one answer", providers.ErrMalformed, len(out))
	}
	return out, nil
}

// ---- basketball (API-Basketball v1) ----

type bbScore struct {
	Q1    *int `json:"quarter_1"`
	Q2    *int `json:"quarter_2"`
	Q3    *int `json:"quarter_3"`
	Q4    *int `json:"quarter_4"`
	OT    *int `json:"over_time"`
	Total *int `json:"total"`
}

type bbGame struct {
	ID        int64 `json:"id"`
	Timestamp int64 `json:"timestamp"`
	Status    struct {
		Long  string `json:"long"`
		Short string `json:"short"`
		Timer any    `json:"timer"`
	} `json:"status"`
	League struct {
		ID     int64  `json:"id"`
		Name   string `json:"name"`
		Type   string `json:"type"`
		Season any    `json:"season"`
		Logo   string `json:"logo"`
	} `json:"league"`
	Country struct {
		Name string `json:"name"`
		Code string `json:"code"`
	} `json:"country"`
	Teams struct {
		Home fbTeam `json:"home"`
		Away fbTeam `json:"away"`
	} `json:"teams"`
	Scores struct {
		Home bbScore `json:"home"`
		Away bbScore `json:"away"`
	} `json:"scores"`
	Venue *string `json:"venue"`
}

// DecodeBasketball reads a /games answer of API-Basketball.
func DecodeBasketball(body []byte) ([]bbGame, error) {
	r, err := decodeEnvelope(body)
	if err != nil {
		return nil, err
	}
	var out []bbGame
	if err := json.Unmarshal(r, &out); err != nil {
		return nil, fmt.Errorf("%w: games: %v", providers.ErrMalformed, err)
	}
	if len(out) > maxItems {
		return nil, fmt.Errorf("%w: %d games in one answer", providers.ErrMalformed, len(out))
	}
	return out, nil
}

// ---- helpers ----

func intOr(p *int, d int) int {
	if p == nil {
		return d
	}
	return *p
}

func strOr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// number reads a statistic value: a number, a numeric string, "55%", or null (0).
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case nil:
		return 0, true
	case float64:
		return x, true
	case string:
		s := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(x), "%"))
		if s == "" {
			return 0, true
		}
		f, err := strconv.ParseFloat(s, 64)
		return f, err == nil
	}
	return 0, false
}

// odd reads a decimal price ("1.85" or 1.85).
func odd(v any) float64 {
	f, ok := number(v)
	if !ok || f < 1 || f > 1000 {
		return 0
	}
	return f
}
