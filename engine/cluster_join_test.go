package engine_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/cluster"
)

// Adding a node takes load without dropping rooms (issue 8): two nodes carry a room with
// subscribers on both and a steady chat flow; a third node joins at an address that makes it the
// room's new owner (rendezvous hashing on member addresses), so the room moves while chat flows.
// Every acknowledged message reaches every subscriber exactly once, and chat goes on.
func TestClusterNodeJoinLosesNothing(t *testing.T) {
	etcd, redis, db, name := clusterTest(t, "join-")
	const room = "1001"

	nodes := startCluster(t, 2, db, name, etcd, redis)
	defer func() { // also after a t.Fatal; the logs are gone once the test's cleanups ran
		if t.Failed() {
			for i, n := range nodes {
				t.Logf("node %d log (%s), last lines:\n%s", i, n.log, logTail(n.log, 40))
			}
		}
	}()
	pollUntil(t, 20*time.Second, "both nodes see two members", func() bool {
		for _, n := range nodes {
			if v, err := n.owner(room); err != nil || v.Members != 2 {
				return false
			}
		}
		return true
	})
	var members []string
	for _, n := range nodes {
		v, _ := n.owner(room)
		n.member = v.Self
		members = append(members, v.Self)
	}
	before, _ := nodes[0].owner(room)
	joinAddr := addressOwning(t, room, members)
	t.Logf("room %s lives on %s; the third node will join at %s and own it", room, before.Owner, joinAddr)

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	wctx, stopWatchers := context.WithCancel(ctx)
	defer stopWatchers()
	watchers := make([]*watcher, 8)
	var wwg sync.WaitGroup
	for i := range watchers {
		watchers[i] = &watcher{counts: map[uint64]int{}}
		wwg.Add(1)
		go func(i int) { defer wwg.Done(); watchers[i].run(wctx, nodes[:2], i%2, room) }(i)
	}
	snd := startSenders(ctx, nodes[:2], 6, room)
	defer snd.stop()
	pollUntil(t, 30*time.Second, "20 messages acknowledged before the join", func() bool { return snd.count() >= 20 })

	acked := snd.mark()
	third := startClusterNode(t, 2, db, name, etcd, redis, "COURTSIDE_CLUSTER_ADDR="+joinAddr)
	nodes = append(nodes, third)
	pollUntil(t, 20*time.Second, "every node sees the room on the new node", func() bool {
		for _, n := range nodes {
			if v, err := n.owner(room); err != nil || v.Members != 3 || v.Owner != joinAddr {
				return false
			}
		}
		return true
	})
	pollUntil(t, 30*time.Second, "20 more messages acknowledged after the join", func() bool { return snd.count() >= acked+20 })
	final, resumed := snd.stop()
	t.Logf("JOIN: first message sent after the third node started acknowledged %v after it; %d acknowledged in all",
		resumed.Round(time.Millisecond), len(final))

	checkWatchers(t, watchers, final)
	stopWatchers()
	wwg.Wait()
	checkNoDuplicates(t, watchers)
}

// logTail returns the last n lines of a node's log.
func logTail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// addressOwning returns a free loopback address that, added to members, owns room under
// protoactor's rendezvous hashing (which hashes member addresses).
func addressOwning(t *testing.T, room string, members []string) string {
	t.Helper()
	var ms []*cluster.Member
	for i, m := range members {
		ms = append(ms, memberAt(fmt.Sprint(i), m))
	}
	// The hash (FNV-1a over identity and address) is weak: for some pairs of members only one
	// port in a hundred would win, so random free ports are not enough. Walk the whole port
	// range and take the first winner that is free to bind.
	for port := 1025; port <= 65535; port++ {
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		rdv := cluster.NewRendezvous()
		rdv.UpdateMembers(append(append([]*cluster.Member(nil), ms...), memberAt("joiner", addr)))
		if rdv.GetByClusterIdentity(cluster.NewClusterIdentity(room, "room")) != addr {
			continue
		}
		l, err := net.Listen("tcp", addr)
		if err != nil {
			continue
		}
		l.Close()
		return addr
	}
	t.Fatal("no free port found that would own the room")
	return ""
}

func memberAt(id, addr string) *cluster.Member {
	host, port, _ := net.SplitHostPort(addr)
	var p int32
	fmt.Sscan(port, &p)
	return &cluster.Member{Id: id, Host: host, Port: p, Kinds: []string{"room"}}
}
