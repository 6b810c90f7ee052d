package scylla_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"courtside/storage/history"
	"courtside/storage/history/historytest"
	"courtside/storage/scylla"
)

// scyllaConfig returns the configuration of the cluster under test, or skips: no ScyllaDB server can
// be installed on the CI machines, so these tests run only where SCYLLA_HOSTS points at one.
func scyllaConfig(t *testing.T) scylla.Config {
	t.Helper()
	hosts := os.Getenv("SCYLLA_HOSTS")
	if hosts == "" {
		t.Skip("SCYLLA_HOSTS is not set: skipping the ScyllaDB conformance suite (see storage/scylla/README.md)")
	}
	ks := os.Getenv("SCYLLA_KEYSPACE")
	if ks == "" {
		ks = "courtside_test"
	}
	return scylla.Config{
		Hosts:       scylla.ParseHosts(hosts),
		Keyspace:    ks,
		Replication: os.Getenv("SCYLLA_REPLICATION"),
		Consistency: os.Getenv("SCYLLA_CONSISTENCY"),
	}
}

func openScylla(t *testing.T, cfg scylla.Config) history.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := scylla.Open(ctx, cfg)
	if err != nil {
		t.Fatalf("scylla.Open: %v", err)
	}
	return s
}

func TestScyllaConformance(t *testing.T) {
	cfg := scyllaConfig(t)
	historytest.Run(t, func(t *testing.T) history.Store { return openScylla(t, cfg) })
}

func TestScyllaRetention(t *testing.T) {
	cfg := scyllaConfig(t)
	cfg.TTL = time.Hour
	historytest.RunRetention(t, cfg.TTL, func(t *testing.T) history.Store { return openScylla(t, cfg) })
}

func TestOpenWithoutHostsFails(t *testing.T) {
	if _, err := scylla.Open(context.Background(), scylla.Config{}); !errors.Is(err, scylla.ErrNoHosts) {
		t.Fatalf("Open without hosts: err = %v, want ErrNoHosts", err)
	}
}

func TestParseHosts(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
	}{
		{"empty means none", "", nil},
		{"spaces and empty entries are dropped", " 10.0.0.1 , ,10.0.0.2:9042,", []string{"10.0.0.1", "10.0.0.2:9042"}},
		{"one host", "scylla", []string{"scylla"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := scylla.ParseHosts(c.in); strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
				t.Fatalf("ParseHosts(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
