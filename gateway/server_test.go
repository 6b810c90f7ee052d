package gateway

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestRunReportsAnAddressInUse(t *testing.T) {
	first := startServer(t, Config{}, newRecorder())
	second := New(Config{Addr: first.Addr().String()}, newRecorder())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := second.Run(ctx); !errors.Is(err, ErrStartFailed) {
		t.Fatalf("Run on a busy address: %v, want ErrStartFailed", err)
	}
}

func TestRunTwiceIsRefused(t *testing.T) {
	s := startServer(t, Config{}, newRecorder())
	if err := s.Run(context.Background()); !errors.Is(err, ErrAlreadyRunning) {
		t.Fatalf("second Run: %v", err)
	}
}

func TestNewFillsDefaults(t *testing.T) {
	cfg := New(Config{OutboundLimit: 1000}, newRecorder()).Config()
	if cfg.Addr != ":8081" || cfg.Path != "/ws" || cfg.MaxMessageSize != 64<<10 || cfg.OutboundHardCap != 4000 ||
		cfg.SlowConsumerGrace != 5*time.Second || cfg.IdleTimeout != 60*time.Second || cfg.PingInterval != 25*time.Second ||
		cfg.MaxConnsPerIP != 4096 || cfg.Logger == nil {
		t.Fatalf("defaults not filled: %+v", cfg)
	}
	if d := cfg.tickInterval(); d != 750*time.Millisecond { // a quarter of CloseTimeout, the shortest
		t.Fatalf("tick %v with default timers, want 750ms", d)
	}
	if d := (Config{IdleTimeout: 100 * time.Millisecond}).withDefaults().tickInterval(); d != 25*time.Millisecond {
		t.Fatalf("tick %v for a 100ms idle timeout, want 25ms", d)
	}
}

func TestNegativeMaxConnsPerIPDisablesTheCap(t *testing.T) {
	if got := New(Config{MaxConnsPerIP: -1}, newRecorder()).Config().MaxConnsPerIP; got != -1 {
		t.Fatalf("MaxConnsPerIP = %d, want -1 kept", got)
	}
}
