package periodic

import (
	"context"
	"time"

	"go.uber.org/zap"
)

// Every calls job every period until ctx ends, then returns nil (the shape of a Service's Run). A
// job's error is logged at Warn with the message what (e.g. "shop: expiring unpaid orders"),
// unless ctx has ended: an error caused by shutting down is not news.
func Every(ctx context.Context, period time.Duration, log *zap.Logger, what string, job func(context.Context) error) error {
	return loop(ctx, period, false, log, what, job)
}

// NowAndEvery is Every with a first run at once, for a job whose result is wanted before the
// first period has passed (an index to fill, a sweep of what piled up while the node was down).
func NowAndEvery(ctx context.Context, period time.Duration, log *zap.Logger, what string, job func(context.Context) error) error {
	return loop(ctx, period, true, log, what, job)
}

func loop(ctx context.Context, period time.Duration, now bool, log *zap.Logger, what string, job func(context.Context) error) error {
	run := func() {
		if err := job(ctx); err != nil && ctx.Err() == nil {
			log.Warn(what, zap.Error(err))
		}
	}
	if now && ctx.Err() == nil {
		run()
	}
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			run()
		}
	}
}
