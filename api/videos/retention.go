package videos

import (
	"context"

	"go.uber.org/zap"

	"courtside/storage/postgres"
)

// Sweep deletes the recordings older than Config.Retention (rows marked deleted, files removed)
// and returns how many. Uploaded highlights, replays and clips are kept. A zero Retention keeps
// everything.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	if s.cfg.Retention <= 0 {
		return 0, nil
	}
	cutoff := s.cfg.Now().Add(-s.cfg.Retention)
	n := 0
	for {
		ids, err := s.store.Expired(ctx, cutoff, 100)
		if err != nil || len(ids) == 0 {
			return n, err
		}
		for _, id := range ids {
			v, err := s.store.Video(ctx, id)
			if err != nil {
				return n, storeErr(err)
			}
			if _, err := s.move(ctx, v, postgres.VideoDeleted); err != nil {
				return n, err
			}
			n++
		}
		s.log.Info("videos: expired recordings deleted", zap.Int("count", n))
	}
}
