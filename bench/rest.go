package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"courtside/bench/hdr"
	"courtside/bench/report"
)

// runREST drives the hot REST reads with keep-alive clients, round robin over the paths served.
func runREST(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	if len(e.http) == 0 {
		return report.Scenario{}, skip("no REST base URL: pass -http with -target")
	}
	tr := &http.Transport{MaxIdleConnsPerHost: c.RestConc * 2, MaxConnsPerHost: c.RestConc * 2}
	cl := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	defer tr.CloseIdleConnections()
	var served, notServed, signedIn []string
	for _, p := range c.RestPaths {
		resp, err := cl.Get(e.http[0] + p)
		if err != nil {
			return report.Scenario{}, fmt.Errorf("rest probe %s: %w", p, err)
		}
		io.Copy(io.Discard, resp.Body) //nolint:errcheck
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusNotFound:
			notServed = append(notServed, p)
			continue
		case http.StatusUnauthorized, http.StatusForbidden: // the scenario measures what a guest reads
			signedIn = append(signedIn, p)
			continue
		}
		served = append(served, p)
	}
	sc := report.Scenario{Name: "rest", Description: desc, Nodes: c.Nodes, Senders: c.RestConc, Connections: c.RestConc,
		Params: map[string]any{"paths": served, "not_served": notServed, "needs_sign_in": signedIn, "concurrency": c.RestConc}}
	if len(served) == 0 {
		return sc, skip("none of -rest-paths is served (404): %v", notServed)
	}
	if len(notServed) > 0 {
		sc.Notes = append(sc.Notes, fmt.Sprintf("not served yet (404), left out: %v", notServed))
	}
	if len(signedIn) > 0 {
		sc.Notes = append(sc.Notes, fmt.Sprintf("need a signed-in user (401/403), left out: %v", signedIn))
	}
	type result struct {
		h      *hdr.Histogram
		n      uint64
		errors map[string]uint64
	}
	results := make([]result, c.RestConc)
	ps, _ := readProcs(e.pids)
	progress("rest: %d clients for %v over %v", c.RestConc, c.RestTime, served)
	start := time.Now()
	end := start.Add(c.RestTime)
	var wg sync.WaitGroup
	for i := range results {
		results[i] = result{h: hdr.New(), errors: map[string]uint64{}}
		wg.Add(1)
		go func(res *result, i int) {
			defer wg.Done()
			for k := i; time.Now().Before(end); k++ {
				p := served[k%len(served)]
				t0 := time.Now()
				resp, err := cl.Get(e.http[k%len(e.http)] + p)
				if err != nil {
					res.errors["transport: "+shortErr(err)]++
					continue
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				res.h.RecordDuration(time.Since(t0))
				res.n++
				if resp.StatusCode != 200 {
					res.errors["http "+strconv.Itoa(resp.StatusCode)+" "+p]++
				} else if !envelopeOK(body) {
					res.errors["envelope not ok "+p]++
				}
			}
		}(&results[i], i)
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
wait:
	for {
		select {
		case <-done:
			break wait
		case <-tick.C:
			s, _ := readProcs(e.pids)
			progress("[rest %4.0fs] server cpu %.1f s so far, rss %s", time.Since(start).Seconds(), s.cpuS-ps.cpuS, mib(s.rss))
		}
	}
	pe, _ := readProcs(e.pids)
	dur := time.Since(start).Seconds()
	all := hdr.New()
	sc.ErrorCodes = map[string]uint64{}
	var n uint64
	for _, r := range results {
		all.Merge(r.h)
		n += r.n
		for k, v := range r.errors {
			sc.ErrorCodes[k] += v
			sc.Errors += v
		}
	}
	sc.DurationS = round(dur, 1)
	sc.InboundMsgsPerS = round(float64(n)/dur, 1)
	sc.OfferedMsgsPerS = sc.InboundMsgsPerS
	sc.Delivered = n
	sc.DeliveredMsgsPerS = sc.InboundMsgsPerS
	sc.LatencyMs = report.LatencyOf(all)
	sc.Distribution = all.Distribution(14)
	sc.ServerCPUS = round(pe.cpuS-ps.cpuS, 2)
	if n > 0 {
		sc.CPUSPerMillionDelivered = round(sc.ServerCPUS/float64(n)*1e6, 1)
	}
	sc.ServerRSSBytes = pe.rss
	sc.Notes = append(sc.Notes, "for rest, inbound and delivered are requests answered per second, and CPU per million is per million requests")
	return sc, nil
}

// envelopeOK reads the API envelope of spec §8 when the body has one: `status` must not be "fail".
func envelopeOK(body []byte) bool {
	var env struct {
		Status *string `json:"status"`
	}
	if json.Unmarshal(body, &env) != nil || env.Status == nil {
		return true
	}
	return *env.Status != "fail"
}
