package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// localNode is a courtside node the harness started (and stops).
type localNode struct {
	cmd     *exec.Cmd
	bin     string // the binary it runs
	ws      string // host:port
	http    string // http://host:port
	dataDir string
	log     *os.File
	exited  chan error
}

// startLocalNode builds bin/courtside when needed, makes sure the project-local Postgres runs, and
// starts one node with the demo rooms on free loopback ports.
func startLocalNode(ctx context.Context, cfg *Config) (*localNode, error) {
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	bin, err := nodeBinary(ctx, cfg, root)
	if err != nil {
		return nil, err
	}
	return startNodeBinary(ctx, cfg, root, bin, nil)
}

// startNodeBinary starts the node binary bin (this build's, or -baseline's) like startLocalNode.
// extraEnv is added after -node-env (the scoreboard's load feed).
func startNodeBinary(ctx context.Context, cfg *Config, root, bin string, extraEnv []string) (*localNode, error) {
	var err error
	dbURL, err := databaseURL(ctx, root)
	if err != nil {
		return nil, err
	}
	wsPort, err := freePort()
	if err != nil {
		return nil, err
	}
	httpPort, err := freePort()
	if err != nil {
		return nil, err
	}
	n := &localNode{bin: bin, ws: fmt.Sprintf("127.0.0.1:%d", wsPort), http: fmt.Sprintf("http://127.0.0.1:%d", httpPort), exited: make(chan error, 1)}
	if n.dataDir, err = os.MkdirTemp("", "courtside-bench-"); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return nil, err
	}
	// Appended to, not truncated: a scenario that restarts the node (the scoreboard's load feed,
	// -baseline's builds) keeps the log of the node it measured.
	if n.log, err = os.OpenFile(filepath.Join(cfg.Out, "node.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
		return nil, err
	}
	fmt.Fprintf(n.log, "=== %s: node %s starting, extra environment %q\n", time.Now().UTC().Format(time.RFC3339), bin, append(append([]string{}, cfg.NodeEnv...), extraEnv...))
	if cfg.AdminToken == "" {
		cfg.AdminToken = strconv.FormatUint(rand.Uint64(), 36) + strconv.FormatUint(rand.Uint64(), 36)
	}
	n.cmd = exec.Command(bin)
	n.cmd.Dir = root
	n.cmd.Env = append(os.Environ(),
		"DATABASE_URL="+dbURL,
		"COURTSIDE_ENV=prod", "COURTSIDE_LOG_LEVEL=warn", "COURTSIDE_DEMO=true", "COURTSIDE_DEMO_STREAMS=false",
		"COURTSIDE_HTTP_ADDR=127.0.0.1:"+strconv.Itoa(httpPort),
		"COURTSIDE_WS_ADDR=0.0.0.0:"+strconv.Itoa(wsPort),
		"COURTSIDE_RTMP_ADDR=127.0.0.1:0", // not the default :1935, which another node on this machine may hold
		"COURTSIDE_DATA_DIR="+n.dataDir,
		"COURTSIDE_ADMIN_TOKEN="+cfg.AdminToken, // /metrics and /debug/pprof are not served in prod without it
		"COURTSIDE_WEB_DIR="+n.dataDir,
		// No ffmpeg: the demo otherwise draws and transcodes its highlight videos during the first
		// minute, on the node's core, while the scenario measures the real-time path (a before/after
		// pair against a build without videos compared ffmpeg's work, not the engine's).
		"COURTSIDE_FFMPEG=-",
	)
	if cfg.Profile {
		n.cmd.Env = append(n.cmd.Env, "COURTSIDE_PPROF=true")
	}
	n.cmd.Env = append(n.cmd.Env, cfg.NodeEnv...)
	n.cmd.Env = append(n.cmd.Env, extraEnv...)
	n.cmd.Stdout, n.cmd.Stderr = n.log, n.log
	n.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := n.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { n.exited <- n.cmd.Wait() }()
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(n.http + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		select {
		case err := <-n.exited:
			return nil, fmt.Errorf("node exited before ready (%v); see %s", err, n.log.Name())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			n.stop()
			return nil, fmt.Errorf("node not ready within 60s; see %s", n.log.Name())
		}
	}
	return n, nil
}

// nodeBinary returns the node binary, building it when it is missing or -build is set.
func nodeBinary(ctx context.Context, cfg *Config, root string) (string, error) {
	bin := cfg.NodeBin
	if !filepath.IsAbs(bin) {
		bin = filepath.Join(root, bin)
	}
	if _, err := os.Stat(bin); err != nil || cfg.Build {
		progress("building %s", bin)
		b := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/courtside")
		b.Dir, b.Stdout, b.Stderr = root, os.Stderr, os.Stderr
		if err := b.Run(); err != nil {
			return "", fmt.Errorf("go build ./cmd/courtside: %w", err)
		}
	}
	return bin, nil
}

// databaseURL is $DATABASE_URL, or the project-local Postgres that scripts/postgres.sh starts.
func databaseURL(ctx context.Context, root string) (string, error) {
	if u := os.Getenv("DATABASE_URL"); u != "" {
		return u, nil
	}
	pg := exec.CommandContext(ctx, filepath.Join(root, "scripts/postgres.sh"))
	pg.Dir, pg.Stderr = root, os.Stderr
	out, err := pg.Output()
	if err != nil {
		return "", fmt.Errorf("scripts/postgres.sh: %w", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "DATABASE_URL="); ok {
			return strings.Trim(v, `'"`), nil
		}
	}
	return "", fmt.Errorf("scripts/postgres.sh printed no DATABASE_URL")
}

func (n *localNode) pid() int { return n.cmd.Process.Pid }

func (n *localNode) stop() {
	n.cmd.Process.Signal(syscall.SIGTERM) //nolint:errcheck
	select {
	case <-n.exited:
	case <-time.After(20 * time.Second):
		n.cmd.Process.Kill() //nolint:errcheck
		<-n.exited
	}
	n.log.Close()
	os.RemoveAll(n.dataDir)
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod above %s: run the harness inside the repository or pass -target", dir)
		}
	}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// procStat is one sample of a server process.
type procStat struct {
	cpuS float64 // user + system CPU seconds since the process started
	rss  uint64  // resident bytes
}

var clockTicks = 100.0 // USER_HZ: 100 on every Linux this runs on

func readProc(pid int) (procStat, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return procStat{}, err
	}
	// Fields after the parenthesised command name; utime and stime are fields 14 and 15.
	i := bytes.LastIndexByte(b, ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 22 {
		return procStat{}, fmt.Errorf("short /proc/%d/stat", pid)
	}
	ut, _ := strconv.ParseFloat(f[11], 64)
	st, _ := strconv.ParseFloat(f[12], 64)
	rssPages, _ := strconv.ParseUint(f[21], 10, 64)
	return procStat{cpuS: (ut + st) / clockTicks, rss: rssPages * uint64(os.Getpagesize())}, nil
}

// readProcs sums several server processes (a local cluster).
func readProcs(pids []int) (procStat, error) {
	var sum procStat
	for _, pid := range pids {
		s, err := readProc(pid)
		if err != nil {
			return sum, err
		}
		sum.cpuS += s.cpuS
		sum.rss += s.rss
	}
	return sum, nil
}

// pidListening finds the process holding a listening TCP socket on port, from /proc/net/tcp{,6}
// and the processes' descriptors. It needs permission to read other processes' fd directories.
func pidListening(port int) (int, error) {
	inodes := map[string]bool{}
	for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Scan()
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) < 10 || fs[3] != "0A" { // 0A = LISTEN
				continue
			}
			if _, p, ok := strings.Cut(fs[1], ":"); ok {
				if v, err := strconv.ParseUint(p, 16, 16); err == nil && int(v) == port {
					inodes["socket:["+fs[9]+"]"] = true
				}
			}
		}
	}
	if len(inodes) == 0 {
		return 0, fmt.Errorf("no listening socket on port %d", port)
	}
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
		for _, fd := range fds {
			if link, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name())); err == nil && inodes[link] {
				return pid, nil
			}
		}
	}
	return 0, fmt.Errorf("no readable process owns port %d (pass -server-pid)", port)
}

// scrapeMetrics reads a Prometheus text page into name{labels} → value.
func scrapeMetrics(base, token string) (map[string]float64, error) {
	if base == "" {
		return nil, nil
	}
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Do(opsRequest(base+"/metrics", token))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("/metrics: HTTP %d (pass the nodes' -admin-token)", resp.StatusCode)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, line := range strings.Split(string(body), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
			out[line[:i]] = v
		}
	}
	return out, nil
}

// moderatorToken bootstraps an administrator in the nodes' database (`courtside admin create`) and
// signs it in over REST at httpBase: administrators may moderate every room, which the moderation
// scenario needs.
func moderatorToken(ctx context.Context, bin, dbURL, httpBase string) (string, error) {
	const name, password = "benchmod", "bench2026mod"
	cmd := exec.CommandContext(ctx, bin, "admin", "create", name, password)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("courtside admin create: %v: %s", err, bytes.TrimSpace(out))
	}
	return signIn(httpBase, name, password)
}

// signIn logs name in over REST and returns the session token.
func signIn(httpBase, name, password string) (string, error) {
	body := strings.NewReader(`{"name":"` + name + `","password":"` + password + `"}`)
	resp, err := http.Post(httpBase+"/java/login/V2/mobileOrNameToLogin", "application/json", body)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var env struct {
		Status string `json:"status"`
		Msg    string `json:"msg"`
		Result struct {
			Token string `json:"token"`
		} `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return "", fmt.Errorf("login answer: %w", err)
	}
	if env.Result.Token == "" {
		return "", fmt.Errorf("login refused: %s %s", env.Status, env.Msg)
	}
	return env.Result.Token, nil
}

// profileCPU fetches a CPU profile of the node over the next d into file, in the background; the
// returned channel reports when it is written.
func profileCPU(base, token string, d time.Duration, file string) <-chan error {
	done := make(chan error, 1)
	go func() {
		c := http.Client{Timeout: d + 30*time.Second}
		resp, err := c.Do(opsRequest(fmt.Sprintf("%s/debug/pprof/profile?seconds=%d", base, max(1, int(d.Seconds()))), token))
		if err != nil {
			done <- err
			return
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			done <- fmt.Errorf("pprof: HTTP %d (is COURTSIDE_PPROF on?)", resp.StatusCode)
			return
		}
		f, err := os.Create(file)
		if err != nil {
			done <- err
			return
		}
		_, err = io.Copy(f, resp.Body)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		done <- err
	}()
	return done
}

// freeMemory asks the node at base to collect its garbage and give its free pages back to the
// system (POST /debug/free-memory) and returns the heap it then holds.
func freeMemory(base, token string) (heapInuse uint64, err error) {
	if base == "" {
		return 0, errors.New("no HTTP address")
	}
	req := opsRequest(base+"/debug/free-memory", token)
	req.Method = http.MethodPost
	c := http.Client{Timeout: 30 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("/debug/free-memory: HTTP %d (pass the nodes' -admin-token)", resp.StatusCode)
	}
	var m struct {
		HeapInuse uint64 `json:"heap_inuse_bytes"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		return 0, err
	}
	return m.HeapInuse, nil
}

// opsRequest is a GET of an operations endpoint with the admin token (when there is one).
func opsRequest(url, token string) *http.Request {
	req, _ := http.NewRequest(http.MethodGet, url, nil) // the URL is ours
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return req
}
