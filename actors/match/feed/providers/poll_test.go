package providers_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"courtside/actors/match/feed/providers"
)

func TestScheduleRunsEachTaskAtItsPace(t *testing.T) {
	s := providers.Schedule{}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, step := range []struct {
		behaviour string
		task      string
		at        time.Duration
		want      bool
	}{
		{"a task that never ran is due", "odds", 0, true},
		{"not again before its period", "odds", 59 * time.Second, false},
		{"another task keeps its own pace", "live", 59 * time.Second, true},
		{"due once its period has passed", "odds", 60 * time.Second, true},
		{"and the period counts from that run", "odds", 90 * time.Second, false},
	} {
		if got := s.Due(step.task, time.Minute, t0.Add(step.at)); got != step.want {
			t.Errorf("%s: Due(%q, +%v) = %v, want %v", step.behaviour, step.task, step.at, got, step.want)
		}
	}
}

func TestRunPollsLogsFailuresAndStopsOnARefusedKey(t *testing.T) {
	core, logs := observer.New(zap.WarnLevel)
	calls := 0
	err := providers.RunPolls(context.Background(), time.Millisecond, zap.New(core), "test", func(context.Context) error {
		calls++
		if calls < 3 {
			return errors.New("timeout")
		}
		return fmt.Errorf("key: %w", providers.ErrUnauthorized)
	})
	if !errors.Is(err, providers.ErrUnauthorized) {
		t.Fatalf("RunPolls = %v, want ErrUnauthorized", err)
	}
	if calls != 3 || logs.FilterMessage("test poll failed").Len() != 2 {
		t.Errorf("polled %d times and logged %d failures, want 3 and 2", calls, logs.Len())
	}
}

func TestRunPollsEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	err := providers.RunPolls(ctx, time.Hour, zap.NewNop(), "test", func(context.Context) error {
		calls++
		cancel()
		return nil
	})
	if err != nil || calls != 1 {
		t.Errorf("RunPolls = %v after %d polls, want nil after 1", err, calls)
	}
}
