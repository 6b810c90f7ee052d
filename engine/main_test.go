package engine_test

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"testing"

	"go.uber.org/zap"

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
	n, err := engine.New(ctx, cfg, zap.NewNop())
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
