package main

import (
	"context"
	"fmt"
	"time"
)

// openGauge is the node's gauge of upgraded WebSocket connections (gateway/metrics.go).
const openGauge = "courtside_gateway_connections_open"

// settled is what the wait before a scenario found.
type settled struct {
	Secs     float64 // how long it waited
	Open     float64 // the gauge when it stopped waiting (summed over the nodes)
	Baseline float64 // the gauge at the start of the run
	Known    bool    // the gauge could be read
	TimedOut bool    // the bound passed with the gauge still above baseline + slack
	Err      error   // why the gauge could not be read
}

// waitSettled polls read every `every` until the open-connections gauge is at most baseline +
// slack, the bound passes (TimedOut) or ctx ends. A gauge that cannot be read ends the wait at once
// (Known false): there is nothing to wait for.
func waitSettled(ctx context.Context, read func() (float64, error), baseline, slack float64, bound, every time.Duration) settled {
	start := time.Now()
	s := settled{Baseline: baseline}
	for {
		open, err := read()
		s.Secs = time.Since(start).Seconds()
		if err != nil {
			s.Err = err
			return s
		}
		s.Open, s.Known = open, true
		if open <= baseline+slack {
			return s
		}
		if time.Since(start) >= bound {
			s.TimedOut = true
			return s
		}
		select {
		case <-ctx.Done():
			s.Secs = time.Since(start).Seconds()
			return s
		case <-time.After(min(every, bound-time.Since(start)+time.Millisecond)):
		}
	}
}

// openConnections reads the open-connections gauge of every node and sums it; an error when a
// node does not answer or does not export the gauge.
func openConnections(bases []string, token string) (float64, error) {
	if len(bases) == 0 {
		return 0, fmt.Errorf("no node metrics URL (-http)")
	}
	sum := 0.0
	for _, b := range bases {
		m, err := scrapeMetrics(b, token)
		if err != nil {
			return 0, err
		}
		v, ok := m[openGauge]
		if !ok {
			return 0, fmt.Errorf("%s/metrics has no %s", b, openGauge)
		}
		sum += v
	}
	return sum, nil
}

// settle waits before a scenario until the connections of the previous one are gone from the
// nodes (thousands of sockets still closing once exhausted a node's descriptors when the next
// scenario connected), bounded by -settle.
func (e *env) settle() settled {
	if e.cfg.Settle <= 0 {
		return settled{}
	}
	read := func() (float64, error) { return openConnections(e.http, e.cfg.AdminToken) }
	if !e.baselineKnown {
		e.baselineKnown = true
		if v, err := read(); err == nil {
			e.openBaseline = v
		}
	}
	ctx := e.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	return waitSettled(ctx, read, e.openBaseline, float64(e.cfg.SettleSlack), e.cfg.Settle, 250*time.Millisecond)
}

// note is what the scenario's notes say about the wait; "" when there is nothing to say.
func (s settled) note(bound time.Duration) string {
	switch {
	case s.Err != nil:
		return "settle: the open-connections gauge could not be read (" + s.Err.Error() + "); the scenario started without waiting"
	case s.TimedOut:
		return fmt.Sprintf("settle: %.0f connections were still open on the node(s) after %v (baseline %.0f): the previous scenario's sockets had not all closed when this one started", s.Open, bound, s.Baseline)
	}
	return ""
}
