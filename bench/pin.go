package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
)

// pinCores puts the node on CPU 0 and the harness (and the load workers it starts afterwards, which
// inherit its affinity) on the other CPUs, so the node's CPU per delivery is not shared with the
// load that measures it and runs compare from one machine to the next (issue 24). It returns
// whether both are pinned, and why not otherwise.
func pinCores(serverPIDs []int) (bool, string) {
	n := runtime.NumCPU()
	switch {
	case n < 2:
		return false, "not pinned: one CPU"
	case len(serverPIDs) != 1:
		return false, fmt.Sprintf("not pinned: %d server processes on %d CPUs (pinning is for one node)", len(serverPIDs), n)
	}
	if _, err := exec.LookPath("taskset"); err != nil {
		return false, "not pinned: taskset (util-linux) not found"
	}
	load := "1"
	if n > 2 {
		load = "1-" + strconv.Itoa(n-1)
	}
	for _, p := range []struct {
		pid  int
		cpus string
	}{{serverPIDs[0], "0"}, {os.Getpid(), load}} {
		// -a: every thread of the process, not only its first.
		if out, err := exec.Command("taskset", "-a", "-cp", p.cpus, strconv.Itoa(p.pid)).CombinedOutput(); err != nil {
			return false, fmt.Sprintf("not pinned: taskset %d: %v %s", p.pid, err, strings.TrimSpace(string(out)))
		}
	}
	return true, fmt.Sprintf("node pid %d on CPU 0, the harness and its load workers on CPU %s", serverPIDs[0], load)
}

// loadAverage is the 1-minute load average (0 when unknown).
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}
