package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// liveMatches asks the node how many matches are in play (the live list's total), 0 when unknown.
func (e *env) liveMatches() int {
	if len(e.http) == 0 {
		return 0
	}
	resp, err := http.Get(e.http[0] + "/java/v2/match/getPCLiveGameMatch?pageSize=1")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	var env struct {
		Result struct {
			Total int `json:"total"`
		} `json:"result"`
	}
	if json.NewDecoder(resp.Body).Decode(&env) != nil {
		return 0
	}
	return env.Result.Total
}

// useLoadFeed restarts the harness's node with the load feed of -score-load-matches matches (each
// changing once a second) and waits until they are in play; restore starts a demo node again.
func (e *env) useLoadFeed(n int) (restore func(), err error) {
	if e.node == nil {
		return nil, skip("-score-load-matches needs the node the harness starts (for a running node, start it with COURTSIDE_FEED=load COURTSIDE_FEED_LOAD_MATCHES=%d)", n)
	}
	ctx := context.Background()
	// The binary of the node in use: under -baseline it is the baseline's in the baseline's runs
	// (the current build's, e.bin, ran both builds' load feeds before).
	bin := e.node.bin
	if err := e.switchNode(ctx, bin, "COURTSIDE_FEED=load", "COURTSIDE_FEED_LOAD_MATCHES="+strconv.Itoa(n)); err != nil {
		return nil, err
	}
	restore = func() {
		if err := e.switchNode(ctx, bin); err != nil {
			progress("scoreboard: starting the demo node again: %v", err)
		}
	}
	deadline := time.Now().Add(2 * time.Minute)
	for got := 0; got < n*99/100; got = e.tickingMatches("scores:202", 3*time.Second) {
		if time.Now().After(deadline) {
			restore()
			return nil, fmt.Errorf("scoreboard: %d of %d load matches ticking after 2 minutes", got, n)
		}
	}
	return restore, nil
}

// tickingMatches subscribes to topic for d and counts the matches whose deltas arrived: the
// matches in play as a subscriber sees them.
func (e *env) tickingMatches(topic string, d time.Duration) int {
	p, err := dialProbe(e.tg, "")
	if err != nil {
		return 0
	}
	defer p.close()
	p.send(map[string]any{"t": "sub", "topic": topic, "nonce": "count"})
	seen := map[string]bool{}
	p.expect(d, func(m map[string]any) bool { //nolint:errcheck // it runs until d passes
		if deltas, ok := m["deltas"].(map[string]any); ok {
			for id := range deltas {
				seen[id] = true
			}
		}
		return false
	})
	progress("%s: %d matches in play", topic, len(seen))
	return len(seen)
}

// liveMatchesOf is the scoreboard's params.live_matches: the load feed's matches ticking on the
// socket, else the live list's total.
func (e *env) liveMatchesOf(c *Config) int {
	if c.ScoreLoadMatches > 0 {
		return e.tickingMatches("scores:202", 3*time.Second)
	}
	return e.liveMatches()
}
