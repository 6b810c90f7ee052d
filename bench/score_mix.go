package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The kinds of page a scoreboard subscriber has open, as the web client subscribes
// (webclient/src/features/matches/hooks.ts): a match's detail page follows `match:<id>`
// (useLiveMatch), a list page follows `scores:<gameId>` of every game in its list (useLiveList).
const (
	kindMatch = "match" // one match page; the matches spread evenly over the feed's matches
	kindHot   = "hot"   // one match page of the few big games everybody watches (-score-hot-matches)
	kindList  = "list"  // a list page: every topic of -topics
)

// defaultScoreMix is -score-mix's default: most fans on one match's page, a crowd on the day's big
// games, a few on a list page (which carries every change of its games: at 10,000 football matches
// a `scores:202` subscriber gets all of them, so it dominates the bytes).
const defaultScoreMix = "match=75,hot=20,list=5"

// mixShare is one kind's share of the subscribers.
type mixShare struct {
	Kind  string
	Share float64
}

// parseScoreMix reads "match=75,hot=20,list=5" (shares in any unit; only their ratio counts).
func parseScoreMix(s string) ([]mixShare, error) {
	var out []mixShare
	seen := map[string]bool{}
	total := 0.0
	for _, f := range splitList(s) {
		k, v, ok := strings.Cut(f, "=")
		k = strings.TrimSpace(k)
		share, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if !ok || err != nil || share < 0 {
			return nil, fmt.Errorf("-score-mix %q: want kind=share, e.g. %s", f, defaultScoreMix)
		}
		switch k {
		case kindMatch, kindHot, kindList:
		default:
			return nil, fmt.Errorf("-score-mix: unknown kind %q (known: match, hot, list)", k)
		}
		if seen[k] {
			return nil, fmt.Errorf("-score-mix: %s given twice", k)
		}
		seen[k] = true
		total += share
		out = append(out, mixShare{k, share})
	}
	if total <= 0 {
		return nil, fmt.Errorf("-score-mix %q: no subscriber in any kind", s)
	}
	return out, nil
}

// mixCounts shares total subscribers out by the mix (largest remainder: the counts add up to
// total exactly, and a kind gets its share rounded up or down).
func mixCounts(total int, mix []mixShare) []int {
	sum := 0.0
	for _, m := range mix {
		sum += m.Share
	}
	counts := make([]int, len(mix))
	type rem struct {
		i int
		r float64
	}
	var rems []rem
	given := 0
	for i, m := range mix {
		exact := float64(total) * m.Share / sum
		counts[i] = int(exact)
		given += counts[i]
		rems = append(rems, rem{i, exact - float64(counts[i])})
	}
	sort.SliceStable(rems, func(a, b int) bool { return rems[a].r > rems[b].r })
	for j := 0; given < total; j++ {
		counts[rems[j%len(rems)].i]++
		given++
	}
	return counts
}

// spreadTopics gives n match-page subscribers one `match:<id>` each, spread evenly over ids (the
// i-th takes ids[i*len/n]): fewer subscribers than matches leaves some unwatched, more puts the
// same number (±1) on each.
func spreadTopics(ids []string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "match:" + ids[i*len(ids)/n]
	}
	return out
}

// hotTopics gives n subscribers the first hot ids in turn: a crowd on each big game.
func hotTopics(ids []string, hot, n int) []string {
	hot = max(1, min(hot, len(ids)))
	out := make([]string, n)
	for i := range out {
		out[i] = "match:" + ids[i%hot]
	}
	return out
}

// loadMatchID is the id of the load feed's i-th match; it must stay feed.LoadMatchID's (a test
// holds them together; the harness talks to the node over the wire only and does not import it).
func loadMatchID(i int) string { return "load-" + strconv.Itoa(i) }

// loadMatchIDs are the ids of the load feed's n matches, in the order they tick.
func loadMatchIDs(n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = loadMatchID(i)
	}
	return ids
}

// scoreKind is one kind of the mix as planned: its subscribers and their topics.
type scoreKind struct {
	Kind   string
	Count  int
	Topics int // distinct topics its subscribers follow
}

// scoreGroups turns the mix into worker groups: one per kind with subscribers. ids are the feed's
// match ids (hot ones first); list are the list page's topics. Without ids the match pages' share
// goes to the list pages (note says so).
func scoreGroups(mix []mixShare, subs int, ids, list []string, hot int) (groups []group, kinds []scoreKind, note string) {
	if len(ids) == 0 {
		var moved []string
		listShare := 0.0
		for _, m := range mix {
			if m.Kind == kindList {
				listShare += m.Share
			} else if m.Share > 0 {
				moved = append(moved, m.Kind)
				listShare += m.Share
			}
		}
		mix = []mixShare{{kindList, listShare}}
		if len(moved) > 0 {
			note = "no live match ids known: the " + strings.Join(moved, " and ") + " subscribers follow the list topics instead"
		}
	}
	for i, n := range mixCounts(subs, mix) {
		if n == 0 {
			continue
		}
		k := mix[i].Kind
		g := group{Count: n, SenderBase: -1, Kind: k}
		distinct := len(list)
		switch k {
		case kindMatch:
			g.PerConn = spreadTopics(ids, n)
			distinct = min(n, len(ids))
		case kindHot:
			g.PerConn = hotTopics(ids, hot, n)
			distinct = min(n, max(1, min(hot, len(ids))))
		default:
			g.Topics = list
		}
		groups = append(groups, g)
		kinds = append(kinds, scoreKind{Kind: k, Count: n, Topics: distinct})
	}
	return groups, kinds, note
}

// liveMatchIDs asks the node's live list (REST) for up to n match ids in play, "" entries left out.
func (e *env) liveMatchIDs(n int) []string {
	if len(e.http) == 0 {
		return nil
	}
	c := http.Client{Timeout: 10 * time.Second}
	resp, err := c.Get(e.http[0] + "/java/v2/match/getPCLiveGameMatch?pageSize=" + strconv.Itoa(n))
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	var env struct {
		Result struct {
			List []struct {
				ID string `json:"id"`
			} `json:"list"`
		} `json:"result"`
	}
	if json.NewDecoder(resp.Body).Decode(&env) != nil {
		return nil
	}
	var ids []string
	for _, m := range env.Result.List {
		if m.ID != "" {
			ids = append(ids, m.ID)
		}
	}
	return ids
}
