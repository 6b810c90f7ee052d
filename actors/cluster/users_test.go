package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	protocluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/asynkron/protoactor-go/cluster/identitylookup/disthash"
	"github.com/asynkron/protoactor-go/remote"
	"github.com/prometheus/client_golang/prometheus"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"courtside/actors/session"
)

// noticeProbe stands in for a session actor: it hands every notice it gets to a channel.
func noticeProbe(got chan<- string) *actor.Props {
	return actor.PropsFromFunc(func(c actor.Context) {
		if n, ok := c.Message().(*session.Notice); ok {
			got <- string(n.Payload)
		}
	}, actor.WithReceiverMiddleware(receiver(func(error) {})))
}

func expectNotice(t *testing.T, got <-chan string, want string) {
	t.Helper()
	select {
	case p := <-got:
		if p != want {
			t.Fatalf("notice %q, want %q", p, want)
		}
	case <-time.After(10 * time.Second): // a deadline for a hang, not a timing assertion
		t.Fatalf("notice %q never arrived", want)
	}
}

func expectNone(t *testing.T, got <-chan string, after func()) {
	t.Helper()
	after()
	select {
	case p := <-got:
		t.Fatalf("unexpected notice %q", p)
	case <-time.After(200 * time.Millisecond):
	}
}

// The user actor forwards a notice to every attached session, forgets a detached one, and drops a
// session that stopped without detaching.
func TestUserActorForwardsNoticesToItsLiveSessions(t *testing.T) {
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	user := sys.Root.Spawn(actor.PropsFromProducer(newUserActor))
	gotA, gotB := make(chan string, 8), make(chan string, 8)
	a, b := sys.Root.Spawn(noticeProbe(gotA)), sys.Root.Spawn(noticeProbe(gotB))
	sys.Root.Send(user, &UserAttach{Session: a})
	sys.Root.Send(user, &UserAttach{Session: b})
	sys.Root.Send(user, &UserAttach{Session: a}) // a refresh: still one attachment
	sys.Root.Send(user, &session.Notice{Payload: []byte("one")})
	expectNotice(t, gotA, "one")
	expectNotice(t, gotB, "one")
	expectNone(t, gotA, func() {}) // attached twice, told once

	sys.Root.Send(user, &UserDetach{Session: a})
	sys.Root.Send(user, &session.Notice{Payload: []byte("two")})
	expectNotice(t, gotB, "two")
	expectNone(t, gotA, func() {})

	if err := sys.Root.StopFuture(b).Wait(); err != nil {
		t.Fatal(err)
	}
	sys.Root.Send(user, &UserAttach{Session: a})
	sys.Root.Send(user, &session.Notice{Payload: []byte("three")})
	expectNotice(t, gotA, "three")
}

// testMember is one in-process member of a real cluster (etcd membership, remoting on loopback)
// with the user kind, its directory and router running.
type testMember struct {
	sys   *actor.ActorSystem
	users *Users
}

func startTestMember(t *testing.T, name, etcd string) *testMember {
	t.Helper()
	sys := actor.NewActorSystem()
	props := actor.PropsFromProducer(newUserActor,
		actor.WithReceiverMiddleware(receiver(func(err error) { t.Errorf("codec: %v", err) })),
		actor.WithSenderMiddleware(sender(func(err error) { t.Errorf("codec: %v", err) })))
	// protoactor's etcd provider never stops its lease keep-alive (it passes context.TODO and stops
	// reading on Shutdown), so a member shut down in this process leaves an etcd client that logs
	// "keepalive response queue is full" every second until the process ends: silence it here. A
	// node process exits after leaving, so only tests notice.
	provider := &lazyEtcd{cfg: clientv3.Config{Endpoints: []string{etcd}, DialTimeout: 5 * time.Second, Logger: zap.NewNop()}}
	conf := protocluster.Configure(name, provider, disthash.New(), remote.Configure("127.0.0.1", 0, RemoteOptions()...),
		protocluster.WithKinds(protocluster.NewKind(UserKind, props)))
	c := protocluster.New(sys, conf)
	if err := startMember(c); err != nil {
		t.Fatal(err)
	}
	m := &testMember{sys: sys}
	m.users = newUsers(session.NewLocalUsers(sys), func(uid string) *actor.PID { return c.Get(uid, UserKind) }, sys, zap.NewNop(), prometheus.NewRegistry())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { m.users.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done; c.Shutdown(true) })
	return m
}

// A notice raised on one member reaches the user's sessions on every member, whichever member
// hosts the user's actor.
func TestNoticeReachesTheUsersSessionsOnEveryMember(t *testing.T) {
	etcd := os.Getenv("ETCD_ENDPOINTS")
	if etcd == "" {
		if os.Getenv("COURTSIDE_REQUIRE_SERVICES") == "1" {
			t.Fatal("ETCD_ENDPOINTS must be set (scripts/etcd.sh)")
		}
		t.Skip("ETCD_ENDPOINTS not set: skipping the cluster test (eval \"$(scripts/etcd.sh)\")")
	}
	etcd = strings.Split(etcd, ",")[0]
	var b [4]byte
	_, _ = rand.Read(b[:])
	name := "users-" + hex.EncodeToString(b[:])
	one, two := startTestMember(t, name, etcd), startTestMember(t, name, etcd)

	gotOne, gotTwo := make(chan string, 8), make(chan string, 8)
	onOne, onTwo := one.sys.Root.Spawn(noticeProbe(gotOne)), two.sys.Root.Spawn(noticeProbe(gotTwo))
	// Enough users that both members host some of them.
	users := []string{"u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8"}
	for _, uid := range users {
		one.users.Add(uid, onOne)
		two.users.Add(uid, onTwo)
	}
	for _, uid := range users {
		// Attachments and the notice travel through each member's own ordered queue, but from two
		// members: wait until the user's actor answers to both before counting.
		deadline := time.Now().Add(20 * time.Second)
		for {
			one.users.Notify(uid, &session.Notice{Payload: []byte("probe " + uid)})
			if drained(gotOne, "probe "+uid) && drained(gotTwo, "probe "+uid) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("user %s: sessions on both members never got a notice", uid)
			}
		}
	}
	for _, uid := range users {
		two.users.Notify(uid, &session.Notice{Payload: []byte("start " + uid)})
		expectNotice(t, gotOne, "start "+uid)
		expectNotice(t, gotTwo, "start "+uid)
	}
	// A session that ends is detached everywhere. (The notice goes through the same member's queue
	// as the detach, so it cannot overtake it.)
	two.users.Remove("u1", onTwo)
	two.users.Notify("u1", &session.Notice{Payload: []byte("after")})
	expectNotice(t, gotOne, "after")
	expectNone(t, gotTwo, func() {})
}

// drained waits briefly for want on got, discarding earlier probes; it reports whether it came.
func drained(got <-chan string, want string) bool {
	timeout := time.After(500 * time.Millisecond)
	for {
		select {
		case p := <-got:
			if p == want {
				return true
			}
		case <-timeout:
			return false
		}
	}
}
