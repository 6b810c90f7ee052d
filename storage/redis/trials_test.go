package redis_test

import (
	"context"
	"testing"
	"time"

	"courtside/storage/redis"
	"courtside/storage/redis/redistest"
)

// A trial started through one node has the same start on another: a viewer gets one trial per
// room, whichever node answers; another room or another user gets a trial of their own.
func TestTrialsAreOnePerUserAndRoomForEveryNode(t *testing.T) {
	c, prefix := redistest.Client(t)
	nodeA, nodeB := redis.NewTrials(c, prefix, time.Hour), redis.NewTrials(c, prefix, time.Hour)
	ctx := context.Background()
	start := time.UnixMilli(time.Now().UnixMilli())

	got, err := nodeA.Begin(ctx, 7, "1001", start)
	if err != nil || !got.Equal(start) {
		t.Fatalf("first trial: %v %v, want %v", got, err, start)
	}
	later := start.Add(2 * time.Minute)
	if got, err := nodeB.Begin(ctx, 7, "1001", later); err != nil || !got.Equal(start) {
		t.Fatalf("the same trial on node B: %v %v, want the start %v", got, err, start)
	}
	if got, err := nodeB.Begin(ctx, 7, "1002", later); err != nil || !got.Equal(later) {
		t.Fatalf("another room: %v %v, want a new trial at %v", got, err, later)
	}
	if got, err := nodeB.Begin(ctx, 8, "1001", later); err != nil || !got.Equal(later) {
		t.Fatalf("another user: %v %v, want a new trial at %v", got, err, later)
	}
}

// A used trial is forgotten after the reset period: the viewer gets a new one.
func TestTrialsResetAfterThePeriod(t *testing.T) {
	c, prefix := redistest.Client(t)
	trials := redis.NewTrials(c, prefix, 300*time.Millisecond)
	ctx := context.Background()
	first := time.UnixMilli(time.Now().UnixMilli())
	if _, err := trials.Begin(ctx, 7, "1001", first); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the trial is forgotten", func() bool {
		now := time.UnixMilli(time.Now().UnixMilli())
		got, err := trials.Begin(ctx, 7, "1001", now)
		return err == nil && !got.Equal(first)
	})
}
