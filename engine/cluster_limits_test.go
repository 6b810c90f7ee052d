package engine_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"courtside/actors/protocol"
)

// The chat limit is per identity, not per socket (issue 15): one user chatting into one room from a
// socket on each of two nodes gets the viewer allowance (20 lines in 30 s) in all, not twice. The
// room is one actor in the cluster, so both sockets' lines meet the same limiter.
func TestClusterChatLimitHoldsPerIdentityAcrossNodes(t *testing.T) {
	etcd, redis, db, name := clusterTest(t, "limit")
	nodes := startCluster(t, 2, db, name, etcd, redis)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	const room, token = "1002", "viewer-limit"
	var socks []*chaosConn
	for _, n := range nodes {
		cc, err := chaosDial(ctx, n.ws, token)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cc.c.CloseNow() })
		if err := cc.send(ctx, map[string]any{"t": "join", "room": room}); err != nil {
			t.Fatal(err)
		}
		if _, err := cc.await(ctx, 30*time.Second, func(m map[string]any) bool { return m["t"] == "joined" }); err != nil {
			t.Fatalf("join on %s: %v", n.ws, err)
		}
		socks = append(socks, cc)
	}
	if socks[0].uid == "" || socks[0].uid != socks[1].uid {
		t.Fatalf("the two sockets are %q and %q, want one user", socks[0].uid, socks[1].uid)
	}
	accepted, limited := 0, 0
	for i := 0; i < 30; i++ {
		cc := socks[i%2]
		nonce := fmt.Sprintf("l%d", i)
		if err := cc.send(ctx, map[string]any{"t": "chat", "room": room, "text": "line " + nonce, "nonce": nonce}); err != nil {
			t.Fatal(err)
		}
		m, err := cc.await(ctx, 20*time.Second, func(m map[string]any) bool {
			return (m["t"] == "ack" || m["t"] == "error") && m["nonce"] == nonce
		})
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		switch {
		case m["t"] == "ack":
			accepted++
		case m["code"] == float64(protocol.CodeRateLimited):
			limited++
		default:
			t.Fatalf("line %d: %v", i, m)
		}
	}
	if accepted != 20 || limited != 10 {
		t.Fatalf("%d lines accepted and %d limited over two nodes, want 20 and 10", accepted, limited)
	}
}
