package history

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// appender is what the Writer needs of a store.
type appender interface {
	Append(ctx context.Context, batch []Event) error
}

// WriterConfig sizes the group-commit writer. Zero values take the defaults noted.
type WriterConfig struct {
	// MaxBatch is the most events written in one durable batch. Default 1024.
	MaxBatch int `env:"COURTSIDE_HISTORY_BATCH"`
	// MaxDelay is how long the writer waits for more events after the first of a batch before it
	// writes anyway. Default 2ms. Under load batches fill while the previous one is being synced,
	// so this only adds latency when the writer is idle.
	MaxDelay time.Duration `env:"COURTSIDE_HISTORY_BATCH_DELAY"`
	// QueueSize bounds the events accepted but not yet durable (memory: QueueSize × event size).
	// Past it Append returns ErrQueueFull and AppendWait blocks. Default 16384.
	QueueSize int `env:"COURTSIDE_HISTORY_QUEUE"`
	// WriteTimeout bounds one attempt to write a batch. Default 10s.
	WriteTimeout time.Duration `env:"COURTSIDE_HISTORY_WRITE_TIMEOUT"`
	// RetryFor is how long a failing batch is retried (with backoff) before its events are
	// reported failed to their done callbacks. Default 30s.
	RetryFor time.Duration `env:"COURTSIDE_HISTORY_RETRY_FOR"`
	// Registerer receives the writer's metrics. Nil registers none.
	Registerer prometheus.Registerer `env:"-"`
}

// Writer group-commits events from all rooms into one durable store batch at a time. See the
// package documentation for its concurrency contract.
type Writer struct {
	cfg   WriterConfig
	store appender

	// mu guards closed against Append racing Close: senders hold it for reading while they put an
	// event on queue, Close takes it for writing before closing queue.
	mu     sync.RWMutex
	closed bool
	queue  chan pending
	done   chan struct{} // closed when the commit loop has written everything and returned

	m writerMetrics
}

type pending struct {
	ev      Event
	done    func(error)
	barrier bool // no event: done reports when everything queued before it is durable
}

type writerMetrics struct {
	batchSize    prometheus.Histogram
	latency      prometheus.Histogram
	failures     prometheus.Counter
	failedEvents prometheus.Counter
}

// NewWriter starts a writer over store. Close it to flush and stop.
func NewWriter(store appender, cfg WriterConfig) (*Writer, error) {
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 1024
	}
	if cfg.MaxDelay <= 0 {
		cfg.MaxDelay = 2 * time.Millisecond
	}
	if cfg.QueueSize <= 0 {
		cfg.QueueSize = 16384
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 10 * time.Second
	}
	if cfg.RetryFor <= 0 {
		cfg.RetryFor = 30 * time.Second
	}
	w := &Writer{
		cfg:   cfg,
		store: store,
		queue: make(chan pending, cfg.QueueSize),
		done:  make(chan struct{}),
		m: writerMetrics{
			batchSize: prometheus.NewHistogram(prometheus.HistogramOpts{
				Name:    "courtside_history_batch_events",
				Help:    "Events per durable history batch.",
				Buckets: []float64{1, 4, 16, 64, 256, 1024, 4096},
			}),
			latency: prometheus.NewHistogram(prometheus.HistogramOpts{
				Name:    "courtside_history_write_seconds",
				Help:    "Time to write one durable history batch (fsync included).",
				Buckets: prometheus.ExponentialBuckets(0.0002, 2, 14),
			}),
			failures: prometheus.NewCounter(prometheus.CounterOpts{
				Name: "courtside_history_write_failures_total",
				Help: "History batch write attempts that failed (each is retried until RetryFor).",
			}),
			failedEvents: prometheus.NewCounter(prometheus.CounterOpts{
				Name: "courtside_history_failed_events_total",
				Help: "Events reported failed to their sender after RetryFor of failing writes.",
			}),
		},
	}
	if cfg.Registerer != nil {
		depth := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "courtside_history_queue_depth",
			Help: "Events accepted by the history writer and not yet durable.",
		}, func() float64 { return float64(len(w.queue)) })
		for _, c := range []prometheus.Collector{depth, w.m.batchSize, w.m.latency, w.m.failures, w.m.failedEvents} {
			if err := cfg.Registerer.Register(c); err != nil {
				return nil, err
			}
		}
	}
	go w.run()
	return w, nil
}

// Append queues ev without blocking. On nil, done will be called exactly once, from the writer's
// goroutine, with nil once ev is durable or with the error that made it fail. On ErrQueueFull or
// ErrClosed the event was not accepted and done is never called.
func (w *Writer) Append(ev Event, done func(error)) error {
	if err := Validate(&ev); err != nil {
		return err
	}
	w.mu.RLock()
	defer w.mu.RUnlock()
	if w.closed {
		return ErrClosed
	}
	select {
	case w.queue <- pending{ev: ev, done: done}:
		return nil
	default:
		return ErrQueueFull
	}
}

// AppendWait is Append that waits for queue space until ctx is done, for events that must not be
// refused (gifts, moderation). It blocks only while the queue is full.
func (w *Writer) AppendWait(ctx context.Context, ev Event, done func(error)) error {
	if err := Validate(&ev); err != nil {
		return err
	}
	w.mu.RLock()
	defer w.mu.RUnlock()
	if w.closed {
		return ErrClosed
	}
	select {
	case w.queue <- pending{ev: ev, done: done}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Barrier waits until every event accepted before the call is durable (or has failed), or ctx is
// done. A room actor that is (re)activated calls it before reading the store's LastSeq, so events of
// its previous incarnation still in the queue are counted and no seq is handed out twice.
func (w *Writer) Barrier(ctx context.Context) error {
	reached := make(chan error, 1)
	w.mu.RLock()
	if w.closed {
		w.mu.RUnlock()
		return ErrClosed
	}
	select {
	case w.queue <- pending{barrier: true, done: func(err error) { reached <- err }}:
		w.mu.RUnlock()
	case <-ctx.Done():
		w.mu.RUnlock()
		return ctx.Err()
	}
	select {
	case err := <-reached:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Len returns the number of events accepted and not yet durable.
func (w *Writer) Len() int { return len(w.queue) }

// Close stops intake and returns once every accepted event has been written (or has failed after
// RetryFor) and its done called. Safe to call more than once.
func (w *Writer) Close() error {
	w.mu.Lock()
	if !w.closed {
		w.closed = true
		close(w.queue)
	}
	w.mu.Unlock()
	<-w.done
	return nil
}

// Run lets the writer run as a service under the node's errgroup: it returns after ctx is done and
// everything queued is flushed.
func (w *Writer) Run(ctx context.Context) error {
	<-ctx.Done()
	return w.Close()
}

// run is the commit loop: the only goroutine that calls store.Append and the done callbacks.
func (w *Writer) run() {
	defer close(w.done)
	batch := make([]pending, 0, w.cfg.MaxBatch)
	events := make([]Event, 0, w.cfg.MaxBatch)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		first, ok := <-w.queue
		if !ok {
			return
		}
		batch = append(batch[:0], first)
		open := w.fill(&batch, timer)
		events = events[:0]
		for i := range batch {
			if !batch[i].barrier {
				events = append(events, batch[i].ev)
			}
		}
		var err error
		if len(events) > 0 {
			err = w.write(events)
		}
		for i := range batch {
			if batch[i].done != nil {
				batch[i].done(err)
			}
			batch[i] = pending{} // drop references to payloads and callbacks
		}
		clear(events)
		if !open {
			return
		}
	}
}

// fill adds queued events to batch until MaxBatch, or MaxDelay after the first, or the queue is
// closed (then it reports false after taking everything that was left up to MaxBatch).
func (w *Writer) fill(batch *[]pending, timer *time.Timer) (open bool) {
	// Take what is already waiting without touching the timer: under load this fills the batch.
	for len(*batch) < w.cfg.MaxBatch {
		select {
		case p, ok := <-w.queue:
			if !ok {
				return false
			}
			*batch = append(*batch, p)
			continue
		default:
		}
		break
	}
	if len(*batch) >= w.cfg.MaxBatch {
		return true
	}
	timer.Reset(w.cfg.MaxDelay)
	defer timer.Stop()
	for len(*batch) < w.cfg.MaxBatch {
		select {
		case p, ok := <-w.queue:
			if !ok {
				return false
			}
			*batch = append(*batch, p)
		case <-timer.C:
			return true
		}
	}
	return true
}

// write stores one batch, retrying with backoff for up to RetryFor.
func (w *Writer) write(events []Event) error {
	w.m.batchSize.Observe(float64(len(events)))
	deadline := time.Now().Add(w.cfg.RetryFor)
	backoff := 20 * time.Millisecond
	for {
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), w.cfg.WriteTimeout)
		err := w.store.Append(ctx, events)
		cancel()
		w.m.latency.Observe(time.Since(start).Seconds())
		if err == nil {
			return nil
		}
		w.m.failures.Inc()
		// An invalid event, a taken seq or a closed store will not get better by waiting.
		if errors.Is(err, ErrInvalidEvent) || errors.Is(err, ErrSeqTaken) || errors.Is(err, ErrClosed) ||
			time.Now().Add(backoff).After(deadline) {
			w.m.failedEvents.Add(float64(len(events)))
			return err
		}
		time.Sleep(backoff) // retry pacing, not synchronisation
		backoff = min(backoff*2, time.Second)
	}
}
