package matches

import (
	"time"

	jsoniter "github.com/json-iterator/go"

	"courtside/actors/match/feed"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

// MaxList is the most matches one list answer carries (a page, a feed).
const MaxList = 100

// Query is every filter a list call may carry (spec §7 list payloads), as the handlers read it from
// the JSON body or the query string.
type Query struct {
	GameID    *int   // one catalogue id; nil: none
	GameIDs   []int  // several ids
	Group     string // a home-tab group (feed.GroupGames)
	LeagueID  string
	Date      string // yyyy-mm-dd in the caller's time zone
	Day       *int   // offset from today (-1 yesterday); nil: none
	Tab       string // hot, live, time, today, yesterday, tomorrow
	Status    []int  // match statuses
	TZOffset  int    // the caller's zone, minutes east of UTC
	PageIndex int    // from 1
	PageSize  int    // 1..MaxList
	Limit     int    // the feeds' length (gameLivingFuture)
}

// validate applies the rules every list query obeys: a known group, a time zone within ±14 h.
func (q *Query) validate() error {
	if q.Group != "" && feed.GroupGames(q.Group) == nil {
		return ErrInvalidQuery
	}
	if q.TZOffset < -14*60 || q.TZOffset > 14*60 {
		return ErrInvalidQuery
	}
	return nil
}

// games returns the set of game ids asked for, or nil for all.
func (q *Query) games() map[int]bool {
	var ids []int
	if q.GameID != nil && *q.GameID >= 0 {
		ids = append(ids, *q.GameID)
	}
	ids = append(ids, q.GameIDs...)
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

func (q *Query) key() string {
	b, _ := json.Marshal(struct {
		G  []int
		Gr string
		L  string
		D  string
		Dy int
		T  string
		S  []int
		TZ int
	}{keys(q.games()), q.Group, q.LeagueID, q.Date, q.day0(), q.Tab, q.Status, q.TZOffset})
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

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// day returns the [start, end) of the day the query names (date, day offset, or a day tab),
// in the caller's time zone, and whether it names one.
func (q *Query) day(now time.Time, defaultToday bool) (time.Time, time.Time, bool, error) {
	loc := time.FixedZone("caller", q.TZOffset*60)
	local := now.In(loc)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	var start time.Time
	switch {
	case q.Date != "":
		d, err := time.ParseInLocation("2006-01-02", q.Date, loc)
		if err != nil {
			return start, start, false, ErrInvalidQuery
		}
		start = d
	case q.Day != nil:
		start = today.AddDate(0, 0, *q.Day)
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

// page is the query's page, or ErrInvalidQuery when it is not one (the handlers clamp what clients
// send with api.NewPage).
func (q *Query) page() (index, size int, err error) {
	if q.PageIndex < 1 || q.PageSize < 1 || q.PageSize > MaxList {
		return 0, 0, ErrInvalidQuery
	}
	return q.PageIndex, q.PageSize, nil
}

// day0 is the day offset, 0 when none is given.
func (q *Query) day0() int {
	if q.Day == nil {
		return 0
	}
	return *q.Day
}
