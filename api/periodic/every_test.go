package periodic

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

const period = 5 * time.Millisecond

// run starts loop in the background and returns how to stop it and wait for its end.
func run(t *testing.T, now bool, log *zap.Logger, job func(context.Context) error) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		if now {
			done <- NowAndEvery(ctx, period, log, "test: job", job)
		} else {
			done <- Every(ctx, period, log, "test: job", job)
		}
	}()
	return func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("the loop returned %v, want nil", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the loop did not stop when its context ended")
		}
	}
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestEveryTicksAndStopsWithItsContext(t *testing.T) {
	var calls atomic.Int32
	stop := run(t, false, zap.NewNop(), func(context.Context) error { calls.Add(1); return nil })
	waitFor(t, "three runs", func() bool { return calls.Load() >= 3 })
	stop()
	after := calls.Load()
	time.Sleep(4 * period)
	if calls.Load() != after {
		t.Errorf("the job ran %d more times after the context ended", calls.Load()-after)
	}
}

func TestEveryWaitsAPeriodBeforeTheFirstRun(t *testing.T) {
	var calls atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		_ = Every(ctx, time.Hour, zap.NewNop(), "test: job", func(context.Context) error { calls.Add(1); return nil })
		close(done)
	}()
	time.Sleep(20 * time.Millisecond)
	cancel()
	<-done
	if n := calls.Load(); n != 0 {
		t.Errorf("Every ran the job %d times before its first period", n)
	}
}

func TestNowAndEveryRunsAtOnce(t *testing.T) {
	var calls atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		_ = NowAndEvery(ctx, time.Hour, zap.NewNop(), "test: job", func(context.Context) error { calls.Add(1); return nil })
		close(done)
	}()
	waitFor(t, "the first run", func() bool { return calls.Load() == 1 })
	cancel()
	<-done
}

func TestEveryLogsAFailureAndKeepsGoing(t *testing.T) {
	core, logs := observer.New(zap.WarnLevel)
	var calls atomic.Int32
	stop := run(t, true, zap.New(core), func(context.Context) error {
		if calls.Add(1) <= 2 {
			return errors.New("store down")
		}
		return nil
	})
	waitFor(t, "runs after the failures", func() bool { return calls.Load() >= 4 })
	stop()
	got := logs.FilterMessage("test: job").All()
	if len(got) != 2 {
		t.Fatalf("logged %d warnings, want one per failed run (2)", len(got))
	}
	if err := got[0].ContextMap()["error"]; err != "store down" {
		t.Errorf("the warning carries error %v, want the job's", err)
	}
}

func TestEveryDoesNotLogAnErrorCausedByShuttingDown(t *testing.T) {
	core, logs := observer.New(zap.WarnLevel)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = NowAndEvery(ctx, time.Hour, zap.New(core), "test: job", func(ctx context.Context) error {
		cancel() // the node shuts down while the job runs
		return ctx.Err()
	})
	if n := logs.Len(); n != 0 {
		t.Errorf("logged %d warnings for a run ended by shutdown", n)
	}
}
