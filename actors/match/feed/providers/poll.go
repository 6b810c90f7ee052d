package providers

import (
	"context"
	"errors"
	"time"

	"go.uber.org/zap"
)

// RunPolls is every adapter's Run: poll, then wait tick, until ctx ends. A refused key or token
// (ErrUnauthorized) stops it with that error, since polling again cannot help; every other failure
// is logged as "<name> poll failed" and the next poll tries again.
func RunPolls(ctx context.Context, tick time.Duration, log *zap.Logger, name string, poll func(context.Context) error) error {
	for {
		if err := poll(ctx); err != nil {
			if errors.Is(err, ErrUnauthorized) || ctx.Err() != nil {
				return err
			}
			log.Warn(name+" poll failed", zap.Error(err))
		}
		if err := SleepCtx(ctx, tick); err != nil {
			return nil
		}
	}
}

// Schedule remembers when each of an adapter's tasks (the schedule, odds, line-ups) last ran, so
// one poll loop can run each at its own pace. Not safe for concurrent use: the adapter's Run owns it.
type Schedule map[string]time.Time

// Due reports whether task last ran every or longer before now (or never), and if so records now
// as its last run.
func (s Schedule) Due(task string, every time.Duration, now time.Time) bool {
	if last, ok := s[task]; ok && now.Sub(last) < every {
		return false
	}
	s[task] = now
	return true
}
