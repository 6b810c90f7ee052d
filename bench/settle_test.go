package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// closingNode serves /metrics like a node whose open-connections gauge falls by step on every
// scrape, from start down to floor (the previous scenario's sockets closing).
func closingNode(t *testing.T, token string, start, step, floor float64) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var scrapes atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/metrics" || r.Header.Get("Authorization") != "Bearer "+token {
			http.NotFound(w, r)
			return
		}
		n := scrapes.Add(1) - 1
		open := max(floor, start-step*float64(n))
		fmt.Fprintf(w, "# HELP %s Upgraded WebSocket connections currently open.\n# TYPE %s gauge\n%s %g\ncourtside_gateway_bytes_out_total 12345\n", openGauge, openGauge, openGauge, open)
	}))
	t.Cleanup(srv.Close)
	return srv, &scrapes
}

func TestSettleWaitsForTheGaugeToFall(t *testing.T) {
	srv, scrapes := closingNode(t, "tok", 18000, 6000, 3)
	read := func() (float64, error) { return openConnections([]string{srv.URL}, "tok") }
	s := waitSettled(context.Background(), read, 0, 50, 5*time.Second, time.Millisecond)
	if !s.Known || s.TimedOut || s.Err != nil {
		t.Fatalf("settled = %+v, want known, not timed out", s)
	}
	if s.Open != 3 {
		t.Fatalf("open when settled = %v, want 3 (18000 → 12000 → 6000 → 3)", s.Open)
	}
	if n := scrapes.Load(); n != 4 {
		t.Fatalf("%d scrapes, want 4: it must keep polling until the gauge is near the baseline, and stop there", n)
	}
	if s.note(5*time.Second) != "" {
		t.Fatalf("a settled wait has nothing to say: %q", s.note(5*time.Second))
	}
}

func TestSettleCountsTheBaselineAndSlack(t *testing.T) {
	// Two nodes, summed; other clients hold 1,000 connections all along: the baseline.
	a, _ := closingNode(t, "tok", 2600, 1000, 600) // 2600, 1600, 600
	b, _ := closingNode(t, "tok", 500, 0, 500)
	read := func() (float64, error) { return openConnections([]string{a.URL, b.URL}, "tok") }
	s := waitSettled(context.Background(), read, 1000, 100, 5*time.Second, time.Millisecond)
	if !s.Known || s.TimedOut || s.Open != 1100 {
		t.Fatalf("settled = %+v, want it to stop at 1,100 (baseline 1,000 + slack 100), not before", s)
	}
}

func TestSettleGivesUpAtTheBoundAndSaysSo(t *testing.T) {
	srv, _ := closingNode(t, "tok", 9000, 1, 8000) // closes far too slowly
	read := func() (float64, error) { return openConnections([]string{srv.URL}, "tok") }
	bound := 150 * time.Millisecond
	start := time.Now()
	s := waitSettled(context.Background(), read, 0, 50, bound, 10*time.Millisecond)
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("waited %v past a bound of %v", took, bound)
	}
	if !s.TimedOut || !s.Known || s.Open < 8000 {
		t.Fatalf("settled = %+v, want timed out with the gauge still high", s)
	}
	if s.Secs < bound.Seconds() {
		t.Fatalf("gave up after %.3f s, before the bound", s.Secs)
	}
	if n := s.note(bound); !strings.Contains(n, "still open") {
		t.Fatalf("note %q does not say the sockets were still open", n)
	}
}

func TestSettleDoesNotWaitWithoutAGauge(t *testing.T) {
	srv, _ := closingNode(t, "tok", 18000, 1, 18000)
	read := func() (float64, error) { return openConnections([]string{srv.URL}, "wrong") } // 404: no token
	start := time.Now()
	s := waitSettled(context.Background(), read, 0, 50, 5*time.Second, time.Millisecond)
	if s.Known || s.Err == nil || time.Since(start) > time.Second {
		t.Fatalf("settled = %+v: an unreadable gauge must end the wait at once, with its error", s)
	}
	if n := s.note(5 * time.Second); !strings.Contains(n, "could not be read") {
		t.Fatalf("note %q", n)
	}
}

func TestSettleEndsWithTheRun(t *testing.T) {
	srv, _ := closingNode(t, "tok", 9000, 0, 9000)
	read := func() (float64, error) { return openConnections([]string{srv.URL}, "tok") }
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	waitSettled(ctx, read, 0, 50, time.Minute, 10*time.Millisecond)
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("Ctrl-C during the wait was ignored for %v", took)
	}
}
