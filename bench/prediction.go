package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"courtside/bench/hdr"
	"courtside/bench/report"
)

// The prediction scenario (issue 25): a hot room under a chat flood where a moderator (the
// -mod-token: an administrator or a moderator of -room) opens a prediction over REST, every chat
// sender stakes channel points on it, entries are locked and the prediction is resolved. Reported:
// the entries' REST round trips, the settlement time (the resolve call's round trip, and from the
// call to the moment the result's chat line reaches a watching connection), whether every
// subscriber got the result line (it is a priority event, checked like deletes and mutes) and the
// ledger check of the node (GET /live/predictions/check: staked = paid back, every balance equal to
// the sum of its movements).

func runPrediction(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	if c.ModToken == "" {
		return report.Scenario{}, skip("needs a session token of an administrator or a moderator of room %s: pass -mod-token", c.Room)
	}
	if len(e.http) == 0 {
		return report.Scenario{}, skip("needs the node's HTTP address (-http)")
	}
	pr := &predictionRun{e: e, base: e.http[0], entryRTT: hdr.New()}
	sc, err := e.runChatLoad(chatLoad{name: "prediction", desc: desc, rooms: []string{c.Room}, conns: c.PredSubs, rate: c.PredRate,
		duration: c.Duration, during: pr.during})
	pr.annotate(&sc)
	return sc, err
}

type predictionRun struct {
	e        *env
	base     string
	id       int64
	entries  atomic.Int64
	failed   atomic.Int64
	entryRTT *hdr.Histogram
	resolve  time.Duration // the resolve call's round trip
	toLine   time.Duration // from the resolve call to the result line on the watching connection
	check    map[string]any
	notes    []string
	errs     int
}

// restCall calls the node's REST API and returns the envelope's result.
func restCall(base, method, path, token string, body any) (map[string]any, error) {
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, err := http.NewRequest(method, base+"/java"+path, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("token", token)
	req.Header.Set("lan", "en_US")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var env struct {
		Status    string         `json:"status"`
		ErrorCode any            `json:"errorCode"`
		ErrorMsg  string         `json:"errorMsg"`
		Result    map[string]any `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	if env.Status != "success" {
		return nil, fmt.Errorf("%s %s: %v %s", method, path, env.ErrorCode, env.ErrorMsg)
	}
	return env.Result, nil
}

// during runs the measured phase: a third of the load, then the prediction's life, then the rest.
func (pr *predictionRun) during(r *run, _ map[int]string) ([]mutedUser, []roomSeq, error) {
	c := pr.e.cfg
	start := time.Now()
	watch, err := dialProbe(pr.e.tg, c.ModToken)
	if err != nil {
		return nil, nil, fmt.Errorf("prediction: watching connection: %w", err)
	}
	defer watch.close()
	watch.send(map[string]any{"t": "join", "room": c.Room})
	if _, err := watch.expect(5*time.Second, func(m map[string]any) bool { return m["t"] == "joined" }); err != nil {
		return nil, nil, fmt.Errorf("prediction: watching connection join: %w", err)
	}
	if err := r.wait(c.Duration / 3); err != nil {
		return nil, nil, err
	}
	var prio []roomSeq
	if err := pr.life(watch, &prio); err != nil {
		pr.errs++
		pr.notes = append(pr.notes, "prediction: "+err.Error())
	}
	if rest := c.Duration - time.Since(start); rest > 0 {
		if err := r.wait(rest); err != nil {
			return nil, prio, err
		}
	}
	return nil, prio, nil
}

// life opens, fills, locks and resolves one prediction, then runs the ledger check.
func (pr *predictionRun) life(watch *probe, prio *[]roomSeq) error {
	c := pr.e.cfg
	tok := c.ModToken
	// A prediction left open in the room by an earlier run is cancelled (refunded) first.
	if l, err := restCall(pr.base, "GET", "/live/predictions?roomId="+c.Room, tok, nil); err == nil {
		if list, _ := l["list"].([]any); len(list) > 0 {
			if p, _ := list[0].(map[string]any); p["state"] == "open" || p["state"] == "locked" {
				_, _ = restCall(pr.base, "POST", "/live/predictions/cancel", tok, map[string]any{"id": p["id"]})
			}
		}
	}
	p, err := restCall(pr.base, "POST", "/live/predictions/open", tok, map[string]any{"roomId": c.Room, "market": "free",
		"question": "Bench: who scores next?", "outcomes": []string{"Home", "Away", "Nobody"}})
	if err != nil {
		return err
	}
	id, _ := p["id"].(float64)
	pr.id = int64(id)
	// Every chat sender stakes, eight calls at a time.
	var wg sync.WaitGroup
	var mu sync.Mutex
	next := make(chan int)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				t0 := time.Now()
				_, err := restCall(pr.base, "POST", "/live/predictions/enter", pr.e.tokens[i],
					map[string]any{"id": pr.id, "outcome": i % 3, "points": 10 + i%50})
				d := time.Since(t0)
				mu.Lock()
				pr.entryRTT.RecordDuration(d)
				mu.Unlock()
				if err != nil {
					pr.failed.Add(1)
				} else {
					pr.entries.Add(1)
				}
			}
		}()
	}
	for i := range pr.e.tokens {
		next <- i
	}
	close(next)
	wg.Wait()
	if _, err := restCall(pr.base, "POST", "/live/predictions/lock", tok, map[string]any{"id": pr.id}); err != nil {
		return err
	}
	for drained := false; !drained; { // what the watching connection got so far is not the result
		select {
		case <-watch.in:
		default:
			drained = true
		}
	}
	t0 := time.Now()
	if _, err := restCall(pr.base, "POST", "/live/predictions/resolve", tok, map[string]any{"id": pr.id, "outcome": 0}); err != nil {
		return err
	}
	pr.resolve = time.Since(t0)
	m, err := watch.expect(30*time.Second, func(m map[string]any) bool {
		if m["t"] != "batch" {
			return false
		}
		evs, _ := m["ev"].([]any)
		for _, ev := range evs {
			if em, _ := ev.(map[string]any); em["k"] == "sys" && em["key"] == "prediction.result" {
				*prio = append(*prio, roomSeq{c.Room, uint64(em["seq"].(float64))})
				return true
			}
		}
		return false
	})
	if err != nil {
		return fmt.Errorf("the result line did not arrive: %w", err)
	}
	pr.toLine = m["_rx"].(time.Time).Sub(t0)
	if pr.check, err = restCall(pr.base, "GET", fmt.Sprintf("/live/predictions/check?id=%d", pr.id), tok, nil); err != nil {
		return err
	}
	if ok, _ := pr.check["ok"].(bool); !ok {
		return errors.New("the ledger check failed")
	}
	return nil
}

func (pr *predictionRun) annotate(sc *report.Scenario) {
	if sc.Params == nil {
		sc.Params = map[string]any{}
	}
	sc.Params["prediction_id"] = pr.id
	sc.Params["prediction_entries"] = pr.entries.Load()
	sc.Params["prediction_entries_failed"] = pr.failed.Load()
	if pr.entryRTT.Count() > 0 {
		sc.Params["prediction_entry_rtt_ms"] = report.LatencyOf(pr.entryRTT)
	}
	sc.Params["prediction_resolve_rtt_ms"] = round(float64(pr.resolve)/1e6, 2)
	sc.Params["prediction_settled_to_chat_ms"] = round(float64(pr.toLine)/1e6, 2)
	sc.Params["prediction_ledger_check"] = pr.check
	sc.Errors += uint64(pr.errs) + uint64(pr.failed.Load())
	sc.Notes = append(sc.Notes, pr.notes...)
	sc.Notes = append(sc.Notes, "prediction_settled_to_chat_ms runs from the resolve call (payouts posted under the prediction's row lock) to the result's chat line on a watching connection; the result line is a priority event, so priority_events_lost covers every subscriber")
}
