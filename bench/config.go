package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Config holds every knob of the harness; zero values take the defaults in fill. Each field has a
// flag (listed by `go run ./bench -h` and in README.md).
type Config struct {
	Targets    []string // gateway URLs (ws://host:port/ws?v=1); empty: start a local node
	HTTP       []string // REST and /metrics base URLs, one per node
	ServerPIDs []int    // server processes for /proc figures; empty: the local node, or found by port
	NodeBin    string
	Build      bool
	NodeEnv    []string
	Out        string
	Nodes      int

	Workers     int
	PerWorker   int
	Sources     int
	Compress    bool
	ConnectRate int
	MaxPending  int

	Room        string
	Rooms       []string
	Subscribers int
	Senders     int
	Rate        float64
	SenderRate  float64
	Duration    time.Duration
	Warmup      time.Duration
	Drain       time.Duration
	GiftEvery   int
	HotModEvery time.Duration

	Idle     int
	IdleHold time.Duration

	ManySubs int
	ManyRate float64

	QuietSubs int
	QuietRate float64
	QuietTime time.Duration

	HistoryN string
	Baseline string

	CurveSubs  []int
	CurveRates []float64
	CurveRate  float64
	CurveTime  time.Duration
	Pin        bool

	Settle      time.Duration
	SettleSlack int

	SoakSubs      int
	SoakRate      float64
	SoakGiftEvery int
	SoakTime      time.Duration
	SoakEvery     time.Duration
	SoakChurn     float64

	FloodSubs int
	FloodRate float64
	FloodTime time.Duration

	Storm            int
	StormRate        float64
	StormAfter       time.Duration
	StormConnectRate int
	StormPending     int

	ModToken string
	// AdminToken is the nodes' COURTSIDE_ADMIN_TOKEN, sent as a bearer token to /metrics and
	// /debug/pprof (a prod node serves them only with it); the local node gets a random one.
	AdminToken string
	// prediction
	PredSubs int
	PredRate float64
	// SenderTokens is a file of session tokens, one a line, for the chat senders (guests may not
	// chat, spec §6); empty: the harness makes users in the nodes' database.
	SenderTokens     string
	ModSubs          int
	ModEvery         time.Duration
	ModRate          float64
	ScoreSubs        int
	ScoreLoadMatches int
	ScoreMix         string
	ScoreHot         int
	Topics           []string
	ScoreTime        time.Duration
	RestConc         int
	RestTime         time.Duration
	RestPaths        []string
	Scale            float64
	Profile          bool
}

func (c *Config) flags(fs *flag.FlagSet) {
	list := func(p *[]string, name, def, usage string) {
		*p = splitList(def)
		fs.Func(name, usage+" (comma-separated; default "+strconv.Quote(def)+")", func(s string) error { *p = splitList(s); return nil })
	}
	intList := func(p *[]int, name, def, usage string) {
		numList(fs, p, name, def, usage, func(f string) (int, bool) { n, err := strconv.Atoi(f); return n, err == nil && n > 0 })
	}
	floatList := func(p *[]float64, name, def, usage string) {
		numList(fs, p, name, def, usage, func(f string) (float64, bool) { v, err := strconv.ParseFloat(f, 64); return v, err == nil && v > 0 })
	}
	list(&c.Targets, "target", "", "gateway URLs to drive instead of starting a local node, e.g. ws://127.0.0.1:8081/ws?v=1")
	list(&c.HTTP, "http", "", "REST and /metrics base URLs of the target nodes, e.g. http://127.0.0.1:8080")
	fs.Func("server-pid", "server process ids for CPU and RSS from /proc (comma-separated; default: the local node, or the process listening on the target port)", func(s string) error {
		c.ServerPIDs = nil
		for _, f := range splitList(s) {
			n, err := strconv.Atoi(f)
			if err != nil {
				return err
			}
			c.ServerPIDs = append(c.ServerPIDs, n)
		}
		return nil
	})
	fs.StringVar(&c.NodeBin, "node-bin", "bin/courtside", "node binary started when no -target is given (built when missing)")
	fs.BoolVar(&c.Build, "build", false, "rebuild -node-bin before starting it")
	list(&c.NodeEnv, "node-env", "", "extra KEY=VALUE environment for the local node")
	fs.StringVar(&c.Out, "out", "bench/results", "directory of latest.json, latest.html and node.log")
	fs.IntVar(&c.Nodes, "nodes", 0, "number of server nodes behind -target, for the report (default: number of -http URLs, or 1)")

	fs.IntVar(&c.Workers, "workers", 0, "client worker processes (default: enough for -per-worker, at least 2)")
	fs.IntVar(&c.PerWorker, "per-worker", 15000, "most connections one worker holds (each needs a descriptor; 20,000 per process here)")
	fs.BoolVar(&c.Compress, "compress", false, "clients offer permessage-deflate (no context takeover) and inflate compressed frames; chat scenarios report bytes_per_delivered either way")
	fs.IntVar(&c.Sources, "sources", 8, "loopback source addresses to spread connections over (127.0.0.2, 127.0.0.3, ...); 0 = kernel's choice")
	fs.IntVar(&c.ConnectRate, "connect-rate", 4000, "new connections per second, whole fleet")
	fs.IntVar(&c.MaxPending, "max-pending", 400, "connections connecting or upgrading at once, per worker")

	fs.StringVar(&c.Room, "room", "1001", "room of hot-room, moderation and reconnect-storm")
	list(&c.Rooms, "rooms", "1001,1002,1003", "rooms of many-rooms and idle-connections; ranges like 1001-1200 expand (the demo node seeds 1001-1004; 1004 is in slow mode)")
	fs.IntVar(&c.Subscribers, "subscribers", 18000, "hot-room: subscribers (senders included)")
	fs.IntVar(&c.Senders, "senders", 0, "hot-room: senders (default: enough to keep each under -sender-rate)")
	fs.Float64Var(&c.Rate, "rate", 40, "hot-room: chat lines per second offered in total")
	fs.Float64Var(&c.SenderRate, "sender-rate", 0.5, "most lines per second one sender offers (a viewer may send 20 per 30 s)")
	fs.DurationVar(&c.Duration, "duration", 60*time.Second, "hot-room and moderation: load duration (after -warmup)")
	fs.DurationVar(&c.Warmup, "warmup", 5*time.Second, "load before measuring starts")
	fs.DurationVar(&c.Drain, "drain", 2*time.Second, "wait after the load stops for the last deliveries")
	fs.DurationVar(&c.HotModEvery, "hot-mod-every", 0, "hot-room: a moderator mutes a sender and deletes a line this often (0 = no moderator; needs a moderator token like moderation)")
	fs.IntVar(&c.GiftEvery, "gift-every", 0, "hot-room: every n-th message of a sender is a gift (priority event); 0 = none")

	fs.IntVar(&c.Idle, "idle", 18000, "idle-connections: connections (each authenticates and joins one of -rooms)")
	fs.DurationVar(&c.IdleHold, "idle-hold", 10*time.Second, "idle-connections: how long they stay idle")

	fs.IntVar(&c.ManySubs, "many-subscribers", 9000, "many-rooms: subscribers spread over -rooms")
	fs.Float64Var(&c.ManyRate, "many-rate", 30, "many-rooms: chat lines per second in total")

	fs.IntVar(&c.QuietSubs, "quiet-subscribers", 15000, "quiet-room: subscribers of -room (senders included)")
	fs.Float64Var(&c.QuietRate, "quiet-rate", 4, "quiet-room: chat lines per second in total")
	fs.DurationVar(&c.QuietTime, "quiet-duration", 30*time.Second, "quiet-room: load duration (after -warmup)")
	fs.IntVar(&c.SoakSubs, "soak-subscribers", 5000, "soak: subscribers of -room (senders included)")
	fs.Float64Var(&c.SoakRate, "soak-rate", 20, "soak: chat lines per second in total")
	fs.IntVar(&c.SoakGiftEvery, "soak-gift-every", 20, "soak: every n-th line a sender sends is a gift (0: none)")
	fs.DurationVar(&c.SoakTime, "soak-duration", time.Hour, "soak: load duration (after -warmup)")
	fs.DurationVar(&c.SoakEvery, "soak-every", 10*time.Second, "soak: how often the moderator acts, listeners churn and the node is sampled")
	fs.Float64Var(&c.SoakChurn, "soak-churn", 0.02, "soak: share of listeners that leave and join again every -soak-every")
	fs.DurationVar(&c.Settle, "settle", 60*time.Second, "before each scenario, wait at most this long for the nodes' open-connections gauge to fall back to its value at the start of the run (0: do not wait)")
	fs.IntVar(&c.SettleSlack, "settle-slack", 50, "settle: connections above that value that still count as settled")
	fs.BoolVar(&c.Pin, "pin", true, "pin the node to CPU 0 and the load to the other CPUs with taskset (one node on this machine only; the report says machine.pinned)")
	intList(&c.CurveSubs, "curve-subscribers", "1000,2000,5000,10000,15000,18000", "curve: subscriber steps (at -curve-rate)")
	floatList(&c.CurveRates, "curve-rates", "1,4,10,40,100,200", "curve: lines-per-second steps (at the largest subscriber step)")
	fs.Float64Var(&c.CurveRate, "curve-rate", 40, "curve: lines per second of the subscriber steps")
	fs.DurationVar(&c.CurveTime, "curve-step", 10*time.Second, "curve: load duration of each step (after -warmup)")
	fs.StringVar(&c.Baseline, "baseline", "", "a node binary of an earlier build: each scenario runs twice with each build in alternation, each run on a fresh local node, and the report gives current/baseline ratios (comparisons)")
	fs.StringVar(&c.HistoryN, "history-benchtime", "100000x", "history: -benchtime of the store's Go benchmarks")
	fs.IntVar(&c.FloodSubs, "flood-subscribers", 15000, "flood-200: subscribers of -room (senders included)")
	fs.Float64Var(&c.FloodRate, "flood-rate", 200, "flood-200: chat lines per second offered in total")
	fs.DurationVar(&c.FloodTime, "flood-duration", 30*time.Second, "flood-200: load duration (after -warmup)")

	fs.IntVar(&c.Storm, "storm", 18000, "reconnect-storm: clients")
	fs.Float64Var(&c.StormRate, "storm-rate", 10, "reconnect-storm: chat lines per second during the storm")
	fs.DurationVar(&c.StormAfter, "storm-after", 8*time.Second, "reconnect-storm: load before every client is dropped")
	fs.IntVar(&c.StormConnectRate, "storm-connect-rate", 20000, "reconnect-storm: reconnections per second, whole fleet")
	fs.IntVar(&c.StormPending, "storm-pending", 1000, "reconnect-storm: reconnections in flight at once, per worker (the server's listen backlog is net.core.somaxconn)")

	fs.StringVar(&c.SenderTokens, "sender-tokens", "", "chat senders' session tokens, one a line (guests may not chat; without it the harness creates users benchsender1..N in the database of a node on this machine)")
	fs.StringVar(&c.AdminToken, "admin-token", "", "the -target nodes' COURTSIDE_ADMIN_TOKEN, for /metrics and /debug/pprof (a local node gets a random one)")
	fs.StringVar(&c.ModToken, "mod-token", "", "moderation: session token of a moderator or admin of -room (without it the scenario is skipped)")
	fs.IntVar(&c.ModSubs, "mod-subscribers", 5000, "moderation: subscribers")
	fs.Float64Var(&c.ModRate, "mod-rate", 40, "moderation: flood rate (lines per second)")
	fs.DurationVar(&c.ModEvery, "mod-every", 2*time.Second, "moderation: one mute and one delete this often")

	fs.IntVar(&c.PredSubs, "prediction-subscribers", 15000, "prediction: subscribers of -room")
	fs.Float64Var(&c.PredRate, "prediction-rate", 40, "prediction: flood rate (lines per second)")

	fs.IntVar(&c.ScoreSubs, "score-subscribers", 5000, "scoreboard: subscribers")
	fs.IntVar(&c.ScoreLoadMatches, "score-load-matches", 0, "scoreboard: restart the harness's node with the load feed of this many football matches in play, each changing once a second (0: the demo's matches)")
	list(&c.Topics, "topics", "scores:201,scores:202,scores:1,scores:2", "scoreboard: the topics a list page follows, each one by every list subscriber of -score-mix (scores:<gameId>: 201 basketball, 202 football, 1 LoL, 2 CS; or match:<id>)")
	fs.StringVar(&c.ScoreMix, "score-mix", defaultScoreMix, "scoreboard: subscribers by kind of page, as shares: match (one match page, spread over the live matches), hot (one of the -score-hot-matches big games), list (every topic of -topics); list=1 alone is every subscriber on every -topics topic")
	fs.IntVar(&c.ScoreHot, "score-hot-matches", 10, "scoreboard: how many big games the hot subscribers crowd onto (the first live matches)")
	fs.DurationVar(&c.ScoreTime, "score-duration", 30*time.Second, "scoreboard: duration")

	fs.IntVar(&c.RestConc, "rest-concurrency", 16, "rest: concurrent clients")
	fs.DurationVar(&c.RestTime, "rest-duration", 15*time.Second, "rest: duration")
	list(&c.RestPaths, "rest-paths", "/java/v2/match/getPCLiveGameMatch,/java/match/gameMatchLive,/java/live/rooms,/java/live/getChatroomSpeech?roomId=1001&size=50,/java/anchor/anchorList,/java/system/gateways",
		"rest: GET paths (match list, match detail, room info, ...); a path the node does not serve (404) is reported and left out")
	fs.BoolVar(&c.Profile, "profile", false, "save a CPU profile of the node over each load window as <out>/<scenario>.cpu.pprof (the local node is started with COURTSIDE_PPROF=true; a -target node must serve /debug/pprof)")
	fs.Float64Var(&c.Scale, "scale", 1, "multiply every connection count by this (e.g. 0.1 for a quick run)")
}

func (c *Config) fill() {
	if c.Scale > 0 && c.Scale != 1 {
		for i := range c.CurveSubs {
			c.CurveSubs[i] = max(1, int(float64(c.CurveSubs[i])*c.Scale))
		}
		for _, p := range []*int{&c.Subscribers, &c.Idle, &c.ManySubs, &c.QuietSubs, &c.FloodSubs, &c.SoakSubs, &c.Storm, &c.ModSubs, &c.ScoreSubs, &c.PredSubs} {
			*p = max(1, int(float64(*p)*c.Scale))
		}
	}
	if c.Nodes == 0 {
		c.Nodes = max(1, len(c.HTTP), len(c.Targets))
	}
	if c.SenderRate <= 0 {
		c.SenderRate = 0.5
	}
	c.Rooms = expandRanges(c.Rooms)
}

// expandRanges turns "1001-1200" into its rooms; other entries stay as they are.
func expandRanges(list []string) []string {
	var out []string
	for _, s := range list {
		a, b, ok := strings.Cut(s, "-")
		lo, err1 := strconv.Atoi(a)
		hi, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || hi < lo || hi-lo > 100000 {
			out = append(out, s)
			continue
		}
		for i := lo; i <= hi; i++ {
			out = append(out, strconv.Itoa(i))
		}
	}
	return out
}

// sendersFor is how many senders offer rate lines per second without any passing -sender-rate.
func (c *Config) sendersFor(rate float64) int {
	return max(1, int(rate/c.SenderRate+0.999))
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// parseArgs reads flags and scenario names in any order.
func parseArgs(args []string) (*Config, []string, error) {
	cfg := &Config{}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	cfg.flags(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./bench [flags] suite | scenario...\nscenarios: %s\n\nflags:\n", strings.Join(scenarioNames(), ", "))
		fs.PrintDefaults()
	}
	var names []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		names = append(names, args[0])
		args = args[1:]
	}
	cfg.fill()
	if _, err := parseScoreMix(cfg.ScoreMix); err != nil {
		fmt.Fprintln(fs.Output(), err)
		return nil, nil, err
	}
	return cfg, names, nil
}

// numList registers a comma-separated list of positive numbers; parse says whether one is valid.
func numList[T int | float64](fs *flag.FlagSet, p *[]T, name, def, usage string, parse func(string) (T, bool)) {
	set := func(s string) error {
		var out []T
		for _, f := range splitList(s) {
			v, ok := parse(f)
			if !ok {
				return fmt.Errorf("%q is not a positive number", f)
			}
			out = append(out, v)
		}
		*p = out
		return nil
	}
	set(def) //nolint:errcheck // the defaults parse
	fs.Func(name, usage+" (comma-separated; default "+strconv.Quote(def)+")", set)
}
