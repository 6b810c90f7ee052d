package engine

import "testing"

func TestCollectorSettingsTakeTheConfigUnlessTheEnvironmentSetsThem(t *testing.T) {
	cfg := Config{GCPercent: 200}
	const machine = 24 << 30
	none := func(string) (string, bool) { return "", false }

	c := collectorSettings(cfg, none, machine)
	if !c.setPercent || c.percent != 200 || !c.setLimit || c.limit != machine/2 {
		t.Fatalf("defaults: %+v, want GOGC 200 and half of the machine's 24 GiB", c)
	}
	cfg.MemoryLimitMiB = 3072
	if c = collectorSettings(cfg, none, machine); !c.setLimit || c.limit != 3<<30 {
		t.Fatalf("COURTSIDE_MEMORY_LIMIT_MIB=3072: %+v", c)
	}
	cfg.MemoryLimitMiB = 0
	if c = collectorSettings(cfg, none, 0); c.setLimit {
		t.Fatalf("unknown machine memory: %+v, want no limit set", c)
	}

	env := map[string]string{"GOGC": "100", "GOMEMLIMIT": "1GiB"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	cfg.MemoryLimitMiB = 3072
	if c = collectorSettings(cfg, lookup, machine); c.setPercent || c.setLimit {
		t.Fatalf("GOGC and GOMEMLIMIT in the environment: %+v, want both left to the runtime", c)
	}
}

func TestMachineMemoryIsRead(t *testing.T) {
	if m := machineMemory(); m < 64<<20 {
		t.Fatalf("machine memory %d bytes: /proc/meminfo not read", m)
	}
}

func TestNegativeCollectorSettingsAreRefused(t *testing.T) {
	t.Setenv("COURTSIDE_GC_PERCENT", "-1")
	if _, err := Load(nil); err == nil {
		t.Fatal("COURTSIDE_GC_PERCENT=-1 accepted")
	}
}
