package main

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"time"

	"courtside/bench/hdr"
	"courtside/bench/report"
)

// scenario runs one named load against the environment.
type scenario struct {
	name string
	desc string
	run  func(e *env, desc string) (report.Scenario, error)
}

var scenarios = []scenario{
	{"idle-connections", "Connections that authenticate as guests, join one of the rooms and stay idle (answering pings): server memory per connection.", runIdle},
	{"hot-room", "One room: S subscribers, K signed-in senders offering R chat lines/s in total (each under the viewer limit of 20 lines per 30 s), optional gifts. Latency is from the sender's timestamp in the line to each receiver.", runHotRoom},
	{"many-rooms", "Subscribers and senders spread over several rooms.", runManyRooms},
	{"quiet-room", "One big room with a trickle of chat (a few lines/s): the latency floor, i.e. how long a line waits when nothing else is going on. The room should send it at once, not at its next tick (target p50 <= 50 ms).", runQuietRoom},
	{"flood-200", "One room of S subscribers flooded with 200 chat lines/s: the share of lines delivered live to every subscriber (the rest are sampled out of the live stream and stay in the history) and their latency (targets: >= 90 % live, p99 <= 300 ms).", runFlood},
	{"moderation", "A flood in one room while a moderator mutes a sender and deletes a message every few seconds: mute violations, priority events lost, delete latency.", runModeration},
	{"scoreboard", "Subscribers of score topics (`sub`) as fans subscribe (-score-mix): most on one match's page (match:<id>, spread over the live matches), a crowd on a few big games, some on a list page (scores:<gameId>); live matches ticking. Latency from each delta's `ts`, overall and per kind.", runScoreboard},
	{"reconnect-storm", "Every client is dropped (TCP reset, no close frame) under a trickle of chat, then reconnects and resumes with `join since`: time until all resumed, gaps, duplicates.", runReconnectStorm},
	{"curve", "One room step by step: subscribers 1k to 18k at 40 lines/s, then 1 to 200 lines/s at 18k; p50/p99, CPU per million deliveries and lines sampled out per step, plotted.", runCurve},
	{"soak", "One room at a steady load for a long time (an hour in `make soak`): chat, gifts, a moderator muting and deleting, and listeners leaving and joining again; the node's RSS and goroutines sampled over time must stay flat (within 5 %).", runSoak},
	{"history", "The embedded chat history store (Pebble) below the wire: durable writes per second with group commit (1, 100 and 1,000 rooms) and the latest-50 read of a 100,000-line room, from the store's Go benchmarks (targets: >= 50,000 lines/s, p99 <= 5 ms).", runHistory},
	{"prediction", "A prediction (issue 25) in one room of S subscribers under a chat flood: opened by the moderator token, every chat sender stakes channel points, entries locked, resolved; settlement time, the result line delivered to every subscriber, and the node's ledger check.", runPrediction},
	{"rest", "The hot REST reads (match lists, match detail, room info, chat history) from concurrent keep-alive clients.", runREST},
}

func scenarioNames() []string {
	var out []string
	for _, s := range scenarios {
		out = append(out, s.name)
	}
	return out
}

// skip ends a scenario that cannot run here, with the reason in the report.
func skip(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errSkipped}, args...)...)
}

// chatLoad is a room load: subscribers spread over rooms, senders among them.
type chatLoad struct {
	name, desc string
	rooms      []string
	conns      int     // connections in total, senders included
	rate       float64 // lines per second offered in total
	giftEvery  int
	duration   time.Duration
	token      string
	params     map[string]any
	// during runs the measured phase (default: wait for duration); it may add mutes and priority
	// events the checkers must know.
	during func(r *run, senders map[int]string) ([]mutedUser, []roomSeq, error)
	// expected are error keys that this scenario provokes on purpose.
	expected []string
	// retained: the memory per connection is read right after the nodes freed their garbage
	// (idle-connections: what a connection keeps, not what the collector has not yet given back).
	retained bool
}

func (e *env) runChatLoad(l chatLoad) (report.Scenario, error) {
	cfg := e.cfg
	senders := 0
	if l.rate > 0 {
		senders = cfg.sendersFor(l.rate)
		if l.name == "hot-room" && cfg.Senders > 0 {
			senders = cfg.Senders
		}
	}
	senders = min(senders, l.conns)
	perSender := 0.0
	if senders > 0 {
		perSender = l.rate / float64(senders)
	}
	// Senders are spread over the rooms like everyone else: group 0 holds them. They are signed-in
	// users of their own (guests may not chat, spec §6); the receivers stay guests.
	groups := []group{}
	if senders > 0 {
		tokens, err := e.senderTokens(senders)
		if err != nil {
			return report.Scenario{Name: l.name, Description: l.desc}, skip("%d chat senders need signed-in users (guests may not chat): %v; pass -sender-tokens", senders, err)
		}
		groups = append(groups, group{Count: senders, Rooms: l.rooms, SenderBase: 0, Rate: perSender, GiftEvery: l.giftEvery, Check: true, Token: l.token, Tokens: tokens})
	}
	if rest := l.conns - senders; rest > 0 {
		groups = append(groups, group{Count: rest, Rooms: l.rooms, SenderBase: -1, Check: true, Token: l.token})
	}
	sc := report.Scenario{Name: l.name, Description: l.desc, Nodes: cfg.Nodes, Subscribers: l.conns, Senders: senders,
		Connections: l.conns, Params: l.params}
	if sc.Params == nil {
		sc.Params = map[string]any{}
	}
	sc.Params["rooms"], sc.Params["rate_offered"], sc.Params["per_sender_rate"], sc.Params["duration_s"], sc.Params["warmup_s"] =
		l.rooms, l.rate, perSender, l.duration.Seconds(), cfg.Warmup.Seconds()
	var heapBefore uint64
	if l.retained {
		heapBefore = e.retainedMemory(&sc, "before", true)
	}
	before, _ := readProcs(e.pids)
	plans := makePlans(cfg, e.tg, groups, senders)
	f, err := startFleet(plans)
	if err != nil {
		return sc, err
	}
	defer f.stop()
	r := newRun(e, l.name, f, len(plans))
	progress("%s: %d connections (%d senders at %.2f lines/s each) over %d workers, rooms %s", l.name, l.conns, senders, perSender, len(plans), strings.Join(l.rooms, ","))
	secs, failed, senderUIDs, refused, err := r.connect(l.conns)
	if err != nil {
		return sc, err
	}
	sc.ConnectS = secs
	if failed > 0 {
		sc.Notes = append(sc.Notes, fmt.Sprintf("%d of %d connections did not join (refusals: %v)", failed, l.conns, refused))
	}
	connected, _ := readProcs(e.pids)
	metricsBefore := e.metrics()
	if err := r.startLoad(cfg.Warmup); err != nil {
		return sc, err
	}
	procStart, _ := readProcs(e.pids)
	metricsMeasured := e.metrics()
	var profiled <-chan error
	profile := filepath.Join(cfg.Out, l.name+".cpu.pprof")
	if cfg.Profile && len(e.http) > 0 {
		profiled = profileCPU(e.http[0], e.cfg.AdminToken, l.duration, profile)
	}
	var mutes []mutedUser
	var prio []roomSeq
	if l.during != nil {
		mutes, prio, err = l.during(r, senderUIDs)
	} else {
		err = r.wait(l.duration)
	}
	if err != nil {
		return sc, err
	}
	metricsLoaded := e.metrics() // gauges (queue depths, connections) while loaded
	var heapLoaded uint64
	if l.retained {
		heapLoaded = e.retainedMemory(&sc, "with the connections open", false)
	}
	procLoaded, _ := readProcs(e.pids)
	res, errs, closes, connFail, err := r.finish(mutes, prio)
	if err != nil {
		return sc, err
	}
	procEnd, _ := readProcs(e.pids)
	metricsAfter := e.metrics()
	if profiled != nil {
		if err := <-profiled; err != nil {
			sc.Notes = append(sc.Notes, "CPU profile: "+err.Error())
		} else {
			sc.Notes = append(sc.Notes, "CPU profile of the node over the load: "+profile+" (go tool pprof -top bin/courtside "+profile+")")
		}
	}

	dur := r.mEnd.Sub(r.mStart).Seconds()
	sc.DurationS = round(dur, 1)
	sc.OfferedMsgsPerS = round(float64(r.sent)/dur, 2)
	sc.InboundMsgsPerS = round(float64(r.acked)/dur, 2)
	sc.Delivered = r.delivered
	sc.DeliveredMsgsPerS = round(float64(r.delivered)/dur, 1)
	sc.LatencyMs = report.LatencyOf(r.total)
	sc.Distribution = r.total.Distribution(14)
	if r.prio.Count() > 0 {
		pl := report.LatencyOf(r.prio)
		sc.PriorityLatencyMs = &pl
	}
	sc.ServerCPUS = round(procEnd.cpuS-procStart.cpuS, 2)
	if r.delivered > 0 {
		sc.CPUSPerMillionDelivered = round(sc.ServerCPUS/float64(r.delivered)*1e6, 3)
	}
	sc.ServerRSSBytes = max(connected.rss, procLoaded.rss)
	for _, p := range r.series {
		sc.ServerRSSBytes = max(sc.ServerRSSBytes, p.ServerRSS)
	}
	// Per connection: growth from before this scenario's connections to the end of its load, while
	// they are all still open. Memory an earlier scenario left in the heap can be reused, so the
	// first scenario of a run (idle-connections in the suite) gives the cleanest figure.
	if procLoaded.rss > before.rss && l.conns > 0 {
		sc.RSSBytesPerConn = round(float64(procLoaded.rss-before.rss)/float64(l.conns), 0)
	} else if len(e.pids) > 0 && l.conns > 0 {
		sc.Notes = append(sc.Notes, fmt.Sprintf("no memory per connection: the node's RSS fell from %d to %d B while the connections opened "+
			"(the collector gave back more than they took); rss_bytes_per_conn is left at 0", before.rss, procLoaded.rss))
	}
	if l.retained && heapBefore > 0 && heapLoaded > 0 && l.conns > 0 {
		sc.Params["heap_bytes_per_conn"] = round((float64(heapLoaded)-float64(heapBefore))/float64(l.conns), 0)
		sc.Params["memory_read_after_free"] = true
	}
	sc.Params["server_rss_before"], sc.Params["server_rss_connected"], sc.Params["server_rss_loaded"] = before.rss, connected.rss, procLoaded.rss
	sc.ServerMetrics = metricDeltas(metricsBefore, metricsLoaded, metricsAfter)
	const bytesOut = "courtside_gateway_bytes_out_total"
	if _, ok := metricsAfter[bytesOut]; ok && r.delivered > 0 {
		sc.BytesPerDelivered = round((metricsAfter[bytesOut]-metricsMeasured[bytesOut])/float64(r.delivered), 1)
	}
	sc.Params["compress"] = cfg.Compress
	sc.SampledOut = uint64(sc.ServerMetrics["courtside_chat_sampled_out_total"])
	sc.PriorityEventsLost = res.PriorityLost
	sc.PriorityEvents = res.PriorityEvents
	sc.MuteViolations = res.MuteViolations
	sc.Duplicates = res.Duplicates
	sc.OutOfOrder = res.OutOfOrder
	sc.UnexplainedHoles = res.UnexplainedHoles
	sc.GapJoins = res.GapJoins
	sc.CloseCodes = closes
	sc.ConnectFailures = connFail
	sc.Errors, sc.ErrorCodes, sc.ExpectedRefusals = errTotal(errs, l.expected...)
	sc.Series = r.series
	sc.Params["client_cpu_s"] = round(r.clientCPU, 2) // the load generator's own cost, whole scenario (connects included)
	if res.Delivered != r.delivered {
		sc.Notes = append(sc.Notes, fmt.Sprintf("checkers counted %d deliveries in all (set-up and drain included), %d in the measured window", res.Delivered, r.delivered))
	}
	if len(e.pids) == 0 {
		sc.Notes = append(sc.Notes, "server CPU and RSS not measured: no server pid (pass -server-pid)")
	}
	return sc, nil
}

func runHotRoom(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	l := chatLoad{name: "hot-room", desc: desc, rooms: []string{c.Room}, conns: c.Subscribers, rate: c.Rate,
		giftEvery: c.GiftEvery, duration: c.Duration}
	if c.GiftEvery > 0 {
		// The senders' wallets may refuse gifts (4007, 4015; 4002 for a guest): counted apart.
		l.expected = []string{"4002 ", "4007 ", "4008 ", "4015 "}
	}
	var md *moderator
	var modNote string
	if c.HotModEvery > 0 {
		var err error
		if md, err = e.startModerator(c.Room, c.HotModEvery, c.Duration); err != nil {
			modNote = "moderator actions off: " + strings.TrimPrefix(err.Error(), errSkipped.Error()+": ")
		} else {
			defer md.stop()
			l.during, l.expected = md.during, append(l.expected, "4003 ")
		}
	}
	sc, err := e.runChatLoad(l)
	if md != nil {
		md.annotate(&sc)
	}
	if modNote != "" {
		sc.Notes = append(sc.Notes, modNote)
	}
	if c.GiftEvery > 0 && sc.ExpectedRefusals != nil && len(sc.ExpectedRefusals) > 0 {
		sc.Notes = append(sc.Notes, fmt.Sprintf("gifts refused: %v (the harness's senders are new users without coins)", sc.ExpectedRefusals))
	}
	return sc, err
}

func runManyRooms(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	return e.runChatLoad(chatLoad{name: "many-rooms", desc: desc, rooms: c.Rooms, conns: c.ManySubs, rate: c.ManyRate,
		duration: c.Duration / 2})
}

// quietTargetMs is the p50 a line in a quiet room should reach every subscriber within (issue 24).
const quietTargetMs = 50

func runQuietRoom(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	sc, err := e.runChatLoad(chatLoad{name: "quiet-room", desc: desc, rooms: []string{c.Room}, conns: c.QuietSubs, rate: c.QuietRate,
		duration: c.QuietTime})
	if err == nil && sc.Delivered > 0 {
		verdict := "met"
		if sc.LatencyMs.P50 > quietTargetMs {
			verdict = "NOT met"
		}
		sc.Notes = append(sc.Notes, fmt.Sprintf("latency floor: p50 %.1f ms, target <= %d ms: %s", sc.LatencyMs.P50, quietTargetMs, verdict))
	}
	// The room's own share (a node that exports it): from a line being durable to its frame.
	if n := sc.ServerMetrics["courtside_chat_frame_wait_seconds_count"]; n > 0 {
		mean := sc.ServerMetrics["courtside_chat_frame_wait_seconds_sum"] / n * 1000
		sc.Params["room_frame_wait_mean_ms"] = round(mean, 2)
		sc.Notes = append(sc.Notes, fmt.Sprintf("the room held each line %.2f ms on average before its frame went out (courtside_chat_frame_wait_seconds, %d lines)", mean, int(n)))
	}
	return sc, err
}

// Targets of a 200 lines/s flood into one room (issue 24).
const (
	floodLiveTarget = 0.90
	floodP99Ms      = 300
)

func runFlood(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	sc, err := e.runChatLoad(chatLoad{name: "flood-200", desc: desc, rooms: []string{c.Room}, conns: c.FloodSubs, rate: c.FloodRate,
		duration: c.FloodTime})
	if err != nil || sc.InboundMsgsPerS <= 0 || sc.DurationS <= 0 {
		return sc, err
	}
	// Every accepted line is owed to every subscriber of the room; what did not arrive live was
	// sampled out (it stays in the room's history).
	owed := sc.InboundMsgsPerS * sc.DurationS * float64(sc.Subscribers)
	live := float64(sc.Delivered) / owed
	sc.Params["live_fraction"] = round(live, 3)
	verdict := "met"
	if live < floodLiveTarget || sc.LatencyMs.P99 > floodP99Ms {
		verdict = "NOT met"
	}
	sc.Notes = append(sc.Notes, fmt.Sprintf("%.1f %% of the lines accepted reached every subscriber live, p99 %.0f ms; targets >= %.0f %%, p99 <= %d ms: %s",
		live*100, sc.LatencyMs.P99, floodLiveTarget*100, floodP99Ms, verdict))
	return sc, nil
}

// retainedMemory frees the nodes' garbage before a memory reading (see chatLoad.retained) and
// returns their heap; when the nodes cannot (an older build, no admin token), the scenario says so
// and the reading is taken as it is. With settle, it first waits (at most a minute) until the heap
// stops moving: a node that has just started is still loading its demo (500 MB of heap in its
// first seconds, about 100 MB a quarter of a minute later), which would be counted as the
// connections' or hide them.
func (e *env) retainedMemory(sc *report.Scenario, when string, settle bool) uint64 {
	heap, err := e.freeMemory()
	if err != nil {
		sc.Notes = append(sc.Notes, fmt.Sprintf("memory read %s without freeing the garbage first: %v", when, err))
		return 0
	}
	for deadline := time.Now().Add(time.Minute); settle; {
		if time.Now().After(deadline) {
			sc.Notes = append(sc.Notes, fmt.Sprintf("the nodes' heap was still moving a minute after the scenario began (%d B); read %s as it was", heap, when))
			break
		}
		time.Sleep(heapSettleEvery) // the readings' spacing is the measure of "settled", not a wait for an event
		next, err := e.freeMemory()
		if err != nil {
			break
		}
		settle = math.Abs(float64(next)-float64(heap)) > heapSettled*float64(heap)
		heap = next
	}
	return heap
}

// A node's heap counts as settled when two readings heapSettleEvery apart differ by less than
// heapSettled of it: 1 % of about 100 MB, the order of a hundred bytes per connection of 18,000.
const (
	heapSettleEvery = 2 * time.Second
	heapSettled     = 0.01
)

func runIdle(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	return e.runChatLoad(chatLoad{name: "idle-connections", desc: desc, rooms: c.Rooms, conns: c.Idle, duration: c.IdleHold, retained: true})
}

func runReconnectStorm(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	var resumeS float64
	var resumedNote string
	sc, err := e.runChatLoad(chatLoad{name: "reconnect-storm", desc: desc, rooms: []string{c.Room}, conns: c.Storm, rate: c.StormRate,
		duration: c.StormAfter,
		during: func(r *run, _ map[int]string) ([]mutedUser, []roomSeq, error) {
			if err := r.wait(c.StormAfter); err != nil {
				return nil, nil, err
			}
			progress("reconnect-storm: dropping every connection")
			r.f.send(command{Cmd: "drop", Rate: c.StormConnectRate / len(r.f.procs), Pending: c.StormPending})
			start := time.Now()
			err := r.pump(60*time.Second, func() bool { return len(r.resumed) == len(r.f.procs) })
			if err != nil {
				resumedNote = fmt.Sprintf("not every worker resumed within 60 s (%d of %d did)", len(r.resumed), len(r.f.procs))
			}
			failed := 0
			for _, m := range r.resumed {
				resumeS = max(resumeS, m.Secs)
				failed += m.Failed
			}
			if err == nil {
				resumedNote = fmt.Sprintf("all clients reconnected and re-joined with since in %.2f s (%d failed)", resumeS, failed)
			} else {
				resumeS = time.Since(start).Seconds()
			}
			progress("reconnect-storm: %s", resumedNote)
			return nil, nil, r.wait(5 * time.Second)
		}})
	sc.ResumeS = round(resumeS, 2)
	if resumedNote != "" {
		sc.Notes = append(sc.Notes, resumedNote)
	}
	return sc, err
}

// moderator is a moderator connection driven from the coordinator during a room load: every
// `every` it mutes the next sender (600 s) and deletes the newest chat line it has seen.
type moderator struct {
	each       func(r *run) // optional: called after every action cycle (the soak's churn and samples)
	mod        *probe
	room       string
	every, dur time.Duration
	ackRTT     *hdr.Histogram
	failures   []string
	probePrio  []roomSeq
	muted      []string // senders it muted, unmuted again by stop
}

// stop lifts the moderator's mutes and closes its connection. It runs after the scenario's checks:
// the senders are real accounts the harness reuses, and a 600 s mute left behind would refuse their
// lines in the next scenario or the next run against the same database.
func (md *moderator) stop() {
	pending := map[string]bool{}
	for i, uid := range md.muted {
		n := fmt.Sprintf("unmute-%d", i)
		pending[n] = true
		md.mod.send(map[string]any{"t": "mod", "room": md.room, "op": "unmute", "uid": uid, "nonce": n})
	}
	deadline := time.After(5 * time.Second)
	for len(pending) > 0 {
		select {
		case m, open := <-md.mod.in:
			if !open {
				pending = nil
			} else if n, _ := m["nonce"].(string); pending[n] {
				delete(pending, n)
			}
		case <-deadline:
			progress("moderator: %d unmutes unanswered within 5 s", len(pending))
			pending = nil
		}
	}
	md.mod.close()
}

// startModerator signs in with -mod-token, joins room and checks the rights with a harmless unmute.
func (e *env) startModerator(room string, every, dur time.Duration) (*moderator, error) {
	c := e.cfg
	if c.ModToken == "" {
		return nil, skip("needs a session token with moderator rights in room %s: pass -mod-token (guests cannot moderate; the harness bootstraps an administrator only for nodes on this machine)", room)
	}
	mod, err := dialProbe(e.tg, c.ModToken)
	if err != nil {
		return nil, skip("moderator token refused: %v", err)
	}
	mod.send(map[string]any{"t": "join", "room": room})
	if _, err := mod.expect(5*time.Second, func(m map[string]any) bool { return m["t"] == "joined" }); err != nil {
		mod.close()
		return nil, fmt.Errorf("moderator join: %w", err)
	}
	mod.send(map[string]any{"t": "mod", "room": room, "op": "unmute", "uid": "bench-nobody", "nonce": "probe"})
	m, err := mod.expect(5*time.Second, func(m map[string]any) bool { return m["nonce"] == "probe" })
	if err != nil {
		mod.close()
		return nil, fmt.Errorf("moderator probe: %w", err)
	}
	if m["t"] == "error" {
		mod.close()
		return nil, skip("the token has no moderator rights in room %s (answer %v %v)", room, m["code"], m["key"])
	}
	md := &moderator{mod: mod, room: room, every: every, dur: dur, ackRTT: hdr.New()}
	if s, ok := m["seq"].(float64); ok {
		md.probePrio = append(md.probePrio, roomSeq{room, uint64(s)})
	}
	return md, nil
}

// during runs the measured phase of a chatLoad: the load goes on while the moderator acts.
func (md *moderator) during(r *run, senders map[int]string) ([]mutedUser, []roomSeq, error) {
	var mutes []mutedUser
	prio := md.probePrio
	sentAt := map[string]time.Time{}
	target := map[string]string{}
	lastChat := ""
	handle := func(m map[string]any) {
		switch m["t"] {
		case "batch":
			evs, _ := m["ev"].([]any)
			for _, ev := range evs {
				if em, _ := ev.(map[string]any); em["k"] == "chat" {
					lastChat, _ = em["id"].(string)
				}
			}
		case "ack", "error":
			nonce, _ := m["nonce"].(string)
			t0, ok := sentAt[nonce]
			if !ok {
				return
			}
			delete(sentAt, nonce)
			md.ackRTT.RecordDuration(m["_rx"].(time.Time).Sub(t0))
			if m["t"] == "error" {
				md.failures = append(md.failures, fmt.Sprintf("%s: %v %v", nonce, m["code"], m["key"]))
				return
			}
			seq := uint64(m["seq"].(float64))
			if uid := target[nonce]; uid != "" {
				mutes = append(mutes, mutedUser{md.room, uid, seq})
				md.muted = append(md.muted, uid)
			} else {
				prio = append(prio, roomSeq{md.room, seq})
			}
		}
	}
	end := time.Now().Add(md.dur)
	for i := 0; time.Now().Before(end); i++ {
		if err := r.wait(md.every); err != nil {
			return nil, nil, err
		}
		if md.each != nil {
			md.each(r)
		}
		for drained := false; !drained; {
			select {
			case m := <-md.mod.in:
				handle(m)
			default:
				drained = true
			}
		}
		if uid := senders[i]; uid != "" && i < len(senders)/2 { // keep half the senders talking
			n := fmt.Sprintf("mute-%d", i)
			sentAt[n], target[n] = time.Now(), uid
			md.mod.send(map[string]any{"t": "mod", "room": md.room, "op": "mute", "uid": uid, "secs": 600, "reason": "spam", "nonce": n})
		}
		if lastChat != "" {
			n := fmt.Sprintf("del-%d", i)
			sentAt[n] = time.Now()
			md.mod.send(map[string]any{"t": "mod", "room": md.room, "op": "delete", "msg": lastChat, "nonce": n})
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(sentAt) > 0 && time.Now().Before(deadline) {
		select {
		case m := <-md.mod.in:
			handle(m)
		case <-time.After(100 * time.Millisecond):
		}
	}
	for n := range sentAt {
		md.failures = append(md.failures, n+": no answer within 5 s")
	}
	return mutes, prio, nil
}

// annotate adds the moderator's own figures to the scenario.
func (md *moderator) annotate(sc *report.Scenario) {
	if md.ackRTT.Count() > 0 {
		sc.Params["mod_ack_rtt_ms"] = report.LatencyOf(md.ackRTT)
		sc.Params["mod_commands"] = md.ackRTT.Count()
	}
	if len(md.failures) > 0 {
		sc.Errors += uint64(len(md.failures))
		sc.Notes = append(sc.Notes, "moderator command failures: "+strings.Join(md.failures, "; "))
	}
	sc.Notes = append(sc.Notes, "priority_latency_ms (delete, mute) is measured from the event's server timestamp `ts` (ms resolution) to each receiver; params.mod_ack_rtt_ms is the moderator's command round trip")
}

func runModeration(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	md, err := e.startModerator(c.Room, c.ModEvery, c.Duration/2)
	if err != nil {
		return report.Scenario{}, err
	}
	defer md.stop()
	sc, err := e.runChatLoad(chatLoad{name: "moderation", desc: desc, rooms: []string{c.Room}, conns: c.ModSubs, rate: c.ModRate,
		duration: c.Duration / 2, expected: []string{"4003 "}, during: md.during})
	md.annotate(&sc)
	return sc, err
}

func runScoreboard(e *env, desc string) (report.Scenario, error) {
	c := e.cfg
	if c.ScoreLoadMatches > 0 {
		restore, err := e.useLoadFeed(c.ScoreLoadMatches)
		if err != nil {
			return report.Scenario{Name: "scoreboard", Description: desc}, err
		}
		defer restore()
	}
	mix, err := parseScoreMix(c.ScoreMix)
	if err != nil {
		return report.Scenario{}, err
	}
	// The match pages follow the load feed's matches (their ids are the feed's), else the matches
	// the node's live list shows; the hot ones are the first.
	var ids []string
	if c.ScoreLoadMatches > 0 {
		ids = loadMatchIDs(c.ScoreLoadMatches)
	} else {
		ids = e.liveMatchIDs(max(c.ScoreHot, min(c.ScoreSubs, 500)))
	}
	groups, kinds, mixNote := scoreGroups(mix, c.ScoreSubs, ids, c.Topics, c.ScoreHot)
	probeTopic := c.Topics[0]
	if len(groups[0].PerConn) > 0 {
		probeTopic = groups[0].PerConn[0]
	}
	p, err := dialProbe(e.tg, "")
	if err != nil {
		return report.Scenario{}, err
	}
	p.send(map[string]any{"t": "sub", "topic": probeTopic, "nonce": "probe"})
	m, err := p.expect(5*time.Second, func(m map[string]any) bool { return m["t"] == "subbed" || m["t"] == "error" })
	p.close()
	if err != nil {
		return report.Scenario{}, fmt.Errorf("scoreboard probe: %w", err)
	}
	if m["t"] == "error" {
		return report.Scenario{}, skip("score topics are not served yet: `sub %s` answered error %v (%v)", probeTopic, m["code"], m["key"])
	}
	sc := report.Scenario{Name: "scoreboard", Description: desc, Nodes: c.Nodes, Subscribers: c.ScoreSubs, Connections: c.ScoreSubs,
		Params: map[string]any{"topics": c.Topics, "score_mix": c.ScoreMix, "hot_matches": c.ScoreHot, "duration_s": c.ScoreTime.Seconds(),
			"live_matches": e.liveMatchesOf(c), "load_feed": c.ScoreLoadMatches > 0}}
	if mixNote != "" {
		sc.Notes = append(sc.Notes, mixNote)
	}
	before, _ := readProcs(e.pids)
	plans := makePlans(c, e.tg, groups, 0)
	f, err := startFleet(plans)
	if err != nil {
		return sc, err
	}
	defer f.stop()
	r := newRun(e, "scoreboard", f, len(plans))
	var failed int
	var refused map[string]uint64
	if sc.ConnectS, failed, _, refused, err = r.connect(c.ScoreSubs); err != nil {
		return sc, err
	}
	if failed > 0 {
		sc.Notes = append(sc.Notes, fmt.Sprintf("%d of %d subscribers were refused: %v", failed, c.ScoreSubs, refused))
	}
	metricsBefore := e.metrics()
	if err := r.startLoad(c.Warmup); err != nil {
		return sc, err
	}
	ps, _ := readProcs(e.pids)
	if err := r.wait(c.ScoreTime); err != nil {
		return sc, err
	}
	metricsLoaded := e.metrics()
	pl, _ := readProcs(e.pids)
	_, errs, closes, connFail, err := r.finish(nil, nil)
	if err != nil {
		return sc, err
	}
	pe, _ := readProcs(e.pids)
	dur := r.mEnd.Sub(r.mStart).Seconds()
	sc.DurationS = round(dur, 1)
	sc.Delivered = r.delivered
	sc.DeliveredMsgsPerS = round(float64(r.delivered)/dur, 1)
	sc.LatencyMs = report.LatencyOf(r.total)
	sc.Distribution = r.total.Distribution(14)
	sc.ServerCPUS = round(pe.cpuS-ps.cpuS, 2)
	if r.delivered > 0 {
		sc.CPUSPerMillionDelivered = round(sc.ServerCPUS/float64(r.delivered)*1e6, 3)
	}
	sc.ServerRSSBytes = pl.rss
	if pl.rss > before.rss {
		sc.RSSBytesPerConn = round(float64(pl.rss-before.rss)/float64(c.ScoreSubs), 0)
	}
	sc.ServerMetrics = metricDeltas(metricsBefore, metricsLoaded, e.metrics())
	sc.CloseCodes, sc.ConnectFailures = closes, connFail
	sc.Errors, sc.ErrorCodes, sc.ExpectedRefusals = errTotal(errs)
	sc.Series = r.series
	sc.Params["client_cpu_s"] = round(r.clientCPU, 2)
	sc.Params["score_frames"] = r.frames
	for _, k := range kinds {
		kf := report.KindFigures{Kind: k.Kind, Subscribers: k.Count, Topics: k.Topics}
		if t := r.kinds[k.Kind]; t != nil {
			kf.Delivered, kf.LatencyMs = t.delivered, report.LatencyOf(t.hist)
			kf.DeliveredPerS = round(float64(t.delivered)/dur, 1)
		}
		sc.ByKind = append(sc.ByKind, kf)
		if kf.Delivered == 0 {
			sc.Notes = append(sc.Notes, fmt.Sprintf("the %s subscribers received no delta in the measured window", k.Kind))
		}
	}
	sc.Notes = append(sc.Notes, "by_kind: match = one match page each (match:<id>, spread over the live matches), hot = the page of one of the params.hot_matches big games, list = a list page following every topic of params.topics (-score-mix)")
	sc.Notes = append(sc.Notes, "delivered counts match deltas received (summed over subscribers); latency is from each delta's `ts` (the time of the match's newest event, ms) to the subscriber, so it includes the topic's coalescing (none for a quiet topic, up to 50 ms for a busy one)")
	if c.ScoreLoadMatches > 0 {
		sc.Notes = append(sc.Notes, fmt.Sprintf("the node ran the load feed: %d football matches in play, each changing once a second (COURTSIDE_FEED=load); target p99 <= 100 ms at 10,000 matches and 5,000 subscribers", c.ScoreLoadMatches))
	} else {
		sc.Notes = append(sc.Notes, "the live matches are the demo schedule's (params.live_matches); -score-load-matches 10000 measures the scoreboard at scale")
	}
	return sc, nil
}

func metricDeltas(before, loaded, after map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for k, v := range after {
		if !strings.HasPrefix(k, "courtside_") || strings.Contains(k, "_bucket{") {
			continue
		}
		if strings.Contains(k, "_total") || strings.HasSuffix(k, "_count") || strings.HasSuffix(k, "_sum") {
			out[k] = v - before[k]
		} else {
			out[k] = loaded[k]
		}
	}
	return out
}

func round(v float64, digits int) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

func isSkip(err error) bool { return errors.Is(err, errSkipped) }
