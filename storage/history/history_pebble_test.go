package history_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtside/storage/history"
	"courtside/storage/history/historytest"
)

func openPebble(t *testing.T, cfg history.PebbleConfig) *history.PebbleStore {
	t.Helper()
	if cfg.Dir == "" {
		cfg.Dir = historytest.Dir(t)
	}
	s, err := history.OpenPebble(cfg)
	if err != nil {
		t.Fatalf("OpenPebble: %v", err)
	}
	return s
}

func TestPebbleConformance(t *testing.T) {
	historytest.Run(t, func(t *testing.T) history.Store { return openPebble(t, history.PebbleConfig{}) })
}

func TestPebbleConformanceNarrowBuckets(t *testing.T) {
	// One-minute buckets put nearly every event of the suite in its own partition.
	historytest.Run(t, func(t *testing.T) history.Store {
		return openPebble(t, history.PebbleConfig{BucketWidth: time.Minute})
	})
}

func TestPebbleRetention(t *testing.T) {
	historytest.RunRetention(t, time.Hour, func(t *testing.T) history.Store {
		return openPebble(t, history.PebbleConfig{TTL: time.Hour})
	})
}

func TestPebbleKeepsTheBucketWidthOfItsData(t *testing.T) {
	dir := t.TempDir()
	s := openPebble(t, history.PebbleConfig{Dir: dir, BucketWidth: 2 * time.Hour})
	ts := time.Now().UnixMilli()
	if err := s.Append(context.Background(), []history.Event{chatEvent("bw", 1, ts)}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := history.OpenPebble(history.PebbleConfig{Dir: dir, BucketWidth: time.Hour}); !errors.Is(err, history.ErrBucketWidthChanged) {
		t.Fatalf("reopening with another explicit width: err = %v, want ErrBucketWidthChanged", err)
	}
	s = openPebble(t, history.PebbleConfig{Dir: dir}) // zero width adopts the stored one
	defer s.Close()
	// Window seeks to Bucket(from, width): with the default 1h instead of the stored 2h it would
	// seek past every key.
	got, err := s.Window(context.Background(), "bw", time.UnixMilli(ts-1), time.UnixMilli(ts+1), 10)
	if err != nil || len(got) != 1 {
		t.Fatalf("Window after reopening with the default width: %d events, %v; want 1", len(got), err)
	}
}

func TestPebbleRefusesCallsAfterClose(t *testing.T) {
	s := openPebble(t, history.PebbleConfig{})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := s.Latest(ctx, "r", 10); !errors.Is(err, history.ErrClosed) {
		t.Errorf("Latest after Close: err = %v, want ErrClosed", err)
	}
	if err := s.Append(ctx, []history.Event{chatEvent("r", 1, 1)}); !errors.Is(err, history.ErrClosed) {
		t.Errorf("Append after Close: err = %v, want ErrClosed", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}
