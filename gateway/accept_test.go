package gateway

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sys/unix"
)

// quietHandler accepts everything and keeps nothing (a recorder's channels would fill up).
type quietHandler struct{}

func (quietHandler) OnOpen(*Conn)            {}
func (quietHandler) OnMessage(*Conn, []byte) {}
func (quietHandler) OnClose(*Conn, uint16)   {}

// tryUpgrade dials addr and completes a handshake, or says why not.
func tryUpgrade(addr string) (net.Conn, error) {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, err
	}
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, upgradeRequest(addr, "/ws")); err != nil {
		c.Close()
		return nil, err
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		c.Close()
		return nil, err
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		c.Close()
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	_ = c.SetDeadline(time.Time{})
	return c, nil
}

func TestMaxConnsClosesTheNextConnectionAtAccept(t *testing.T) {
	reg := prometheus.NewRegistry()
	s := startServer(t, Config{MaxConns: 3, Registerer: reg}, quietHandler{})
	var open []net.Conn
	defer func() {
		for _, c := range open {
			c.Close()
		}
	}()
	for i := 0; i < 3; i++ {
		c, err := tryUpgrade(s.Addr().String())
		if err != nil {
			t.Fatalf("connection %d: %v", i+1, err)
		}
		open = append(open, c)
	}
	if _, err := tryUpgrade(s.Addr().String()); err == nil {
		t.Fatal("a fourth connection was upgraded past MaxConns 3")
	}
	if got := metricValue(t, reg, "courtside_gateway_capacity_refusals_total"); got != 1 {
		t.Fatalf("capacity_refusals_total = %v, want 1", got)
	}
	open[0].Close()
	open = open[1:]
	eventually(t, 5*time.Second, "a place frees up when a connection closes", func() bool {
		c, err := tryUpgrade(s.Addr().String())
		if err == nil {
			open = append(open, c)
		}
		return err == nil
	})
}

// The node must outlive running out of file descriptors: gnet's own acceptor stopped the engine
// (and every connection) on EMFILE. The gateway runs in a child process whose descriptor limit is
// a few dozen above what it has open, with MaxConns out of the way; this process opens more
// connections than that, closes them, and the child must still upgrade a new one.
func TestOutOfDescriptorsIsWaitedOutNotFatal(t *testing.T) {
	if os.Getenv("GATEWAY_LOW_FD_CHILD") == "1" {
		runLowDescriptorChild()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestOutOfDescriptorsIsWaitedOutNotFatal$")
	cmd.Env = append(os.Environ(), "GATEWAY_LOW_FD_CHILD=1")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); _ = cmd.Wait() }()
	lines := bufio.NewScanner(stdout)
	var addr string
	for lines.Scan() {
		if a, ok := strings.CutPrefix(lines.Text(), "ADDR "); ok {
			addr = a
			break
		}
	}
	if addr == "" {
		t.Fatal("the child gateway did not start")
	}
	var conns []net.Conn
	refused := 0
	for i := 0; i < 80; i++ { // the child has room for about 40
		c, err := tryUpgrade(addr)
		if err != nil {
			refused++
			continue
		}
		conns = append(conns, c)
	}
	if refused == 0 {
		t.Fatalf("all 80 connections were upgraded: the child's limit did not bite")
	}
	for _, c := range conns {
		c.Close()
	}
	eventually(t, 10*time.Second, "the gateway upgrades again once descriptors are free", func() bool {
		c, err := tryUpgrade(addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	t.Logf("%d upgraded, %d refused while out of descriptors", len(conns), refused)
}

func runLowDescriptorChild() {
	entries, _ := os.ReadDir("/proc/self/fd")
	lim := unix.Rlimit{Cur: uint64(len(entries) + 40), Max: uint64(len(entries) + 40)}
	if err := unix.Setrlimit(unix.RLIMIT_NOFILE, &lim); err != nil {
		fmt.Println("setrlimit:", err)
		return
	}
	s := New(Config{Addr: "127.0.0.1:0", MaxConns: 1 << 20}, quietHandler{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	select {
	case <-s.Ready():
	case err := <-done:
		fmt.Println("run:", err)
		return
	}
	fmt.Println("ADDR " + s.Addr().String())
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); cancel() }() // the parent closes stdin when done
	if err := <-done; err != nil {
		fmt.Println("run:", err)
		os.Exit(3)
	}
}
