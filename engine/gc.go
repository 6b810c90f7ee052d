package engine

import (
	"bufio"
	"bytes"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	jsoniter "github.com/json-iterator/go"
	"go.uber.org/zap"
)

// TuneCollector sets the Go garbage collector of a node's process from cfg: GOGC to
// cfg.GCPercent and the soft memory limit to cfg.MemoryLimitMiB (0: half the machine's memory,
// or of its cgroup's limit), unless GOGC or GOMEMLIMIT is in the environment, which the runtime
// has applied already. cmd/courtside calls it once; tests and tools that embed nodes keep Go's
// defaults.
//
// Why: on a node with one core, each collection's marking takes a quarter of the core for half a
// second and makes the goroutines that allocate help, and the deliveries of those seconds arrive
// two to four times later than the others. At Go's default (GOGC 100) a node with 10,000 ticking
// matches collected every one to four seconds, and those seconds were its 99th percentile (issue
// 24, docs/BENCHMARKS.md). Letting the heap grow further between collections makes them rarer;
// the memory limit keeps that growth from ever taking the machine's memory. The default, 200, is
// where the measured gain stopped (docs/operations.md gives the figures of 100, 200, 400 and 1000).
func TuneCollector(cfg Config, log *zap.Logger) {
	s := collectorSettings(cfg, os.LookupEnv, machineMemory())
	if s.setPercent {
		debug.SetGCPercent(s.percent)
	}
	if s.setLimit {
		debug.SetMemoryLimit(s.limit)
	}
	log.Info("garbage collector", zap.String("gogc", s.percentSource), zap.String("memory_limit", s.limitSource))
}

// collector is what TuneCollector sets, and whence each value comes (for the start-up log).
type collector struct {
	setPercent, setLimit       bool
	percent                    int
	limit                      int64
	percentSource, limitSource string
}

// collectorSettings decides TuneCollector's settings; machine is the memory the process may use
// (0: unknown).
func collectorSettings(cfg Config, lookup func(string) (string, bool), machine int64) collector {
	var c collector
	if v, ok := lookup("GOGC"); ok {
		c.percentSource = "GOGC=" + v + " from the environment"
	} else {
		c.setPercent, c.percent = true, cfg.GCPercent
		c.percentSource = strconv.Itoa(cfg.GCPercent) + " (COURTSIDE_GC_PERCENT)"
	}
	switch v, ok := lookup("GOMEMLIMIT"); {
	case ok:
		c.limitSource = "GOMEMLIMIT=" + v + " from the environment"
	case cfg.MemoryLimitMiB > 0:
		c.setLimit, c.limit = true, int64(cfg.MemoryLimitMiB)<<20
		c.limitSource = strconv.Itoa(cfg.MemoryLimitMiB) + " MiB (COURTSIDE_MEMORY_LIMIT_MIB)"
	case machine > 0:
		c.setLimit, c.limit = true, machine/2
		c.limitSource = strconv.FormatInt(machine/2>>20, 10) + " MiB (half of the machine's memory)"
	default:
		c.limitSource = "none (the machine's memory is unknown)"
	}
	return c
}

// machineMemory is the memory this process may use: the cgroup's limit when it has one, else the
// machine's total; 0 when neither can be read.
func machineMemory() int64 {
	total := memTotal()
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			return n
		}
	}
	return total
}

func memTotal() int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		// MemTotal:       24591808 kB
		if f := strings.Fields(sc.Text()); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// freedMemory is the answer of POST /debug/free-memory: the heap after a full collection whose
// free pages went back to the operating system.
type freedMemory struct {
	HeapInuseBytes    uint64 `json:"heap_inuse_bytes"`
	HeapReleasedBytes uint64 `json:"heap_released_bytes"`
	SysBytes          uint64 `json:"sys_bytes"`
}

// freeMemory runs a full collection and returns every free page to the operating system
// (debug.FreeOSMemory), then says what the heap holds. It is for measurements, not for running:
// the resident memory of a node between collections carries the collector's headroom (up to
// GOGC % of the live heap) and its last garbage, so "what do 18,000 idle connections keep" is only
// comparable between two readings taken right after this (the bench's idle-connections scenario).
// The pause is a stop-the-world collection of the whole heap, hence operators only.
func freeMemory(w http.ResponseWriter, _ *http.Request) {
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	w.Header().Set("Content-Type", "application/json")
	jsoniter.NewEncoder(w).Encode(freedMemory{HeapInuseBytes: m.HeapInuse, HeapReleasedBytes: m.HeapReleased, SysBytes: m.Sys})
}
