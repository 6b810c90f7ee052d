package main

import (
	"fmt"
	"math"
	"time"

	"courtside/bench/report"
)

// soakFlatShare is how much the node's memory and goroutines may drift over a soak (issue 24).
const soakFlatShare = 0.05

// runSoak holds one room at a steady load for a long time (-soak-duration, an hour in `make soak`)
// with everything a live room sees: chat, gifts, a moderator muting and deleting, and viewers who
// leave and come back. Every -soak-every it samples the node's RSS and goroutines; the verdict
// compares the end of the run with its start once warm (the second tenth: the first is the heap
// and the pools growing to their working size).
func runSoak(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	var samples []report.SoakSample
	var t0 time.Time
	cycle := func(r *run) {
		if t0.IsZero() {
			t0 = time.Now()
		}
		r.f.send(command{Cmd: "churn", Share: c.SoakChurn})
		ps, _ := readProcs(e.pids)
		m := e.metrics()
		samples = append(samples, report.SoakSample{T: round(time.Since(t0).Seconds(), 1), RSS: ps.rss, Goroutines: m["go_goroutines"], Open: sum(r.open)})
	}
	l := chatLoad{name: "soak", desc: desc, rooms: []string{c.Room}, conns: c.SoakSubs, rate: c.SoakRate, giftEvery: c.SoakGiftEvery,
		duration: c.SoakTime, expected: []string{"4002 ", "4007 ", "4008 ", "4015 "}}
	var note string
	md, err := e.startModerator(c.Room, c.SoakEvery, c.SoakTime)
	if err != nil {
		note = "moderator actions off: " + err.Error()
		l.during = func(r *run, _ map[int]string) ([]mutedUser, []roomSeq, error) {
			for end := time.Now().Add(c.SoakTime); time.Now().Before(end); {
				if err := r.wait(c.SoakEvery); err != nil {
					return nil, nil, err
				}
				cycle(r)
			}
			return nil, nil, nil
		}
	} else {
		defer md.stop()
		md.each = cycle
		l.during, l.expected = md.during, append(l.expected, "4003 ")
	}
	sc, err := e.runChatLoad(l)
	if md != nil {
		md.annotate(&sc)
	}
	if note != "" {
		sc.Notes = append(sc.Notes, note)
	}
	sc.Soak = samples
	sc.Params["churn_share"], sc.Params["sample_every_s"] = c.SoakChurn, c.SoakEvery.Seconds()
	if err == nil {
		sc.Notes = append(sc.Notes, soakVerdict(samples))
	}
	return sc, err
}

// soakVerdict compares the mean of the last tenth of the samples with the second tenth.
func soakVerdict(samples []report.SoakSample) string {
	n := len(samples)
	if n < 10 {
		return fmt.Sprintf("%d samples: too few for a verdict (run longer or sample more often)", n)
	}
	tenth := n / 10
	mean := func(from, to int, get func(report.SoakSample) float64) float64 {
		s := 0.0
		for _, x := range samples[from:to] {
			s += get(x)
		}
		return s / float64(to-from)
	}
	rss := func(x report.SoakSample) float64 { return float64(x.RSS) }
	gor := func(x report.SoakSample) float64 { return x.Goroutines }
	drift := func(get func(report.SoakSample) float64) float64 {
		early := mean(tenth, 2*tenth, get)
		if early == 0 {
			return 0
		}
		return (mean(n-tenth, n, get) - early) / early
	}
	dr, dg := drift(rss), drift(gor)
	verdict := "flat"
	if math.Abs(dr) > soakFlatShare || math.Abs(dg) > soakFlatShare {
		verdict = "NOT flat"
	}
	return fmt.Sprintf("RSS drift %+.1f %%, goroutines drift %+.1f %% (last tenth of the run against the second); target within ±%.0f %%: %s",
		dr*100, dg*100, soakFlatShare*100, verdict)
}
