package engine

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
	"golang.org/x/sync/errgroup"
)

// Service is a long-lived part of a node. Run blocks until ctx is cancelled (then it stops cleanly
// and returns nil) or until it fails.
type Service interface {
	Run(ctx context.Context) error
}

// ServiceFunc adapts a function to Service.
type ServiceFunc func(ctx context.Context) error

// Run calls f(ctx).
func (f ServiceFunc) Run(ctx context.Context) error { return f(ctx) }

type namedService struct {
	name string
	svc  Service
}

// runServices runs every service under one errgroup. The first failure cancels the others; a clean
// stop of the parent context is not an error. Once stopping, it waits at most stopWithin for the
// services (ErrStopTimeout names those left running).
func runServices(ctx context.Context, log *zap.Logger, services []namedService, stopWithin time.Duration) error {
	g, gctx := errgroup.WithContext(ctx)
	var running sync.Map // service name → true while it runs
	for _, s := range services {
		running.Store(s.name, true)
		g.Go(func() error {
			defer running.Delete(s.name)
			start := time.Now()
			err := s.svc.Run(gctx)
			if err != nil && !errors.Is(err, context.Canceled) {
				log.Error("service failed", zap.String("service", s.name), zap.Error(err))
				return err
			}
			log.Info("service stopped", zap.String("service", s.name), zap.Duration("ran", time.Since(start)))
			return nil
		})
	}
	stopped := make(chan error, 1)
	go func() { stopped <- g.Wait() }()
	select {
	case err := <-stopped:
		return err
	case <-gctx.Done():
	}
	// Stopping: whatever the services wait for (peers that left, a client that does not read),
	// the node's stop is bounded; a service still running after stopWithin is left behind.
	select {
	case err := <-stopped:
		return err
	case <-time.After(stopWithin):
		var names []string
		running.Range(func(k, _ any) bool { names = append(names, k.(string)); return true })
		sort.Strings(names)
		log.Error("services did not stop in time", zap.Strings("services", names), zap.Duration("within", stopWithin))
		return fmt.Errorf("%w: %s", ErrStopTimeout, strings.Join(names, ", "))
	}
}

// ErrStopTimeout: a graceful stop left services running after Config.Shutdown.
var ErrStopTimeout = errors.New("engine: services did not stop in time")
