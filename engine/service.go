package engine

import (
	"context"
	"errors"
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
// stop of the parent context is not an error.
func runServices(ctx context.Context, log *zap.Logger, services []namedService) error {
	g, gctx := errgroup.WithContext(ctx)
	for _, s := range services {
		g.Go(func() error {
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
	return g.Wait()
}
