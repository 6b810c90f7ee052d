package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	"courtside/bench/check"
	"courtside/bench/hdr"
	"courtside/bench/report"
)

// fleet is the worker processes of one scenario.
type fleet struct {
	procs []*exec.Cmd
	in    []io.WriteCloser
	msgs  chan workerMsg
	dead  chan error
}

func startFleet(plans []plan) (*fleet, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	f := &fleet{msgs: make(chan workerMsg, 4096), dead: make(chan error, len(plans))}
	for _, p := range plans {
		cmd := exec.Command(exe, "worker")
		cmd.Stderr = os.Stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			return nil, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return nil, err
		}
		if err := cmd.Start(); err != nil {
			f.stop()
			return nil, fmt.Errorf("start worker: %w", err)
		}
		f.procs, f.in = append(f.procs, cmd), append(f.in, in)
		if err := json.NewEncoder(in).Encode(p); err != nil {
			f.stop()
			return nil, fmt.Errorf("%w: plan: %v", errWorker, err)
		}
		go func(w int) {
			sc := bufio.NewScanner(out)
			sc.Buffer(make([]byte, 1<<20), 64<<20)
			for sc.Scan() {
				var r workerMsg
				if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
					f.dead <- fmt.Errorf("%w: worker %d wrote %.80q", errWorker, w, sc.Text())
					return
				}
				f.msgs <- r
			}
			if err := cmd.Wait(); err != nil {
				f.dead <- fmt.Errorf("%w: worker %d: %v", errWorker, w, err)
			} else {
				f.dead <- nil
			}
		}(p.Worker)
	}
	return f, nil
}

func (f *fleet) send(c command) {
	for _, in := range f.in {
		json.NewEncoder(in).Encode(c) //nolint:errcheck // a dead worker reports through dead
	}
}

// stop ends the workers: closing stdin makes them stop; after a grace they are killed.
func (f *fleet) stop() {
	for _, in := range f.in {
		in.Close()
	}
	deadline := time.After(8 * time.Second)
	for _, p := range f.procs {
		done := make(chan struct{})
		go func() { p.Process.Wait(); close(done) }() //nolint:errcheck
		select {
		case <-done:
		case <-deadline:
			p.Process.Kill() //nolint:errcheck
		}
	}
}

// makePlans splits groups over the workers: each group's connections are shared out evenly, and
// sender indexes stay fleet-wide.
func makePlans(cfg *Config, tg *targetSet, groups []group, senders int) []plan {
	total := 0
	for _, g := range groups {
		total += g.Count
	}
	workers := cfg.Workers
	if workers == 0 {
		workers = max(2, (total+cfg.PerWorker-1)/cfg.PerWorker)
	}
	workers = max(1, min(workers, total))
	plans := make([]plan, workers)
	for w := range plans {
		plans[w] = plan{Worker: w, Targets: tg.hosts, Path: tg.path, Sources: tg.sources, Senders: senders,
			ConnectRate: max(1, cfg.ConnectRate/workers), MaxPending: cfg.MaxPending, Compress: cfg.Compress}
	}
	for _, g := range groups {
		base := 0
		for w := range plans {
			n := g.Count / workers
			if w < g.Count%workers {
				n++
			}
			if n == 0 {
				continue
			}
			part := g
			part.Count = n
			if len(g.Tokens) > 0 {
				part.Tokens = g.Tokens[base : base+n]
			}
			if len(g.PerConn) > 0 {
				part.PerConn = g.PerConn[base : base+n]
			}
			if g.SenderBase >= 0 {
				part.SenderBase = g.SenderBase + base
			}
			plans[w].Groups = append(plans[w].Groups, part)
			base += n
		}
	}
	return plans
}

// run aggregates one scenario's worker reports.
type run struct {
	cfg   *Config
	env   *env
	name  string
	f     *fleet
	alive int

	t0        time.Time // load start; series times are relative to it
	measuring bool
	mStart    time.Time
	mEnd      time.Time

	total, prio *hdr.Histogram
	kinds       map[string]*kindTotal // scoreboard: per kind of subscriber, measured window
	sec         *hdr.Histogram
	secDeliv    uint64
	series      []report.Point
	lastSec     time.Time
	lastProc    procStat

	delivered, sent, acked, scores, frames uint64
	open, joined                           map[int]int

	clientCPU float64 // the workers' CPU seconds over their whole life

	connected []workerMsg
	resumed   []workerMsg
	stopped   []workerMsg
	finals    []workerMsg
}

// kindTotal is one kind of scoreboard subscriber's measured window.
type kindTotal struct {
	hist      *hdr.Histogram
	delivered uint64
}

func newRun(e *env, name string, f *fleet, workers int) *run {
	return &run{cfg: e.cfg, env: e, name: name, f: f, alive: workers, total: hdr.New(), prio: hdr.New(), sec: hdr.New(),
		open: map[int]int{}, joined: map[int]int{}, kinds: map[string]*kindTotal{}, t0: time.Now(), lastSec: time.Now()}
}

// pump consumes worker reports until done() holds or timeout passes; it closes a series point and
// prints a progress line every second.
func (r *run) pump(timeout time.Duration, done func() bool) error {
	deadline := time.After(timeout)
	sec := time.NewTicker(time.Second)
	defer sec.Stop()
	for !done() {
		select {
		case m := <-r.f.msgs:
			r.take(m)
		case err := <-r.f.dead:
			r.alive--
			if err != nil {
				return err
			}
			if r.alive == 0 && !done() {
				return fmt.Errorf("%w: every worker exited", errWorker)
			}
		case <-sec.C:
			r.second()
		case <-deadline:
			return fmt.Errorf("%s: timed out after %v", r.name, timeout)
		}
	}
	return nil
}

// wait pumps for d.
func (r *run) wait(d time.Duration) error {
	end := time.Now().Add(d)
	err := r.pump(d+time.Second, func() bool { return !time.Now().Before(end) })
	return err
}

func (r *run) take(m workerMsg) {
	switch m.Ev {
	case "tick":
		r.open[m.Worker], r.joined[m.Worker] = m.Open, m.Joined
		if m.Hist != nil {
			r.sec.MergeSparse(*m.Hist)
			if m.Measuring {
				r.total.MergeSparse(*m.Hist)
			}
		}
		if m.PrioHist != nil && m.Measuring {
			r.prio.MergeSparse(*m.PrioHist)
		}
		r.secDeliv += m.Delivered
		if m.Measuring {
			for k, t := range m.Kinds {
				kt := r.kinds[k]
				if kt == nil {
					kt = &kindTotal{hist: hdr.New()}
					r.kinds[k] = kt
				}
				kt.hist.MergeSparse(t.Hist)
				kt.delivered += t.Delivered
			}
			r.delivered += m.Delivered
			r.sent += m.Sent
			r.acked += m.Acked
			r.scores += m.Scores
			r.frames += m.Frames
		}
	case "connected":
		r.connected = append(r.connected, m)
	case "resumed":
		r.resumed = append(r.resumed, m)
	case "stopped":
		r.stopped = append(r.stopped, m)
	case "final":
		r.finals = append(r.finals, m)
	}
}

func sum(m map[int]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func (r *run) second() {
	now := time.Now()
	ps, _ := readProcs(r.env.pids)
	cpu := 0.0
	if r.lastProc.cpuS > 0 {
		cpu = (ps.cpuS - r.lastProc.cpuS) / now.Sub(r.lastSec).Seconds()
	}
	r.lastProc, r.lastSec = ps, now
	p := report.Point{T: now.Sub(r.t0).Seconds(), Count: r.sec.Count(), Delivered: r.secDeliv, Open: sum(r.open),
		ServerCPU: cpu, ServerRSS: ps.rss}
	if r.sec.Count() > 0 {
		p.P50, p.P99, p.Max = float64(r.sec.Quantile(0.5))/1e6, float64(r.sec.Quantile(0.99))/1e6, float64(r.sec.Max())/1e6
	}
	r.series = append(r.series, p)
	progress("[%s %5.0fs] open %6d joined %6d  delivered %8.0f/s  p50 %6.1f ms  p99 %7.1f ms  server cpu %3.0f%% rss %s",
		r.name, p.T, p.Open, sum(r.joined), float64(r.secDeliv), p.P50, p.P99, cpu*100, mib(ps.rss))
	r.sec.Reset()
	r.secDeliv = 0
}

// connect opens every planned connection and waits until each joined or failed.
func (r *run) connect(conns int) (secs float64, failed int, senders map[int]string, refused map[string]uint64, err error) {
	r.f.send(command{Cmd: "connect"})
	timeout := time.Duration(float64(conns)/float64(r.cfg.ConnectRate)*float64(time.Second))*3 + 60*time.Second
	if err = r.pump(timeout, func() bool { return len(r.connected) == len(r.f.procs) }); err != nil {
		return
	}
	senders, refused = map[int]string{}, map[string]uint64{}
	for _, c := range r.connected {
		secs = max(secs, c.Secs)
		failed += c.Failed
		for k, v := range c.Senders {
			senders[k] = v
		}
		for k, v := range c.Refused {
			refused[k] += v
		}
	}
	return
}

// startLoad makes the senders send; measuring starts after the warm-up.
func (r *run) startLoad(warmup time.Duration) error {
	r.f.send(command{Cmd: "send"})
	r.t0 = time.Now()
	if warmup > 0 {
		if err := r.wait(warmup); err != nil {
			return err
		}
	}
	r.f.send(command{Cmd: "measure"})
	r.measuring, r.mStart = true, time.Now()
	return nil
}

// finish stops the load, tells the workers every acknowledged priority event and mute, lets the
// last frames arrive, and collects the checks.
func (r *run) finish(mutes []mutedUser, prio []roomSeq) (check.Result, map[string]uint64, map[string]uint64, uint64, error) {
	r.f.send(command{Cmd: "stop"})
	r.mEnd = time.Now()
	if err := r.pump(30*time.Second, func() bool { return len(r.stopped) == len(r.f.procs) }); err != nil {
		return check.Result{}, nil, nil, 0, err
	}
	for _, s := range r.stopped {
		prio = append(prio, s.Priority...)
	}
	r.f.send(command{Cmd: "acked", Mutes: mutes, Priority: prio})
	if err := r.wait(r.cfg.Drain); err != nil {
		return check.Result{}, nil, nil, 0, err
	}
	r.f.send(command{Cmd: "finish"})
	if err := r.pump(60*time.Second, func() bool { return len(r.finals) == len(r.f.procs) }); err != nil {
		return check.Result{}, nil, nil, 0, err
	}
	r.measuring = false
	var res check.Result
	errs, closes := map[string]uint64{}, map[string]uint64{}
	var connFail uint64
	r.clientCPU = 0
	for _, f := range r.finals {
		r.clientCPU += f.CPUS
		if f.Check != nil {
			res.Add(*f.Check)
		}
		for k, v := range f.Errors {
			errs[k] += v
		}
		for k, v := range f.Closes {
			closes[k] += v
		}
		connFail += f.ConnFailures
	}
	return res, errs, closes, connFail, nil
}

func mib(b uint64) string { return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20)) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, time.Now().UTC().Format("15:04:05 ")+format+"\n", args...)
}

// errTotal splits error counts into the unexpected ones (and their total) and the ones the scenario
// provokes on purpose (keys starting with one of expected).
func errTotal(m map[string]uint64, expected ...string) (total uint64, unexp, exp map[string]uint64) {
	exp, unexp = map[string]uint64{}, map[string]uint64{}
	for k, v := range m {
		skip := false
		for _, e := range expected {
			if strings.HasPrefix(k, e) {
				skip = true
			}
		}
		if skip {
			exp[k] += v
			continue
		}
		unexp[k] += v
		total += v
	}
	return total, unexp, exp
}
