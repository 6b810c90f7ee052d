package main

import (
	"slices"
	"testing"
)

func TestFlagsAndScenarioNamesMayComeInAnyOrder(t *testing.T) {
	cfg, names, err := parseArgs([]string{"-scale", "0.5", "hot-room", "-rate", "10", "idle-connections", "-rooms", "1001-1003,2000"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(names, []string{"hot-room", "idle-connections"}) {
		t.Errorf("names %v", names)
	}
	if cfg.Rate != 10 || cfg.Subscribers != 9000 || cfg.Idle != 9000 {
		t.Errorf("rate %v subscribers %d idle %d", cfg.Rate, cfg.Subscribers, cfg.Idle)
	}
	if !slices.Equal(cfg.Rooms, []string{"1001", "1002", "1003", "2000"}) {
		t.Errorf("rooms %v", cfg.Rooms)
	}
}

func TestPlansShareConnectionsAndKeepSenderIndexesFleetWide(t *testing.T) {
	cfg := &Config{PerWorker: 1000, ConnectRate: 4000, MaxPending: 100}
	tg := &targetSet{hosts: []string{"127.0.0.1:8081"}, path: "/ws?v=1"}
	plans := makePlans(cfg, tg, []group{{Count: 5, SenderBase: 0, Rate: 1}, {Count: 2500, SenderBase: -1}}, 5)
	if len(plans) != 3 {
		t.Fatalf("%d workers for 2505 connections at 1000 each, want 3", len(plans))
	}
	seen := map[int]bool{}
	total := 0
	for _, p := range plans {
		for _, g := range p.Groups {
			total += g.Count
			if g.SenderBase >= 0 {
				for i := 0; i < g.Count; i++ {
					if seen[g.SenderBase+i] {
						t.Errorf("sender %d planned twice", g.SenderBase+i)
					}
					seen[g.SenderBase+i] = true
				}
			}
		}
		if p.ConnectRate != 1333 {
			t.Errorf("worker connect rate %d, want the fleet's 4000 shared", p.ConnectRate)
		}
	}
	if total != 2505 || len(seen) != 5 {
		t.Errorf("planned %d connections and %d senders, want 2505 and 5", total, len(seen))
	}
}
