package history

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2"
)

// countKeys counts the keys under a room's prefix for one tag.
func countKeys(t *testing.T, s *PebbleStore, tag byte, room string) int {
	t.Helper()
	p := roomPrefix(nil, tag, room)
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: p, UpperBound: prefixEnd(p)})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for valid := it.First(); valid; valid = it.Next() {
		n++
	}
	if err := it.Close(); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSweepRemovesExpiredBucketsAndTheirIndex(t *testing.T) {
	s, err := OpenPebble(PebbleConfig{Dir: t.TempDir(), TTL: time.Hour, BucketWidth: time.Minute, SweepInterval: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	now := time.Now()
	var evs []Event
	for i := uint64(1); i <= 20; i++ {
		ts := now.Add(-3*time.Hour).UnixMilli() + int64(i)*1000 // expired
		if i > 10 {
			ts = now.Add(-10*time.Minute).UnixMilli() + int64(i)*1000 // live
		}
		evs = append(evs, Event{Room: "r", Seq: i, ID: "r-" + strconv.FormatUint(i, 10), Time: ts, Kind: "chat", Payload: []byte("{}")})
	}
	if err := s.Append(ctx, evs); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "r", "r-3"); err != nil { // a tombstone in an expired bucket goes too
		t.Fatal(err)
	}
	if got := countKeys(t, s, tagEvent, "r"); got != 21 {
		t.Fatalf("before the sweep: %d event keys, want 21", got)
	}
	if err := s.Sweep(now); err != nil {
		t.Fatal(err)
	}
	if got := countKeys(t, s, tagEvent, "r"); got != 10 {
		t.Errorf("after the sweep: %d event keys, want the 10 live ones", got)
	}
	if got := countKeys(t, s, tagIndex, "r"); got != 10 {
		t.Errorf("after the sweep: %d id index keys, want 10", got)
	}
	if last, err := s.LastSeq(ctx, "r"); err != nil || last != 20 {
		t.Errorf("LastSeq after the sweep = %d, %v; want 20", last, err)
	}
	page, err := s.After(ctx, "r", 0, 100)
	if err != nil || len(page) != 10 || page[0].Seq != 11 {
		t.Errorf("After(0) after the sweep: %d events, %v; want 11..20", len(page), err)
	}
}
