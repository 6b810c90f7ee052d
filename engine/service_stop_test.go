package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
)

// A node's stop is bounded: a service that ignores the end of its context (a cluster member
// gossiping to peers that left) is named and left behind after stopWithin, and the services that
// did stop are not waited for again.
func TestRunServicesStopsWithinItsBound(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	services := []namedService{
		{"polite", ServiceFunc(func(ctx context.Context) error { <-ctx.Done(); return nil })},
		{"stuck", ServiceFunc(func(context.Context) error { <-release; return nil })},
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- runServices(ctx, zap.NewNop(), services, 200*time.Millisecond) }()
	cancel()
	select {
	case err := <-errc:
		if !errors.Is(err, ErrStopTimeout) || !strings.Contains(err.Error(), "stuck") || strings.Contains(err.Error(), "polite") {
			t.Fatalf("stop with a stuck service: %v", err)
		}
	case <-time.After(10 * time.Second): // a hang guard, not a timing assertion
		t.Fatal("runServices waited for the stuck service")
	}
}

// A clean stop is not an error, and a failing service stops the others.
func TestRunServicesCleanStopAndFailure(t *testing.T) {
	polite := ServiceFunc(func(ctx context.Context) error { <-ctx.Done(); return nil })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := runServices(ctx, zap.NewNop(), []namedService{{"a", polite}, {"b", polite}}, time.Minute); err != nil {
		t.Fatalf("clean stop: %v", err)
	}
	boom := errors.New("boom")
	failing := ServiceFunc(func(context.Context) error { return boom })
	if err := runServices(context.Background(), zap.NewNop(), []namedService{{"a", polite}, {"f", failing}}, time.Minute); !errors.Is(err, boom) {
		t.Fatalf("failure: %v", err)
	}
}
