package main

import (
	"fmt"
	"time"

	"courtside/bench/report"
)

// runCurve measures one room step by step instead of at one point (issue 24): subscribers from
// -curve-subs (at -curve-rate lines/s), then lines per second from -curve-rates (at the largest
// subscriber step), each step a short hot-room load of its own. Each point has the latency, the CPU
// per million deliveries and the lines sampled out of the live stream; the report plots both curves.
func runCurve(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	sc := report.Scenario{Name: "curve", Description: desc, Params: map[string]any{
		"subscriber_steps": c.CurveSubs, "rate_steps": c.CurveRates, "step_duration_s": c.CurveTime.Seconds()}}
	step := func(kind string, subs int, rate float64) error {
		l := chatLoad{name: fmt.Sprintf("curve %d@%g", subs, rate), desc: desc, rooms: []string{c.Room}, conns: subs, rate: rate, duration: c.CurveTime}
		s, err := e.runChatLoad(l)
		if err != nil {
			return err
		}
		live := 0.0
		if owed := s.InboundMsgsPerS * s.DurationS * float64(s.Subscribers); owed > 0 {
			live = round(float64(s.Delivered)/owed, 3)
		}
		sc.Curve = append(sc.Curve, report.CurvePoint{Kind: kind, Subscribers: subs, Rate: rate, P50: s.LatencyMs.P50, P99: s.LatencyMs.P99,
			CPUSPerMillionDelivered: s.CPUSPerMillionDelivered, SampledOut: s.SampledOut, LiveFraction: live, Delivered: s.Delivered})
		sc.Delivered += s.Delivered
		sc.ServerCPUS += s.ServerCPUS
		sc.DurationS += s.DurationS
		sc.ServerRSSBytes = max(sc.ServerRSSBytes, s.ServerRSSBytes)
		sc.Duplicates += s.Duplicates
		sc.OutOfOrder += s.OutOfOrder
		sc.UnexplainedHoles += s.UnexplainedHoles
		sc.Errors += s.Errors
		e.waitConnectionsClosed(10 * time.Second) // the next step starts on a node without this one's sockets
		return nil
	}
	top := 0
	for _, n := range c.CurveSubs {
		top = max(top, n)
		if err := step("subscribers", n, c.CurveRate); err != nil {
			return sc, err
		}
	}
	for _, r := range c.CurveRates {
		if err := step("rate", top, r); err != nil {
			return sc, err
		}
	}
	sc.Subscribers, sc.Connections = top, top
	return sc, nil
}

// waitConnectionsClosed waits until the node reports no open WebSocket connection (its
// courtside_gateway_connections_open gauge), at most d; a node without the gauge is not waited for.
func (e *env) waitConnectionsClosed(d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		open, ok := e.metrics()["courtside_gateway_connections_open"]
		if !ok || open == 0 {
			return
		}
	}
	progress("curve: the node still had open connections after %v", d)
}
