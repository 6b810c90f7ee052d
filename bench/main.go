package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"courtside/bench/report"
)

// suite is the standard suite, in order.
var suite = []string{"idle-connections", "hot-room", "quiet-room", "flood-200", "many-rooms", "moderation", "scoreboard", "reconnect-storm", "rest"}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		if err := runWorker(); err != nil {
			fmt.Fprintln(os.Stderr, "bench worker:", err)
			os.Exit(1)
		}
		return
	}
	cfg, names, err := parseArgs(os.Args[1:])
	if err != nil {
		os.Exit(2)
	}
	if len(names) == 0 {
		fmt.Fprintln(os.Stderr, "bench: name a scenario or `suite` (go run ./bench -h)")
		os.Exit(2)
	}
	if err := runBench(cfg, names); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// env is what every scenario targets.
type env struct {
	cfg    *Config
	tg     *targetSet
	http   []string
	pids   []int
	node   *localNode
	bin    string // the node binary of this build (a local node only)
	target string
	tokens []string // the chat senders' session tokens (senderTokens)

	ctx           context.Context // the run's: ends on Ctrl-C
	openBaseline  float64         // the open-connections gauge before the first scenario (settle)
	baselineKnown bool
}

// targetSet is the gateways the workers dial.
type targetSet struct {
	hosts   []string // ip:port
	path    string
	sources []string
}

func (e *env) metrics() map[string]float64 {
	sum := map[string]float64{}
	for _, h := range e.http {
		m, err := scrapeMetrics(h, e.cfg.AdminToken)
		if err != nil {
			progress("metrics %s: %v", h, err)
			continue
		}
		for k, v := range m {
			sum[k] += v
		}
	}
	return sum
}

// freeMemory has every node collect its garbage and give its free pages back (see the node's
// POST /debug/free-memory) and returns their heaps' sum.
func (e *env) freeMemory() (heapInuse uint64, err error) {
	if len(e.http) == 0 {
		return 0, errors.New("no node's HTTP address")
	}
	for _, h := range e.http {
		n, err := freeMemory(h, e.cfg.AdminToken)
		if err != nil {
			return 0, err
		}
		heapInuse += n
	}
	return heapInuse, nil
}

func runBench(cfg *Config, names []string) error {
	var list []string
	for _, n := range names {
		if n == "suite" {
			list = append(list, suite...)
			continue
		}
		found := false
		for _, s := range scenarios {
			found = found || s.name == n
		}
		if !found {
			return fmt.Errorf("unknown scenario %q (known: %s, suite)", n, strings.Join(scenarioNames(), ", "))
		}
		list = append(list, n)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	e := &env{cfg: cfg, http: cfg.HTTP, pids: cfg.ServerPIDs, ctx: ctx}
	rep := &report.Report{Version: report.Version, Machine: machine(), Command: "go run ./bench " + strings.Join(os.Args[1:], " "), Started: time.Now().UTC()}
	if len(cfg.Targets) == 0 {
		n, err := startLocalNode(ctx, cfg)
		if err != nil {
			return err
		}
		defer func() { e.node.stop() }() // the node in use at the end (-baseline switches nodes)
		e.node, e.bin = n, n.bin
		cfg.Targets = []string{"ws://" + n.ws + "/ws?v=1"}
		e.http = []string{n.http}
		if len(e.pids) == 0 {
			e.pids = []int{n.pid()}
		}
		e.target = "one local node started by the harness (" + n.ws + ", demo rooms, COURTSIDE_ENV=prod)"

		progress("local node pid %d: ws %s, http %s, log %s", n.pid(), n.ws, n.http, n.log.Name())
	} else {
		e.target = strings.Join(cfg.Targets, ", ")
	}
	tg, err := parseTargets(cfg.Targets, cfg.Sources)
	if err != nil {
		return err
	}
	e.tg = tg
	if len(e.pids) == 0 {
		for _, h := range tg.hosts {
			_, port, _ := net.SplitHostPort(h)
			p, _ := strconv.Atoi(port)
			if pid, err := pidListening(p); err == nil {
				e.pids = append(e.pids, pid)
			} else {
				progress("server CPU/RSS: %v", err)
			}
		}
	}
	rep.Target = e.target
	if cfg.Pin {
		rep.Machine.Pinned, rep.Machine.PinNote = pinCores(e.pids)
	} else {
		rep.Machine.PinNote = "not pinned: -pin=false"
	}
	progress("cores: %s", rep.Machine.PinNote)
	wantMod := slices.Contains(list, "moderation") || slices.Contains(list, "prediction") || slices.Contains(list, "soak") || cfg.HotModEvery > 0 && slices.Contains(list, "hot-room")
	if cfg.ModToken == "" && wantMod && len(e.http) > 0 && (e.node != nil || len(tg.sources) > 0) {
		// A node the harness started, or nodes on this machine: bootstrap an administrator in their
		// database (the local one, or $DATABASE_URL) to act as the moderator.
		var tok string
		err := func() error {
			root, err := repoRoot()
			if err != nil {
				return err
			}
			bin, err := nodeBinary(ctx, cfg, root)
			if err != nil {
				return err
			}
			db, err := databaseURL(ctx, root)
			if err != nil {
				return err
			}
			tok, err = moderatorToken(ctx, bin, db, e.http[0])
			return err
		}()
		if err != nil {
			progress("moderation: no administrator token (%v); pass -mod-token", err)
		} else {
			cfg.ModToken = tok
			progress("moderation: signed in the bootstrap administrator benchmod")
		}
	}
	for _, name := range list {
		if ctx.Err() != nil {
			break
		}
		var sc scenario
		for _, s := range scenarios {
			if s.name == name {
				sc = s
			}
		}
		if cfg.Baseline == "" || e.node == nil {
			rep.Scenarios = append(rep.Scenarios, runScenario(e, sc, ""))
		} else {
			// -baseline: this build and the baseline in alternation, each on a fresh node.
			var pair []report.Scenario
			for round := 1; round <= baselineRounds && ctx.Err() == nil; round++ {
				for _, b := range []struct{ label, bin string }{{"current", e.bin}, {"baseline", cfg.Baseline}} {
					if err := e.switchNode(ctx, b.bin); err != nil {
						return fmt.Errorf("%s, %s build: %w", name, b.label, err)
					}
					res := runScenario(e, sc, fmt.Sprintf("%s #%d", b.label, round))
					res.Params["build"], res.Params["round"], res.Params["binary"] = b.label, round, b.bin
					pair = append(pair, res)
				}
			}
			rep.Scenarios = append(rep.Scenarios, pair...)
			if len(pair) > 0 {
				rep.Comparisons = append(rep.Comparisons, compareBuilds(name, pair))
			}
		}
		rep.Finished = time.Now().UTC()
		if err := rep.Write(cfg.Out); err != nil { // after every scenario: an interrupted suite keeps its figures
			return err
		}
	}
	progress("wrote %s/latest.json and latest.html", cfg.Out)
	return nil
}

func parseTargets(urls []string, sources int) (*targetSet, error) {
	tg := &targetSet{}
	loopback := true
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil || u.Scheme != "ws" {
			return nil, fmt.Errorf("target %q: want ws://host:port/path", raw)
		}
		host, port, err := net.SplitHostPort(u.Host)
		if err != nil {
			return nil, fmt.Errorf("target %q: %w", raw, err)
		}
		ips, err := net.LookupIP(host)
		if err != nil {
			return nil, fmt.Errorf("target %q: %w", raw, err)
		}
		var ip4 net.IP
		for _, ip := range ips {
			if ip.To4() != nil {
				ip4 = ip.To4()
				break
			}
		}
		if ip4 == nil {
			return nil, fmt.Errorf("target %q: no IPv4 address", raw)
		}
		loopback = loopback && ip4.IsLoopback()
		tg.hosts = append(tg.hosts, net.JoinHostPort(ip4.String(), port))
		tg.path = u.RequestURI()
	}
	if loopback {
		for i := 0; i < sources; i++ {
			tg.sources = append(tg.sources, fmt.Sprintf("127.0.0.%d", 2+i))
		}
	}
	return tg, nil
}

func machine() report.Machine {
	m := report.Machine{CPUs: runtime.NumCPU(), GoVersion: runtime.Version(),
		Note: "loopback only; the load clients share the same cores as the server"}
	m.Hostname, _ = os.Hostname()
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "model name"); ok {
				m.CPUModel = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "MemTotal:"); ok {
				kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
				m.MemBytes = kb << 10
			}
		}
	}
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		m.Kernel = unix.ByteSliceToString(u.Release[:])
	}
	m.LoadStart = loadAverage()
	return m
}

// runScenario runs one scenario and fills what every report entry has; label names the run in
// the progress lines (the build and round under -baseline).
func runScenario(e *env, sc scenario, label string) report.Scenario {
	name := sc.name
	if label != "" {
		name += " (" + label + ")"
	}
	st := e.settle()
	load := loadAverage()
	if st.Known {
		progress("=== %s (settled in %.1f s: %.0f connections open; load average %.2f)", name, st.Secs, st.Open, load)
	} else {
		progress("=== %s (load average %.2f)", name, load)
	}
	res, err := sc.run(e, sc.desc)
	res.LoadAvgBefore = load
	res.SettleS = round(st.Secs, 2)
	if st.Known {
		open := st.Open
		res.ConnectionsOpenBefore = &open
	}
	if n := st.note(e.cfg.Settle); n != "" {
		res.Notes = append(res.Notes, n)
	}
	res.Name, res.Description = sc.name, sc.desc
	switch {
	case isSkip(err):
		res.Skipped = strings.TrimPrefix(err.Error(), errSkipped.Error()+": ")
		progress("%s skipped: %s", name, res.Skipped)
	case err != nil:
		res.Notes = append(res.Notes, "FAILED: "+err.Error())
		res.Errors++
		progress("%s failed: %v", name, err)
	default:
		progress("%s: in %.1f/s, delivered %.0f/s, p50 %.1f ms p99 %.1f ms p99.9 %.1f ms max %.1f ms, cpu %.2f s (%.3f s/M), rss %s (%.0f B/conn), dup %d ooo %d prio lost %d mute viol %d holes %d errors %d",
			name, res.InboundMsgsPerS, res.DeliveredMsgsPerS, res.LatencyMs.P50, res.LatencyMs.P99, res.LatencyMs.P999, res.LatencyMs.Max,
			res.ServerCPUS, res.CPUSPerMillionDelivered, mib(res.ServerRSSBytes), res.RSSBytesPerConn,
			res.Duplicates, res.OutOfOrder, res.PriorityEventsLost, res.MuteViolations, res.UnexplainedHoles, res.Errors)
	}
	if res.ErrorCodes == nil {
		res.ErrorCodes = map[string]uint64{}
	}
	if res.CloseCodes == nil {
		res.CloseCodes = map[string]uint64{}
	}
	if res.Params == nil {
		res.Params = map[string]any{}
	}
	return res
}
