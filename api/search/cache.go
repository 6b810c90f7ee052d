package search

import (
	"strings"
	"sync"
	"time"
)

// answers is a short-lived cache of the Service's answers (Config.CacheFor): a query asked again
// within that time — the popular names of the day, the header box's repeated prefixes — is answered
// from memory. Every write through this Service (Put, Delete, an indexing pass) empties it, so this
// node never serves an answer older than its own last write; writes made on other nodes are seen
// after at most CacheFor. Safe for concurrent use.
type answers struct {
	ttl time.Duration // <= 0: off
	max int
	now func() time.Time

	mu sync.Mutex
	m  map[answerKey]answer
}

type answerKey struct {
	text string // folded, one space between words
	kind Kind
	page int
}

type answer struct {
	res     Results
	expires time.Time
}

func newAnswers(ttl time.Duration, max int, now func() time.Time) *answers {
	return &answers{ttl: ttl, max: max, now: now, m: map[answerKey]answer{}}
}

func keyOf(q Query) answerKey {
	return answerKey{text: strings.Join(strings.Fields(Fold(q.Text)), " "), kind: q.Kind, page: q.Page}
}

// get returns a copy of the cached answer of q, if fresh.
func (a *answers) get(q Query) (Results, bool) {
	if a.ttl <= 0 {
		return Results{}, false
	}
	k := keyOf(q)
	a.mu.Lock()
	e, ok := a.m[k]
	a.mu.Unlock()
	if !ok || !a.now().Before(e.expires) {
		return Results{}, false
	}
	return e.res.clone(), true
}

// put keeps a copy of res as q's answer. A full cache drops its expired answers, or all of them.
func (a *answers) put(q Query, res Results) {
	if a.ttl <= 0 {
		return
	}
	now := a.now()
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.m) >= a.max {
		for k, e := range a.m {
			if !now.Before(e.expires) {
				delete(a.m, k)
			}
		}
		if len(a.m) >= a.max {
			clear(a.m)
		}
	}
	a.m[keyOf(q)] = answer{res: res.clone(), expires: now.Add(a.ttl)}
}

// clear forgets every answer (after a write).
func (a *answers) clear() {
	if a.ttl <= 0 {
		return
	}
	a.mu.Lock()
	clear(a.m)
	a.mu.Unlock()
}

// clone copies the groups and their hit lists (callers may reslice or edit them).
func (r Results) clone() Results {
	out := Results{Typo: r.Typo, Groups: make([]Group, len(r.Groups))}
	for i, g := range r.Groups {
		g.Hits = append([]Hit(nil), g.Hits...)
		out.Groups[i] = g
	}
	return out
}
