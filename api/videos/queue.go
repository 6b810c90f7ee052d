package videos

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"
	"golang.org/x/sync/errgroup"

	"courtside/api/periodic"
	"courtside/storage/postgres"
)

// Run is the area's engine Service: Config.Workers workers take jobs from the queue until ctx ends
// (a job in hand is abandoned: its lease runs out and a worker takes it again), and the retention
// sweep deletes expired recordings every Config.SweepEvery. At start, recordings on this node's disk
// left open by a stop while they were live are queued to be closed.
func (s *Service) Run(ctx context.Context) error {
	if ids, err := s.store.OrphanRecordings(ctx, s.cfg.Now().Add(-s.cfg.Lease)); err != nil {
		s.log.Warn("videos: looking for unfinished recordings", zap.Error(err))
	} else {
		for _, id := range ids {
			if _, err := os.Stat(filepath.Join(s.dir(id), "source", "segments.txt")); err != nil {
				continue // recorded on another node's disk: that node closes it
			}
			if _, err := s.store.Enqueue(ctx, id, postgres.JobRecording, postgres.JobPriorityRecording, s.cfg.MaxAttempts, s.cfg.Now()); err != nil {
				s.log.Warn("videos: queueing an unfinished recording", zap.Int64("video", id), zap.Error(err))
			}
		}
	}
	g, ctx := errgroup.WithContext(ctx)
	for i := range s.cfg.Workers {
		name := s.cfg.Worker + "#" + strconv.Itoa(i)
		g.Go(func() error { s.work(ctx, name); return nil })
	}
	g.Go(func() error {
		return periodic.NowAndEvery(ctx, s.cfg.SweepEvery, s.log, "videos: retention sweep", func(ctx context.Context) error {
			_, err := s.Sweep(ctx)
			return err
		})
	})
	return g.Wait()
}

// work is one worker: claim, run, repeat; it sleeps Config.Poll when the queue is empty.
func (s *Service) work(ctx context.Context, name string) {
	for ctx.Err() == nil {
		did, err := s.RunOne(ctx, name)
		if err != nil && ctx.Err() == nil {
			s.log.Warn("videos: job", zap.String("worker", name), zap.Error(err))
		}
		if did {
			continue
		}
		select {
		case <-ctx.Done():
		case <-time.After(s.cfg.Poll):
		}
	}
}

// RunOne claims one job for worker and runs it to its end; it reports whether there was one. While
// the job runs its lease is renewed every Config.Lease/3 with its progress; when the lease is lost
// (another worker took the job) the work is abandoned.
func (s *Service) RunOne(ctx context.Context, worker string) (bool, error) {
	job, ok, err := s.store.ClaimJob(ctx, worker, s.cfg.Lease, s.cfg.Now())
	if err != nil || !ok {
		return false, err
	}
	jctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var progress atomic.Int64
	var lost atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(s.cfg.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-jctx.Done():
				return
			case <-t.C:
			}
			err := s.store.Heartbeat(jctx, job.ID, worker, int(progress.Load()), s.cfg.Lease, s.cfg.Now())
			if errors.Is(err, postgres.ErrLeaseLost) {
				lost.Store(true)
				cancel()
				return
			}
		}
	}()
	runErr := s.runJob(jctx, job, func(p int) { progress.Store(int64(p)) })
	cancel()
	wg.Wait()
	if lost.Load() {
		return true, fmt.Errorf("job %d: %w", job.ID, postgres.ErrLeaseLost)
	}
	if ctx.Err() != nil {
		return true, ctx.Err() // stopping: the lease runs out and the job is taken again
	}
	failure := ""
	if runErr != nil {
		failure = lastLine(runErr.Error())
		if failure == "" {
			failure = "failed"
		}
		s.log.Warn("videos: job failed", zap.Int64("job", job.ID), zap.Int64("video", job.VideoID), zap.Int("attempt", job.Attempts), zap.Error(runErr))
	}
	fctx, fcancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer fcancel()
	if err := s.store.FinishJob(fctx, job.ID, worker, failure, s.cfg.Now()); err != nil {
		return true, err
	}
	if runErr == nil {
		s.changed(fctx, job.VideoID)
	}
	return true, nil
}

// runJob does one job's work.
func (s *Service) runJob(ctx context.Context, job postgres.VideoJob, report func(int)) error {
	switch job.Kind {
	case postgres.JobTranscode:
		return s.runTranscode(ctx, job.VideoID, report)
	case postgres.JobRecording:
		if err := s.finishRecording(ctx, job.VideoID); err != nil {
			return err
		}
		return s.planHighlights(ctx, job.VideoID) // highlights.go
	case postgres.JobHighlight:
		return s.runHighlight(ctx, job.VideoID, report)
	}
	return fmt.Errorf("unknown job kind %q", job.Kind)
}

// runTranscode makes an upload's renditions, master playlist and poster from its source file, then
// puts them in the store, makes it ready and removes the source (and, with an S3 store, the
// working folder).
func (s *Service) runTranscode(ctx context.Context, id int64, report func(int)) error {
	if s.ffmpeg == "" {
		return errors.New("no ffmpeg on this node")
	}
	src, dir := s.sourcePath(id), s.dir(id)
	p, err := probe(ctx, s.ffprobe(), src)
	if err != nil {
		return err
	}
	// A previous attempt may have left partial output.
	for _, r := range s.cfg.Renditions {
		_ = os.RemoveAll(filepath.Join(dir, r.Name))
	}
	names, err := s.transcode(ctx, src, dir, p, report)
	if err != nil {
		return err
	}
	poster := s.poster(ctx, src, dir, min(p.Duration/3, 5*time.Second)) == nil
	if err := s.publish(ctx, id); err != nil {
		return err
	}
	if err := s.store.Finished(ctx, id, p.Duration, names, poster, s.cfg.Now()); err != nil {
		return err
	}
	_ = os.Remove(src)
	s.dropWork(id)
	return nil
}
