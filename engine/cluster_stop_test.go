package engine_test

import (
	"context"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestClusterNodesStopWithinTheirBound: three nodes with viewers joined across nodes get stopped the
// way an operator's Ctrl-C on `make cluster` stops them, with a peer gone first: one is killed
// (SIGKILL), and the other two get SIGTERM at the same moment. Each survivor's graceful stop ends
// cleanly (exit status 0) within its bound (COURTSIDE_SHUTDOWN_TIMEOUT 10 s for the services, the
// cluster member's leave bounded at 5 s within it: here remoting's drain towards the killed peer
// takes longer than that, and the leave goes on without it) whatever its peers do; before the
// bounds existed, a member could gossip to peers that had left for minutes. The 30 s below guard a
// hang, with room for a loaded machine.
func TestClusterNodesStopWithinTheirBound(t *testing.T) {
	etcd, redis, db, name := clusterTest(t, "stop-")
	env := "COURTSIDE_SHUTDOWN_TIMEOUT=10s"
	nodes := []*clusterNode{startClusterNode(t, 0, db, name, etcd, redis, env)}
	for i := 1; i < 3; i++ {
		nodes = append(nodes, startClusterNode(t, i, db, name, etcd, redis, env))
	}
	pollUntil(t, 20*time.Second, "every node sees three members", func() bool {
		for _, n := range nodes {
			if v, err := n.owner("1001"); err != nil || v.Members != 3 {
				return false
			}
		}
		return true
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// Viewers on every node in rooms that live on one node or another: remoting carries traffic.
	for _, n := range nodes {
		for _, room := range []string{"1001", "1002", "1003"} {
			dialAndEnter(t, ctx, n.ws, map[string]any{"t": "join", "room": room}, "joined")
		}
	}

	nodes[0].dead.Store(true)
	if err := nodes[0].cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	nodes[0].cmd.Wait()

	const bound = 30 * time.Second
	var wg sync.WaitGroup
	for i, n := range nodes[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			if err := n.cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Error(err)
				return
			}
			exited := make(chan error, 1)
			go func() { exited <- n.cmd.Wait() }()
			select {
			case err := <-exited:
				if err != nil {
					t.Errorf("node %d did not stop cleanly: %v; log %s", i+1, err, n.log)
				}
				t.Logf("node %d stopped %v after SIGTERM (%v)", i+1, time.Since(start).Round(time.Millisecond), err)
			case <-time.After(bound):
				t.Errorf("node %d still running %v after SIGTERM; log %s", i+1, bound, n.log)
			}
			n.dead.Store(true)
		}()
	}
	wg.Wait()
}
