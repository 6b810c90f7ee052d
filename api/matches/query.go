package matches

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"time"

	jsoniter "github.com/json-iterator/go"

	"courtside/actors/match/feed"
	"courtside/api"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

// flexInt accepts 202 or "202" (clients send both).
type flexInt struct {
	set bool
	v   int
}

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		return nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return err
	}
	f.set, f.v = true, v
	return nil
}

// listQuery is every filter a list call may carry, in the JSON body (POST) or the query string.
type listQuery struct {
	GameID    flexInt   `json:"gameId"`
	GameIDs   []flexInt `json:"gameIds"`
	Group     string    `json:"group"`
	LeagueID  string    `json:"leagueId"`
	Date      string    `json:"date"` // yyyy-mm-dd in the caller's time zone
	Day       flexInt   `json:"day"`  // offset from today (-1 yesterday)
	Tab       string    `json:"tab"`  // hot, live, time, today, yesterday, tomorrow
	Status    []flexInt `json:"status"`
	TZOffset  flexInt   `json:"tzOffset"` // minutes east of UTC; default 0
	PageIndex flexInt   `json:"pageIndex"`
	PageSize  flexInt   `json:"pageSize"`
	Limit     flexInt   `json:"limit"`
}

func (m *Module) parse(r *api.Request) (listQuery, error) {
	var q listQuery
	if r.HTTP.Method == "POST" && r.HTTP.Body != nil {
		body, err := io.ReadAll(r.HTTP.Body)
		if err != nil {
			return q, api.ErrFormat.Wrap(err)
		}
		if len(bytes.TrimSpace(body)) > 0 {
			if err := json.Unmarshal(body, &q); err != nil {
				return q, api.ErrFormat.Wrap(err)
			}
		}
	}
	v := r.HTTP.URL.Query()
	setInt := func(f *flexInt, name string) error {
		if s := v.Get(name); s != "" && !f.set {
			n, err := strconv.Atoi(s)
			if err != nil {
				return api.ErrFormat.Wrap(err)
			}
			f.set, f.v = true, n
		}
		return nil
	}
	for name, f := range map[string]*flexInt{"gameId": &q.GameID, "day": &q.Day, "tzOffset": &q.TZOffset,
		"pageIndex": &q.PageIndex, "pageSize": &q.PageSize, "limit": &q.Limit} {
		if err := setInt(f, name); err != nil {
			return q, err
		}
	}
	for _, s := range []struct {
		dst  *string
		name string
	}{{&q.Group, "group"}, {&q.LeagueID, "leagueId"}, {&q.Date, "date"}, {&q.Tab, "tab"}} {
		if *s.dst == "" {
			*s.dst = v.Get(s.name)
		}
	}
	if s := v.Get("gameIds"); s != "" && len(q.GameIDs) == 0 {
		for _, p := range strings.Split(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil {
				return q, api.ErrFormat.Wrap(err)
			}
			q.GameIDs = append(q.GameIDs, flexInt{true, n})
		}
	}
	if q.Group != "" && feed.GroupGames(q.Group) == nil {
		return q, api.BadRequest("format.error")
	}
	if q.TZOffset.v < -14*60 || q.TZOffset.v > 14*60 {
		return q, api.BadRequest("format.error")
	}
	return q, nil
}

// games returns the set of game ids asked for, or nil for all.
func (q *listQuery) games() map[int]bool {
	var ids []int
	if q.GameID.set && q.GameID.v >= 0 {
		ids = append(ids, q.GameID.v)
	}
	for _, g := range q.GameIDs {
		ids = append(ids, g.v)
	}
	ids = append(ids, feed.GroupGames(q.Group)...)
	if len(ids) == 0 {
		return nil
	}
	out := make(map[int]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

func (q *listQuery) key() string {
	b, _ := json.Marshal(struct {
		G  []int
		Gr string
		L  string
		D  string
		Dy int
		T  string
		S  []int
		TZ int
	}{keys(q.games()), q.Group, q.LeagueID, q.Date, q.Day.v, q.Tab, ints(q.Status), q.TZOffset.v})
	return string(b)
}

func keys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sortInts(out)
	return out
}

func ints(fs []flexInt) []int {
	out := make([]int, len(fs))
	for i, f := range fs {
		out[i] = f.v
	}
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// day returns the [start, end) of the day the query names (date, day offset, or a day tab),
// in the caller's time zone, and whether it names one.
func (q *listQuery) day(now time.Time, defaultToday bool) (time.Time, time.Time, bool, error) {
	loc := time.FixedZone("caller", q.TZOffset.v*60)
	local := now.In(loc)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	var start time.Time
	switch {
	case q.Date != "":
		d, err := time.ParseInLocation("2006-01-02", q.Date, loc)
		if err != nil {
			return start, start, false, api.BadRequest("format.error")
		}
		start = d
	case q.Day.set:
		start = today.AddDate(0, 0, q.Day.v)
	case q.Tab == "today":
		start = today
	case q.Tab == "yesterday":
		start = today.AddDate(0, 0, -1)
	case q.Tab == "tomorrow":
		start = today.AddDate(0, 0, 1)
	case defaultToday:
		start = today
	default:
		return start, start, false, nil
	}
	return start, start.AddDate(0, 0, 1), true, nil
}

func (q *listQuery) page(cfg *Config) (index, size int) {
	index, size = q.PageIndex.v, q.PageSize.v
	if index < 1 {
		index = 1
	}
	if size < 1 {
		size = cfg.PageSize
	}
	if size > cfg.MaxPageSize {
		size = cfg.MaxPageSize
	}
	return index, size
}
