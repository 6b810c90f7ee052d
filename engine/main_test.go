package engine_test

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"

	"go.uber.org/zap"

	"courtside/actors/room"
	"courtside/engine"
)

// TestMain doubles as a node process for the crash tests: with COURTSIDE_TEST_NODE=1 the test binary
// runs one real node from the environment (like cmd/courtside), prints its addresses and serves until
// it is killed.
func TestMain(m *testing.M) {
	if os.Getenv("COURTSIDE_TEST_NODE") == "1" {
		os.Exit(runChildNode())
	}
	os.Exit(m.Run())
}

func runChildNode() int {
	cfg, err := engine.Load(nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	var opts []engine.Option
	if os.Getenv("COURTSIDE_TEST_TOKENS") == "1" {
		opts = append(opts, engine.WithAuthenticator(testTokens{}))
	}
	n, err := engine.New(ctx, cfg, zap.NewNop(), opts...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	done := make(chan error, 1)
	go func() { done <- n.Run(ctx) }()
	for !n.Ready() {
		select {
		case err := <-done:
			fmt.Fprintln(os.Stderr, err)
			return 1
		default:
		}
		waitABit()
	}
	fmt.Printf("READY http=%s ws=%s\n", n.HTTPAddr(), n.WSAddr())
	if err := <-done; err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// testTokens stand in for accounts in child nodes started with COURTSIDE_TEST_TOKENS=1 (guests may
// not chat, spec §6, so the tests' talkers sign in): "admin" is an administrator, "viewer-<name>" a
// signed-in viewer of its own (the same name is the same user on every node).
type testTokens struct{}

func (testTokens) Authenticate(_ context.Context, token string) (room.Identity, error) {
	if token == "admin" {
		return room.Identity{ID: "u1", Name: "Ada", Admin: true, Level: 30}, nil
	}
	if name, ok := strings.CutPrefix(token, "viewer-"); ok && name != "" {
		h := fnv.New32a()
		h.Write([]byte(name))
		return room.Identity{ID: fmt.Sprintf("u%d", 1000+h.Sum32()%1_000_000_000), Name: "v" + name, Level: 3}, nil
	}
	return room.Identity{}, errors.New("unknown token")
}
