package redis_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtside/storage/redis"
	"courtside/storage/redis/redistest"
)

func newStreams(t *testing.T, cfg redis.StreamsConfig) *redis.Streams {
	t.Helper()
	c, prefix := redistest.Client(t)
	cfg.Prefix = prefix
	s, err := redis.NewStreams(c, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A stream published by the node that holds it is seen by every node, with its holder's URL and
// state; only the holder removes it.
func TestStreamPublishedOnOneNodeIsSeenOnAnother(t *testing.T) {
	c, prefix := redistest.Client(t)
	a, err := redis.NewStreams(c, redis.StreamsConfig{Prefix: prefix, Node: "http://node-a:8080", TTL: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	b, err := redis.NewStreams(c, redis.StreamsConfig{Prefix: prefix, Node: "http://node-b:8080", TTL: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	since := time.Now().Add(-time.Minute).Truncate(time.Millisecond)
	if err := a.Publish(ctx, redis.StreamRecord{Room: "1001", Viewers: 42, Stalled: true, Since: since},
		redis.StreamRecord{Room: "1002", Viewers: 1, Since: since}); err != nil {
		t.Fatal(err)
	}
	rec, ok, err := b.Lookup(ctx, "1001")
	if err != nil || !ok {
		t.Fatalf("node B does not see node A's stream: %v %v", ok, err)
	}
	if rec.Room != "1001" || rec.NodeURL != "http://node-a:8080" || rec.Viewers != 42 || !rec.Stalled || !rec.Since.Equal(since) {
		t.Fatalf("record %+v", rec)
	}
	if _, ok, _ := b.Lookup(ctx, "1003"); ok {
		t.Fatal("a room nobody publishes is found")
	}

	// A node that does not hold the stream cannot remove it (a late end on a former holder).
	if removed, err := b.Remove(ctx, "1001"); err != nil || removed {
		t.Fatalf("node B removed node A's stream: %v %v", removed, err)
	}
	if _, ok, _ := b.Lookup(ctx, "1001"); !ok {
		t.Fatal("node A's stream is gone after node B's remove")
	}
	if removed, err := a.Remove(ctx, "1001"); err != nil || !removed {
		t.Fatalf("the holder's remove: %v %v", removed, err)
	}
	if _, ok, _ := b.Lookup(ctx, "1001"); ok {
		t.Fatal("the stream is still listed after its holder removed it")
	}
	if rec, ok, _ := b.Lookup(ctx, "1002"); !ok || rec.Viewers != 1 {
		t.Fatalf("the other stream went with it: %+v %v", rec, ok)
	}
}

// A holder that stops refreshing (a dead node) drops out after TTL; a refresh keeps it.
func TestStreamRecordExpiresWithoutRefresh(t *testing.T) {
	s := newStreams(t, redis.StreamsConfig{Node: "http://node-a:8080", TTL: 300 * time.Millisecond})
	ctx := context.Background()
	if err := s.Publish(ctx, redis.StreamRecord{Room: "2001"}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.Lookup(ctx, "2001"); !ok {
		t.Fatal("not found right after publishing")
	}
	eventually(t, "the record expires", func() bool { _, ok, _ := s.Lookup(ctx, "2001"); return !ok })
}

func TestStreamsNeedTheNodeURL(t *testing.T) {
	if _, err := redis.NewStreams(nil, redis.StreamsConfig{}); !errors.Is(err, redis.ErrNoNode) {
		t.Fatalf("err %v", err)
	}
}

// A stop requested on any node reaches the listeners of every node.
func TestStreamStopRequestReachesEveryNode(t *testing.T) {
	c, prefix := redistest.Client(t)
	a, _ := redis.NewStreams(c, redis.StreamsConfig{Prefix: prefix, Node: "http://node-a:8080"})
	b, _ := redis.NewStreams(c, redis.StreamsConfig{Prefix: prefix, Node: "http://node-b:8080"})
	ctx, cancel := context.WithCancel(context.Background())
	stops := make(chan string, 1)
	ready := make(chan struct{})
	done := make(chan error, 1)
	go func() { done <- a.ListenStops(ctx, func() { close(ready) }, func(room string) { stops <- room }) }()
	select {
	case <-ready:
	case err := <-done:
		t.Fatal(err)
	}
	if err := b.RequestStop(ctx, "3001"); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-stops:
		if got != "3001" {
			t.Fatalf("stop of %q", got)
		}
	case <-time.After(10 * time.Second): // a guard against hanging, not a timing assertion
		t.Fatal("the stop request never arrived")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
