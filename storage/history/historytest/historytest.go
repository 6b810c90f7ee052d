package historytest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/storage/history"
)

// Opener opens a store for a test. Called again with the same t after the previous store was
// closed, it must return a store over the same data (Pebble: the same directory, see Dir).
type Opener func(t *testing.T) history.Store

// runID keeps room names unique across runs, so a shared ScyllaDB keyspace needs no cleaning.
var runID = strconv.FormatInt(time.Now().UnixNano(), 36)

var dirs sync.Map // *testing.T → string

// Dir returns a temporary directory for t, the same one on every call with the same t, removed
// when t ends. Pebble openers use it so a reopened store sees the data of the closed one.
func Dir(t *testing.T) string {
	if d, ok := dirs.Load(t); ok {
		return d.(string)
	}
	d := t.TempDir()
	dirs.Store(t, d)
	t.Cleanup(func() { dirs.Delete(t) })
	return d
}

// Run checks every behaviour the Store contract promises. Each case opens its own store and uses
// its own rooms.
func Run(t *testing.T, open Opener) {
	cases := []struct {
		name string
		fn   func(t *testing.T, open Opener)
	}{
		{"latest returns the newest events oldest first", testLatest},
		{"before pages backwards to the first event", testBefore},
		{"after resumes from a seq", testAfter},
		{"window is half-open in time and limited", testWindow},
		{"around centres on a seq", testAround},
		{"get finds a message by id", testGet},
		{"deleted messages are excluded from every read", testTombstones},
		{"a delete event hides a message of the same batch", testDeleteInBatch},
		{"rooms are isolated even when one name prefixes another", testRoomsIsolated},
		{"reads cross time buckets and gaps", testBuckets},
		{"last seq survives reopening", testLastSeqReopen},
		{"re-appending the same events adds no duplicates", testIdempotent},
		{"invalid events are refused whole", testInvalid},
		{"concurrent appends and reads keep every room ordered", testConcurrent},
		{"pages larger than one bucket scan", testLargePages},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.fn(t, open) })
	}
}

// RunRetention checks TTL: open must return stores configured with this ttl. Events are kept for
// ttl counted from their Time.
func RunRetention(t *testing.T, ttl time.Duration, open Opener) {
	t.Run("expired events are excluded from reads", func(t *testing.T) {
		s := openStore(t, open)
		room := roomName(t, "")
		now := time.Now().UnixMilli()
		var evs []history.Event
		for i := uint64(1); i <= 10; i++ {
			ts := now - 2*ttl.Milliseconds() + int64(i)
			if i > 5 {
				ts = now - ttl.Milliseconds()/2 + int64(i)
			}
			evs = append(evs, mk(room, i, ts))
		}
		mustAppend(t, s, evs...)
		ctx := context.Background()
		wantSeqs(t, "Latest", must(s.Latest(ctx, room, 100)), rng(6, 10))
		wantSeqs(t, "After", must(s.After(ctx, room, 0, 100)), rng(6, 10))
		wantSeqs(t, "Before", must(s.Before(ctx, room, 11, 100)), rng(6, 10))
		wantSeqs(t, "Window", must(s.Window(ctx, room, time.UnixMilli(0), time.UnixMilli(now+1), 100)), rng(6, 10))
		if _, err := s.Get(ctx, room, msgID(room, 2), history.ExcludeDeleted); !errors.Is(err, history.ErrNotFound) {
			t.Errorf("Get of an expired message: err = %v, want ErrNotFound", err)
		}
		if ev, err := s.Get(ctx, room, msgID(room, 7), history.ExcludeDeleted); err != nil || ev.Seq != 7 {
			t.Errorf("Get of a live message: %v, %v", ev.Seq, err)
		}
		if got := must(s.LastSeq(ctx, room)); got != 10 {
			t.Errorf("LastSeq = %d, want 10 (expired events still count)", got)
		}
	})
}

func testLatest(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	evs := series(room, 1, 10, baseTime(), 1000)
	mustAppend(t, s, evs[:4]...)
	mustAppend(t, s, evs[4:]...)
	ctx := context.Background()
	sameEvents(t, "Latest(5)", must(s.Latest(ctx, room, 5)), evs[5:])
	sameEvents(t, "Latest(100)", must(s.Latest(ctx, room, 100)), evs)
	wantSeqs(t, "Latest(0)", must(s.Latest(ctx, room, 0)), nil)
	wantSeqs(t, "Latest(-1)", must(s.Latest(ctx, room, -1)), nil)
	wantSeqs(t, "Latest of an unknown room", must(s.Latest(ctx, roomName(t, "-none"), 5)), nil)
}

func testBefore(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	mustAppend(t, s, series(room, 1, 25, baseTime(), 1000)...)
	ctx := context.Background()
	cursor := uint64(26)
	var pages [][]uint64
	for {
		page := must(s.Before(ctx, room, cursor, 10))
		if len(page) == 0 {
			break
		}
		pages = append(pages, seqsOf(page))
		cursor = page[0].Seq
		if len(pages) > 10 {
			t.Fatal("Before never reached the first event")
		}
	}
	want := [][]uint64{rng(16, 25), rng(6, 15), rng(1, 5)}
	if !reflect.DeepEqual(pages, want) {
		t.Errorf("pages = %v, want %v", pages, want)
	}
	wantSeqs(t, "Before(1)", must(s.Before(ctx, room, 1, 10)), nil)
	wantSeqs(t, "Before(past the end)", must(s.Before(ctx, room, 1000, 3)), rng(23, 25))
	wantSeqs(t, "Before(13, 1)", must(s.Before(ctx, room, 13, 1)), rng(12, 12))
}

func testAfter(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	evs := series(room, 1, 25, baseTime(), 1000)
	mustAppend(t, s, evs...)
	ctx := context.Background()
	sameEvents(t, "After(0)", must(s.After(ctx, room, 0, 100)), evs)
	wantSeqs(t, "After(10, 5)", must(s.After(ctx, room, 10, 5)), rng(11, 15))
	wantSeqs(t, "After(24)", must(s.After(ctx, room, 24, 10)), rng(25, 25))
	wantSeqs(t, "After(25)", must(s.After(ctx, room, 25, 10)), nil)
	wantSeqs(t, "After(1000)", must(s.After(ctx, room, 1000, 10)), nil)
	wantSeqs(t, "After(3, 0)", must(s.After(ctx, room, 3, 0)), nil)
}

func testWindow(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	base := baseTime()
	mustAppend(t, s, series(room, 1, 20, base, 1000)...)
	ctx := context.Background()
	at := func(seq int64) time.Time { return time.UnixMilli(base + (seq-1)*1000) }
	wantSeqs(t, "Window[5,9)", must(s.Window(ctx, room, at(5), at(9), 100)), rng(5, 8))
	wantSeqs(t, "Window[5,9) limit 2", must(s.Window(ctx, room, at(5), at(9), 2)), rng(5, 6))
	wantSeqs(t, "Window[5.5,6.5)", must(s.Window(ctx, room, at(5).Add(500*time.Millisecond), at(6).Add(500*time.Millisecond), 100)), rng(6, 6))
	wantSeqs(t, "Window with to before from", must(s.Window(ctx, room, at(9), at(5), 100)), nil)
	wantSeqs(t, "Window before any event", must(s.Window(ctx, room, at(-100), at(0), 100)), nil)
	wantSeqs(t, "Window after every event", must(s.Window(ctx, room, at(21), at(100), 100)), nil)
	wantSeqs(t, "Window of everything", must(s.Window(ctx, room, time.UnixMilli(0), at(100), 100)), rng(1, 20))
}

func testAround(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	mustAppend(t, s, series(room, 1, 25, baseTime(), 1000)...)
	ctx := context.Background()
	wantSeqs(t, "Around(10, 3)", must(s.Around(ctx, room, 10, 3, history.ExcludeDeleted)), rng(7, 13))
	wantSeqs(t, "Around(1, 3)", must(s.Around(ctx, room, 1, 3, history.ExcludeDeleted)), rng(1, 4))
	wantSeqs(t, "Around(25, 3)", must(s.Around(ctx, room, 25, 3, history.ExcludeDeleted)), rng(22, 25))
	wantSeqs(t, "Around(10, 0)", must(s.Around(ctx, room, 10, 0, history.ExcludeDeleted)), rng(10, 10))
	wantSeqs(t, "Around(past the end)", must(s.Around(ctx, room, 100, 3, history.ExcludeDeleted)), rng(23, 25))
}

func testGet(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	evs := series(room, 1, 10, baseTime(), 1000)
	mustAppend(t, s, evs...)
	ctx := context.Background()
	got, err := s.Get(ctx, room, evs[6].ID, history.ExcludeDeleted)
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	sameEvents(t, "Get", []history.Event{got}, evs[6:7])
	if _, err := s.Get(ctx, room, "no-such-id", history.ExcludeDeleted); !errors.Is(err, history.ErrNotFound) {
		t.Errorf("Get of an unknown id: err = %v, want ErrNotFound", err)
	}
	if _, err := s.Get(ctx, roomName(t, "-none"), evs[6].ID, history.ExcludeDeleted); !errors.Is(err, history.ErrNotFound) {
		t.Errorf("Get in an unknown room: err = %v, want ErrNotFound", err)
	}
}

func testTombstones(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	base := baseTime()
	evs := series(room, 1, 20, base, 1000)
	mustAppend(t, s, evs...)
	ctx := context.Background()
	for _, seq := range []uint64{5, 19} {
		if err := s.Delete(ctx, room, msgID(room, seq)); err != nil {
			t.Fatalf("Delete(%d): %v", seq, err)
		}
	}
	del := mk(room, 21, base+20*1000)
	del.Kind, del.ID, del.Target = "del", "", msgID(room, 10)
	del.Payload = []byte(`{"seq":21,"k":"del","msg":"` + del.Target + `","by":"mod"}`)
	mustAppend(t, s, del)

	visible := without(rng(1, 21), 5, 10, 19)
	wantSeqs(t, "Latest(100)", must(s.Latest(ctx, room, 100)), visible)
	wantSeqs(t, "Latest(3)", must(s.Latest(ctx, room, 3)), []uint64{18, 20, 21})
	wantSeqs(t, "Before(21, 3)", must(s.Before(ctx, room, 21, 3)), []uint64{17, 18, 20})
	wantSeqs(t, "Before(11, 3)", must(s.Before(ctx, room, 11, 3)), []uint64{7, 8, 9})
	wantSeqs(t, "After(4, 3)", must(s.After(ctx, room, 4, 3)), []uint64{6, 7, 8})
	wantSeqs(t, "After(0)", must(s.After(ctx, room, 0, 100)), visible)
	wantSeqs(t, "Window", must(s.Window(ctx, room, time.UnixMilli(0), time.UnixMilli(base+100*1000), 100)), visible)
	wantSeqs(t, "Around(10, 2)", must(s.Around(ctx, room, 10, 2, history.ExcludeDeleted)), []uint64{8, 9, 11, 12})

	mod := must(s.Around(ctx, room, 10, 2, history.IncludeDeleted))
	wantSeqs(t, "Around(10, 2) for a moderator", mod, rng(8, 12))
	for _, ev := range mod {
		if ev.Deleted != (ev.Seq == 10) {
			t.Errorf("moderator read: seq %d Deleted = %v", ev.Seq, ev.Deleted)
		}
	}
	if _, err := s.Get(ctx, room, msgID(room, 10), history.ExcludeDeleted); !errors.Is(err, history.ErrNotFound) {
		t.Errorf("Get of a deleted message: err = %v, want ErrNotFound", err)
	}
	got, err := s.Get(ctx, room, msgID(room, 10), history.IncludeDeleted)
	if err != nil || !got.Deleted || string(got.Payload) != string(evs[9].Payload) {
		t.Errorf("moderator Get of a deleted message = %+v, %v; want it with Deleted set", got, err)
	}
	if err := s.Delete(ctx, room, "no-such-id"); !errors.Is(err, history.ErrNotFound) {
		t.Errorf("Delete of an unknown id: err = %v, want ErrNotFound", err)
	}
	if err := s.Delete(ctx, room, msgID(room, 5)); err != nil {
		t.Errorf("second Delete: %v", err)
	}
	mustAppend(t, s, evs[4]) // a retried append of a deleted message must not bring it back
	wantSeqs(t, "Latest after re-appending a deleted message", must(s.Latest(ctx, room, 100)), visible)
	if got := must(s.LastSeq(ctx, room)); got != 21 {
		t.Errorf("LastSeq = %d, want 21", got)
	}
}

func testDeleteInBatch(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	base := baseTime()
	evs := series(room, 1, 3, base, 1000)
	del := mk(room, 4, base+3000)
	del.Kind, del.ID, del.Target = "del", "", msgID(room, 2)
	mustAppend(t, s, append(evs, del)...)
	wantSeqs(t, "Latest", must(s.Latest(context.Background(), room, 10)), []uint64{1, 3, 4})
}

func testRoomsIsolated(t *testing.T, open Opener) {
	s := openStore(t, open)
	a, ab := roomName(t, "a"), roomName(t, "ab")
	base := baseTime()
	var batch []history.Event
	for i := uint64(1); i <= 10; i++ {
		ea, eb := mk(a, i, base+int64(i)*1000), mk(ab, i*2, base+int64(i)*1000+1)
		ea.ID, eb.ID = fmt.Sprintf("m-%d", i), fmt.Sprintf("m-%d", i) // same ids in both rooms
		batch = append(batch, ea, eb)
	}
	mustAppend(t, s, batch...)
	ctx := context.Background()
	if err := s.Delete(ctx, a, "m-3"); err != nil {
		t.Fatal(err)
	}
	wantSeqs(t, "Latest(a)", must(s.Latest(ctx, a, 100)), without(rng(1, 10), 3))
	wantSeqs(t, "Latest(ab)", must(s.Latest(ctx, ab, 100)), []uint64{2, 4, 6, 8, 10, 12, 14, 16, 18, 20})
	wantSeqs(t, "After(ab, 5)", must(s.After(ctx, ab, 5, 2)), []uint64{6, 8})
	if got := must(s.LastSeq(ctx, a)); got != 10 {
		t.Errorf("LastSeq(a) = %d, want 10", got)
	}
	if got := must(s.LastSeq(ctx, ab)); got != 20 {
		t.Errorf("LastSeq(ab) = %d, want 20", got)
	}
	if ev, err := s.Get(ctx, ab, "m-3", history.ExcludeDeleted); err != nil || ev.Seq != 6 || ev.Room != ab {
		t.Errorf("Get(ab, m-3) = room %q seq %d, %v; want seq 6 of room ab", ev.Room, ev.Seq, err)
	}
}

func testBuckets(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	// 37-minute steps cross a bucket boundary every one or two events for any width up to a day;
	// a five-day gap leaves many empty buckets between seq 30 and 31.
	base := baseTime() - 10*24*3600*1000
	var evs []history.Event
	ts := base
	for i := uint64(1); i <= 60; i++ {
		evs = append(evs, mk(room, i, ts))
		ts += 37 * 60 * 1000
		if i == 30 {
			ts += 5 * 24 * 3600 * 1000
		}
	}
	mustAppend(t, s, evs[:25]...)
	mustAppend(t, s, evs[25:]...)
	ctx := context.Background()
	wantSeqs(t, "Latest(45)", must(s.Latest(ctx, room, 45)), rng(16, 60))

	var back []uint64
	for cursor := uint64(61); ; {
		page := must(s.Before(ctx, room, cursor, 7))
		if len(page) == 0 {
			break
		}
		back = append(seqsOf(page), back...)
		cursor = page[0].Seq
	}
	wantSeqs(t, "Before pages", toEvents(back), rng(1, 60))

	var fwd []uint64
	for since := uint64(0); ; {
		page := must(s.After(ctx, room, since, 7))
		if len(page) == 0 {
			break
		}
		fwd = append(fwd, seqsOf(page)...)
		since = page[len(page)-1].Seq
	}
	wantSeqs(t, "After pages", toEvents(fwd), rng(1, 60))

	for k := uint64(0); k <= 60; k++ {
		var want []uint64
		if k < 60 {
			want = []uint64{k + 1}
		}
		wantSeqs(t, fmt.Sprintf("After(%d, 1)", k), must(s.After(ctx, room, k, 1)), want)
		want = nil
		if k > 1 {
			want = []uint64{k - 1}
		}
		wantSeqs(t, fmt.Sprintf("Before(%d, 1)", k), must(s.Before(ctx, room, k, 1)), want)
	}
	wantSeqs(t, "Window[10,50)", must(s.Window(ctx, room, time.UnixMilli(evs[9].Time), time.UnixMilli(evs[49].Time), 100)), rng(10, 49))
	wantSeqs(t, "Window inside the gap", must(s.Window(ctx, room, time.UnixMilli(evs[29].Time+1), time.UnixMilli(evs[30].Time), 100)), nil)
	wantSeqs(t, "Around(31, 3)", must(s.Around(ctx, room, 31, 3, history.ExcludeDeleted)), rng(28, 34))
}

func testLastSeqReopen(t *testing.T, open Opener) {
	s := open(t)
	room := roomName(t, "")
	evs := series(room, 1, 7, baseTime(), 1000)
	mustAppend(t, s, evs...)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s = openStore(t, open)
	ctx := context.Background()
	if got := must(s.LastSeq(ctx, room)); got != 7 {
		t.Errorf("LastSeq after reopen = %d, want 7", got)
	}
	sameEvents(t, "Latest after reopen", must(s.Latest(ctx, room, 10)), evs)
	mustAppend(t, s, evs[2])
	mustAppend(t, s, evs[4]) // a second retry must not be measured against the first one either
	if got := must(s.LastSeq(ctx, room)); got != 7 {
		t.Errorf("LastSeq after re-appending seqs 3 and 5 = %d, want 7", got)
	}
	if got := must(s.LastSeq(ctx, roomName(t, "-none"))); got != 0 {
		t.Errorf("LastSeq of an unknown room = %d, want 0", got)
	}
}

func testIdempotent(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	evs := series(room, 1, 15, baseTime(), 1000)
	mustAppend(t, s, evs[:10]...)
	mustAppend(t, s, evs[4:]...)
	mustAppend(t, s, evs...)
	ctx := context.Background()
	sameEvents(t, "After(0)", must(s.After(ctx, room, 0, 100)), evs)
	sameEvents(t, "Latest(100)", must(s.Latest(ctx, room, 100)), evs)
	if got := must(s.LastSeq(ctx, room)); got != 15 {
		t.Errorf("LastSeq = %d, want 15", got)
	}
}

func testInvalid(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	ctx := context.Background()
	good := mk(room, 1, baseTime())
	for name, bad := range map[string]history.Event{
		"empty room": mk("", 2, baseTime()),
		"zero seq":   mk(room, 0, baseTime()),
		"negative time": func() history.Event {
			e := mk(room, 2, 0)
			e.Time = -1
			return e
		}(),
	} {
		if err := s.Append(ctx, []history.Event{good, bad}); !errors.Is(err, history.ErrInvalidEvent) {
			t.Errorf("%s: err = %v, want ErrInvalidEvent", name, err)
		}
	}
	wantSeqs(t, "Latest", must(s.Latest(ctx, room, 10)), nil)
}

func testConcurrent(t *testing.T, open Opener) {
	s := openStore(t, open)
	const rooms, perRoom, batch = 4, 200, 10
	base := baseTime()
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, rooms*2)
	for r := 0; r < rooms; r++ {
		room := roomName(t, strconv.Itoa(r))
		wg.Add(2)
		go func() {
			defer wg.Done()
			evs := series(room, 1, perRoom, base, 10)
			for i := 0; i < perRoom; i += batch {
				if err := s.Append(ctx, evs[i:i+batch]); err != nil {
					errs <- err
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				page, err := s.Latest(ctx, room, 15)
				if err != nil {
					errs <- err
					return
				}
				for j := 1; j < len(page); j++ {
					if page[j].Seq != page[j-1].Seq+1 {
						errs <- fmt.Errorf("room %s: Latest returned %v mid-write", room, seqsOf(page))
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for r := 0; r < rooms; r++ {
		room := roomName(t, strconv.Itoa(r))
		wantSeqs(t, "After(0) of "+room, must(s.After(ctx, room, 0, 1000)), rng(1, perRoom))
	}
}

func testLargePages(t *testing.T, open Opener) {
	s := openStore(t, open)
	room := roomName(t, "")
	const n = 1200
	evs := series(room, 1, n, baseTime()-3*3600*1000, 10*1000) // 10 s apart: spans several hours
	for i := 0; i < n; i += 400 {
		mustAppend(t, s, evs[i:i+400]...)
	}
	ctx := context.Background()
	var got []uint64
	for since := uint64(0); ; {
		page := must(s.After(ctx, room, since, 500))
		if len(page) == 0 {
			break
		}
		got = append(got, seqsOf(page)...)
		since = page[len(page)-1].Seq
	}
	wantSeqs(t, "After pages of 500", toEvents(got), rng(1, n))
	wantSeqs(t, "Latest(500)", must(s.Latest(ctx, room, 500)), rng(n-499, n))
}

// --- helpers ---

func openStore(t *testing.T, open Opener) history.Store {
	t.Helper()
	s := open(t)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// roomName is unique to the test and the run; suffix distinguishes rooms within a test.
func roomName(t *testing.T, suffix string) string {
	name := strings.NewReplacer("/", ".", " ", "_").Replace(t.Name())
	return name + "." + runID + suffix
}

// baseTime is three days ago: far enough back for bucket arithmetic, well inside no retention.
func baseTime() int64 { return time.Now().Add(-72 * time.Hour).UnixMilli() }

func msgID(room string, seq uint64) string { return room + "-" + strconv.FormatUint(seq, 10) }

func mk(room string, seq uint64, ts int64) history.Event {
	id := msgID(room, seq)
	uid := "u" + strconv.FormatUint(seq%7, 10)
	return history.Event{
		Room: room, Seq: seq, ID: id, Time: ts, Kind: "chat", UserID: uid,
		Payload: fmt.Appendf(nil, `{"seq":%d,"k":"chat","ts":%d,"id":%q,"uid":%q,"name":"N","lvl":1,"text":"message %d"}`, seq, ts, id, uid, seq),
	}
}

// series returns events first..last of room, stepMs apart from base.
func series(room string, first, last uint64, base, stepMs int64) []history.Event {
	var evs []history.Event
	for i := first; i <= last; i++ {
		evs = append(evs, mk(room, i, base+int64(i-first)*stepMs))
	}
	return evs
}

func mustAppend(t *testing.T, s history.Store, evs ...history.Event) {
	t.Helper()
	if err := s.Append(context.Background(), evs); err != nil {
		t.Fatalf("Append: %v", err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Sprintf("historytest: unexpected error: %v", err))
	}
	return v
}

func rng(a, b uint64) []uint64 {
	var out []uint64
	for i := a; i <= b && a > 0; i++ {
		out = append(out, i)
	}
	return out
}

func without(seqs []uint64, drop ...uint64) []uint64 {
	var out []uint64
next:
	for _, s := range seqs {
		for _, d := range drop {
			if s == d {
				continue next
			}
		}
		out = append(out, s)
	}
	return out
}

func seqsOf(evs []history.Event) []uint64 {
	var out []uint64
	for _, e := range evs {
		out = append(out, e.Seq)
	}
	return out
}

func toEvents(seqs []uint64) []history.Event {
	out := make([]history.Event, len(seqs))
	for i, s := range seqs {
		out[i].Seq = s
	}
	return out
}

func wantSeqs(t *testing.T, what string, got []history.Event, want []uint64) {
	t.Helper()
	if g := seqsOf(got); !reflect.DeepEqual(g, want) {
		t.Errorf("%s: seqs %v, want %v", what, g, want)
	}
}

func sameEvents(t *testing.T, what string, got, want []history.Event) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d events %v, want %d %v", what, len(got), seqsOf(got), len(want), seqsOf(want))
		return
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("%s: event %d =\n %+v\nwant\n %+v", what, i, got[i], want[i])
		}
	}
}
