package engine

import (
	"net/http/httptest"
	"testing"

	jsoniter "github.com/json-iterator/go"
)

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

var garbageSink []byte

// TestFreeMemoryCollectsAndReturnsThePages: what the bench reads before and after opening its idle
// connections is the heap without garbage, its free pages given back.
func TestFreeMemoryCollectsAndReturnsThePages(t *testing.T) {
	const garbage = 64 << 20
	garbageSink = make([]byte, garbage)
	for i := range garbageSink {
		garbageSink[i] = 1 // touched, so the pages are resident
	}
	garbageSink = nil
	rec := httptest.NewRecorder()
	freeMemory(rec, httptest.NewRequest("POST", "/debug/free-memory", nil))
	var got freedMemory
	if err := jsoniter.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, rec.Body)
	}
	if got.HeapInuseBytes == 0 || got.HeapInuseBytes >= garbage {
		t.Errorf("heap in use after freeing: %d B (the %d B of garbage should be gone)", got.HeapInuseBytes, garbage)
	}
	if got.HeapReleasedBytes < garbage {
		t.Errorf("released to the system: %d B, want at least the %d B of garbage", got.HeapReleasedBytes, garbage)
	}
}
