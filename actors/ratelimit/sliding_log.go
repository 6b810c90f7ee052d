package ratelimit

import (
	"strings"
	"time"
)

// sweepPerCall is how many entries each allow call examines for idleness. Each call adds at most
// one entry, so examining two keeps the table within about twice the number of keys active in the
// last period, without a goroutine or a timer.
const sweepPerCall = 2

// maxFree bounds the recycled timestamp rings kept after evictions, so that memory taken by a
// burst of distinct keys is mostly returned once they go idle.
const maxFree = 256

// logEntry is one key's sliding-window log: the times (UnixNano) of its accepted events, oldest
// first, in a ring.
type logEntry struct {
	key    string
	times  []int64 // ring; len == cap
	head   int32   // index of the oldest time
	n      int32   // times in use
	period int64   // the period of the key's last call, which decides when the key is idle
}

// slot returns the ring index of the i-th oldest time (0 <= i < len(e.times)). A conditional
// subtraction instead of a modulo: this is on every call.
func (e *logEntry) slot(i int) int {
	j := int(e.head) + i
	if j >= len(e.times) {
		j -= len(e.times)
	}
	return j
}

// newest returns the time of the latest accepted event; e.n must be > 0.
func (e *logEntry) newest() int64 { return e.times[e.slot(int(e.n)-1)] }

// at returns the i-th oldest time.
func (e *logEntry) at(i int) int64 { return e.times[e.slot(i)] }

// logTable holds the logs of many keys in a dense slice indexed by a map, so that idle keys can be
// found by walking the slice with a cursor and removed in O(1) by moving the last entry into the
// hole. It is not safe for concurrent use.
type logTable struct {
	idx     map[string]int32
	entries []logEntry
	free    [][]int64 // rings of evicted entries, for reuse
	cursor  int
}

func newLogTable() logTable {
	return logTable{idx: make(map[string]int32)}
}

// allow decides one event of key at now (UnixNano) under limit (which must be valid). With record
// false it only looks: nothing is counted and no entry is created.
func (t *logTable) allow(key string, now int64, limit Limit, record bool) (ok bool, remaining int, retry time.Duration) {
	count, period := limit.Count, int64(limit.Period)
	t.sweep(now, period)
	i, found := t.idx[key]
	if !found {
		if !record {
			return true, count, 0
		}
		i = t.insert(key, count)
	}
	e := &t.entries[i]
	e.period = period
	if e.n > 0 {
		// A clock that steps back must not let a key past its limit: time never runs backwards
		// for a key.
		if nw := e.newest(); now < nw {
			now = nw
		}
		cutoff := now - period
		for e.n > 0 && e.times[e.head] <= cutoff {
			e.head++
			if int(e.head) == len(e.times) {
				e.head = 0
			}
			e.n--
		}
	}
	n := int(e.n)
	if n >= count {
		// The window holds n events; the next is allowed once n-count+1 of them have left it,
		// i.e. when the (n-count)-th oldest is a full period old.
		return false, 0, time.Duration(e.at(n-count) + period - now)
	}
	if !record {
		return true, count - n, 0
	}
	if n == len(e.times) {
		t.grow(e, count)
	}
	e.times[e.slot(n)] = now
	e.n++
	return true, count - n - 1, 0
}

// insert adds an empty entry for key with room for count times.
func (t *logTable) insert(key string, count int) int32 {
	var ring []int64
	if last := len(t.free) - 1; last >= 0 && len(t.free[last]) >= count {
		ring, t.free = t.free[last], t.free[:last]
	} else {
		ring = make([]int64, count)
	}
	// The key is copied: a caller may pass a string that aliases a reused buffer.
	key = strings.Clone(key)
	i := int32(len(t.entries))
	t.entries = append(t.entries, logEntry{key: key, times: ring})
	t.idx[key] = i
	return i
}

// grow enlarges a full ring to count, keeping order (the limit of the key went up).
func (t *logTable) grow(e *logEntry, count int) {
	ring := make([]int64, count)
	for i := range int(e.n) {
		ring[i] = e.at(i)
	}
	e.times, e.head = ring, 0
}

// sweep examines sweepPerCall entries at the cursor and removes those whose every time is at
// least a period old: their log no longer affects any decision, so dropping them is invisible.
// The period is the longer of the entry's last one and the current call's, so that a limit that
// was just lengthened (slow mode tightened) still sees the recent past.
func (t *logTable) sweep(now, period int64) {
	for range sweepPerCall {
		if len(t.entries) == 0 {
			return
		}
		if t.cursor >= len(t.entries) {
			t.cursor = 0
		}
		e := &t.entries[t.cursor]
		if e.n == 0 || e.newest() <= now-max(e.period, period) {
			t.remove(t.cursor) // the last entry moves here; it is examined next
		} else {
			t.cursor++
		}
	}
}

func (t *logTable) remove(i int) {
	e := t.entries[i]
	delete(t.idx, e.key)
	if len(t.free) < maxFree {
		t.free = append(t.free, e.times)
	}
	last := len(t.entries) - 1
	if i != last {
		t.entries[i] = t.entries[last]
		t.idx[t.entries[i].key] = int32(i)
	}
	t.entries[last] = logEntry{}
	t.entries = t.entries[:last]
}

func (t *logTable) len() int { return len(t.entries) }
