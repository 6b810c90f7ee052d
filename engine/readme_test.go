package engine_test

import (
	"os"
	"strings"
	"testing"

	"courtside/engine"
)

// TestReadmeListsEveryKnob keeps the README's configuration table in step with Config.
func TestReadmeListsEveryKnob(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range engine.ConfigFields() {
		row := "| `" + f.Env + "` | `-" + f.Flag + "` |"
		if !strings.Contains(string(readme), row) {
			t.Errorf("README.md has no configuration row for %s (-%s)", f.Env, f.Flag)
		}
	}
}

func TestConfigPrecedenceIsDefaultThenEnvThenFlag(t *testing.T) {
	t.Setenv("COURTSIDE_CHAT_FRAME_LINES", "12")
	t.Setenv("COURTSIDE_HTTP_ADDR", ":9000")
	cfg, err := engine.Load([]string{"-http", ":9100"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.FrameLines != 12 || cfg.HTTPAddr != ":9100" || cfg.WSAddr != ":8081" {
		t.Fatalf("frame lines %d, http %q, ws %q", cfg.FrameLines, cfg.HTTPAddr, cfg.WSAddr)
	}
	for _, bad := range [][]string{{"-env", "staging"}, {"-chat-tick-min", "0s"}, {"-chat-frame-lines", "x"}, {"-feed", "sportradar"}} {
		if _, err := engine.Load(bad); err == nil {
			t.Errorf("Load(%v) accepted a bad value", bad)
		}
	}
}
