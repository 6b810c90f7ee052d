package gateway

import (
	"bufio"
	"fmt"
	"github.com/panjf2000/gnet/v2"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The fan-out benchmark needs N real sockets on each side. N = 10,000 would
// put 20,000 descriptors in one process, so the client side runs in a child
// process (this test binary, re-executed) that upgrades N connections and
// drains them; allocations counted are the server's only.
const fanoutClientEnv = "GATEWAY_FANOUT_CLIENT" // "addr n [deflate]"

func TestMain(m *testing.M) {
	if spec := os.Getenv(fanoutClientEnv); spec != "" {
		os.Exit(runFanoutClient(spec))
	}
	os.Exit(m.Run())
}

// runFanoutClient dials n upgraded connections, prints "ready", drains them
// until stdin closes.
func runFanoutClient(spec string) int {
	var addr string
	var n int
	if _, err := fmt.Sscan(spec, &addr, &n); err != nil {
		fmt.Fprintln(os.Stderr, "bad spec:", err)
		return 2
	}
	var extra []string
	if strings.HasSuffix(spec, " deflate") {
		extra = append(extra, deflateOffer)
	}
	var wg sync.WaitGroup
	errs := make(chan error, n)
	sem := make(chan struct{}, 64)
	for range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				<-sem
				errs <- err
				return
			}
			io.WriteString(conn, upgradeRequest(addr, "/ws", extra...))
			br := bufio.NewReader(conn)
			resp, err := http.ReadResponse(br, nil)
			<-sem
			if err != nil || resp.StatusCode != 101 {
				errs <- fmt.Errorf("upgrade: %v", err)
				return
			}
			go io.Copy(io.Discard, br) // drain for the life of the process
		}()
	}
	wg.Wait()
	select {
	case err := <-errs:
		fmt.Fprintln(os.Stderr, err)
		return 1
	default:
	}
	fmt.Println("ready")
	io.Copy(io.Discard, os.Stdin)
	return 0
}

type collectHandler struct {
	mu    sync.Mutex
	conns []*Conn
}

func (h *collectHandler) OnOpen(c *Conn) {
	h.mu.Lock()
	h.conns = append(h.conns, c)
	h.mu.Unlock()
}
func (h *collectHandler) OnMessage(*Conn, []byte) {}
func (h *collectHandler) OnClose(*Conn, uint16)   {}

// fanoutSetup starts a server and a client process with subs connections.
func fanoutSetup(b *testing.B, subs int, deflate ...bool) (*Server, []*Conn) {
	b.Helper()
	spec := ""
	if len(deflate) > 0 && deflate[0] {
		spec = " deflate"
	}
	h := &collectHandler{}
	// The client process opens every socket from 127.0.0.1: no per-IP cap.
	s := startServer(b, Config{Multicore: true, IdleTimeout: time.Hour, PingInterval: time.Hour, MaxConnsPerIP: -1}, h)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fanoutClientEnv+"="+s.Addr().String()+" "+strconv.Itoa(subs)+spec)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { stdin.Close(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != "ready" {
		b.Fatalf("client process: %q %v", line, err)
	}
	eventually(b, 30*time.Second, "all connections opened", func() bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		return len(h.conns) == subs
	})
	return s, h.conns
}

// waitWritten spins until the server has handed want bytes to sockets.
func waitWritten(s *Server, want int64) {
	for s.written.Load() < want {
		runtime.Gosched()
	}
}

// BenchmarkFanout sends one shared pre-encoded frame to every subscriber per
// op and waits until every socket has been written. allocs/op is for the
// whole fan-out (all subscribers), not per subscriber.
func BenchmarkFanout(b *testing.B) {
	for _, subs := range []int{1000, 10000} {
		s, conns := fanoutSetup(b, subs)
		f := NewFrame([]byte(`{"t":"batch","room":"1001","ev":[{"seq":42,"k":"chat","ts":1763800000000,"id":"1001-42","uid":"g-9c1e","name":"Guest9c1e","lvl":0,"text":"what a goal"}],"sampled":0}`), false)
		b.Run("subs="+strconv.Itoa(subs), func(b *testing.B) {
			b.ReportAllocs()
			want := s.written.Load()
			for b.Loop() {
				for _, c := range conns {
					if !c.Send(f) {
						b.Fatal("frame dropped")
					}
				}
				want += int64(f.Len() * len(conns))
				waitWritten(s, want)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(subs), "ns/sub")
		})
	}
}

// BenchmarkFanoutAsyncWrite is the alternative the gateway does not use:
// gnet's AsyncWrite per subscriber (one task and one hook per socket).
func BenchmarkFanoutAsyncWrite(b *testing.B) {
	s, conns := fanoutSetup(b, 1000)
	f := NewFrame([]byte(`{"t":"batch","room":"1001","ev":[],"sampled":0}`), false)
	b.Run("subs=1000", func(b *testing.B) {
		b.ReportAllocs()
		var mu sync.Mutex
		done := 0
		cb := func(_ gnet.Conn, _ error) error { mu.Lock(); done++; mu.Unlock(); return nil }
		for b.Loop() {
			mu.Lock()
			done = 0
			mu.Unlock()
			for _, c := range conns {
				if err := c.gc.AsyncWrite(f.b, cb); err != nil {
					b.Fatal(err)
				}
			}
			for {
				mu.Lock()
				d := done
				mu.Unlock()
				if d == len(conns) {
					break
				}
				runtime.Gosched()
			}
		}
		_ = s
	})
}

// BenchmarkBroadcast is BenchmarkFanout through Broadcast: one wake-up per
// event loop per op.
func BenchmarkBroadcast(b *testing.B) {
	for _, subs := range []int{1000, 10000} {
		s, conns := fanoutSetup(b, subs)
		f := NewFrame([]byte(`{"t":"batch","room":"1001","ev":[{"seq":42,"k":"chat","ts":1763800000000,"id":"1001-42","uid":"g-9c1e","name":"Guest9c1e","lvl":0,"text":"what a goal"}],"sampled":0}`), false)
		b.Run("subs="+strconv.Itoa(subs), func(b *testing.B) {
			b.ReportAllocs()
			want := s.written.Load()
			for b.Loop() {
				if n := Broadcast(f, conns); n != len(conns) {
					b.Fatalf("%d of %d accepted", n, len(conns))
				}
				want += int64(f.Len() * len(conns))
				waitWritten(s, want)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(subs), "ns/sub")
		})
	}
}

// BenchmarkBroadcastTick is one room tick: a new frame (a batch of 8 chat
// lines) built and broadcast per op, to plain subscribers or to subscribers
// that negotiated permessage-deflate (the frame is compressed once per op,
// by the first compressing subscriber's Send). B/sub is the wire bytes per
// subscriber; cpu-ns/sub is the server process's CPU time (user + system,
// the clients run in a child process) per delivery, which a busy shared
// machine disturbs less than ns/sub (wall time). The wait for the sockets
// sleeps instead of spinning so that it costs next to no CPU.
func BenchmarkBroadcastTick(b *testing.B) {
	var batch strings.Builder
	batch.WriteString(`{"t":"batch","room":"1001","ev":[`)
	for i := range 8 {
		if i > 0 {
			batch.WriteByte(',')
		}
		fmt.Fprintf(&batch, `{"seq":%d,"k":"chat","ts":1763800000%03d,"id":"1001-%d","uid":"u%d","name":"benchsender%d","lvl":0,"text":"b:%d:%d:1763800000123456789"}`, 42+i, i, 42+i, 1000+7*i, 7*i, 7*i, 30+i)
	}
	batch.WriteString(`],"sampled":0}`)
	payload := []byte(batch.String())
	for _, mode := range []string{"plain", "deflate"} {
		s, conns := fanoutSetup(b, 1000, mode == "deflate")
		b.Run(mode+"/subs=1000", func(b *testing.B) {
			b.ReportAllocs()
			want := s.written.Load()
			var bytes int64
			cpu0 := processCPU()
			for b.Loop() {
				f := NewFrame(payload, false)
				if n := Broadcast(f, conns); n != len(conns) {
					b.Fatalf("%d of %d accepted", n, len(conns))
				}
				per := int64(len(f.wire(mode == "deflate")))
				bytes += per
				want += per * int64(len(conns))
				for s.written.Load() < want {
					time.Sleep(100 * time.Microsecond)
				}
			}
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N)/float64(len(conns)), "cpu-ns/sub")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(conns)), "ns/sub")
			b.ReportMetric(float64(bytes)/float64(b.N), "B/sub")
		})
	}
}

// processCPU is this process's user + system CPU time in nanoseconds.
func processCPU() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
