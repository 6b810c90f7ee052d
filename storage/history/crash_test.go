package history_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"courtside/storage/history"
)

// The crash test re-executes this test binary as a child (TestCrashChild) that drives a chat storm
// through the group-commit Writer into a Pebble directory and prints "ACK <room> <seq>" the moment
// each done callback reports success. The parent SIGKILLs it mid-storm, twice (the second child
// resumes every room from LastSeq, as a re-activated room actor does), then reopens the store and
// checks the durability promise: every acknowledged message is there, exactly once.

const (
	crashDirEnv    = "COURTSIDE_HISTORY_CRASH_DIR"
	crashRooms     = 16
	crashStorm     = 400000 // more than a child can write before it is killed
	crashKillAfter = 10000  // acknowledgements per round before SIGKILL
)

func crashRoom(i int) string { return "storm-" + strconv.Itoa(i) }

func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		t.Skip("runs only as the child process of TestSIGKILLLosesNoAcknowledgedMessage")
	}
	s, err := history.OpenPebble(history.PebbleConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	w, err := history.NewWriter(s, history.WriterConfig{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	next := make([]uint64, crashRooms)
	lastTs := make([]int64, crashRooms)
	for r := range next {
		last, err := s.LastSeq(ctx, crashRoom(r))
		if err != nil {
			t.Fatal(err)
		}
		next[r] = last + 1
	}
	out := os.Stdout // unbuffered: a line is in the pipe before the next ack is reported
	for i := 0; i < crashStorm; i++ {
		r := i % crashRooms
		room, seq := crashRoom(r), next[r]
		next[r]++
		lastTs[r] = max(lastTs[r], time.Now().UnixMilli())
		line := []byte("ACK " + room + " " + strconv.FormatUint(seq, 10) + "\n")
		done := func(err error) {
			if err == nil {
				_, _ = out.Write(line)
			}
		}
		if err := w.AppendWait(ctx, chatEvent(room, seq, lastTs[r]), done); err != nil {
			t.Fatal(err)
		}
	}
	_ = w.Close()
	_ = s.Close()
}

func TestSIGKILLLosesNoAcknowledgedMessage(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	dir := t.TempDir()
	acked := map[string]map[uint64]bool{}
	total := 0
	for round := 1; round <= 2; round++ {
		n := runCrashChild(t, dir, acked)
		t.Logf("round %d: %d messages acknowledged before SIGKILL", round, n)
		total += n
	}

	s, err := history.OpenPebble(history.PebbleConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	stored := 0
	for r := 0; r < crashRooms; r++ {
		room := crashRoom(r)
		last, err := s.LastSeq(ctx, room)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[uint64]bool{}
		want := uint64(1)
		for since := uint64(0); ; {
			page, err := s.After(ctx, room, since, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) == 0 {
				break
			}
			for _, ev := range page {
				if seen[ev.Seq] {
					t.Fatalf("room %s: seq %d stored twice", room, ev.Seq)
				}
				seen[ev.Seq] = true
				// The writer commits in order, so what survived is a gap-free prefix of each room.
				if ev.Seq != want {
					t.Fatalf("room %s: seq %d follows %d", room, ev.Seq, want-1)
				}
				want++
				if exp := chatEvent(room, ev.Seq, ev.Time); !bytes.Equal(ev.Payload, exp.Payload) {
					t.Fatalf("room %s seq %d: payload %s, want %s", room, ev.Seq, ev.Payload, exp.Payload)
				}
			}
			since = page[len(page)-1].Seq
		}
		if want-1 != last {
			t.Errorf("room %s: LastSeq %d but events 1..%d stored", room, last, want-1)
		}
		for seq := range acked[room] {
			if !seen[seq] {
				t.Errorf("room %s: acknowledged seq %d is missing after SIGKILL", room, seq)
			}
		}
		stored += len(seen)
	}
	if total < 2*crashKillAfter {
		t.Fatalf("only %d acknowledgements read; the storm never reached the kill point", total)
	}
	t.Logf("%d acknowledged, %d stored (stored ⊇ acknowledged)", total, stored)
}

// runCrashChild runs one child until crashKillAfter acks, SIGKILLs it, and records every ack it
// printed (those written to the pipe before the kill count too: they were acknowledged).
func runCrashChild(t *testing.T, dir string, acked map[string]map[uint64]bool) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashDirEnv+"="+dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	n, killed := 0, false
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[0] != "ACK" {
			continue
		}
		seq, err := strconv.ParseUint(f[2], 10, 64)
		if err != nil {
			t.Fatalf("bad ack line %q", sc.Text())
		}
		if acked[f[1]] == nil {
			acked[f[1]] = map[uint64]bool{}
		}
		if acked[f[1]][seq] {
			t.Fatalf("room %s seq %d acknowledged twice", f[1], seq)
		}
		acked[f[1]][seq] = true
		n++
		if n == crashKillAfter && !killed {
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			killed = true
		}
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child was not killed mid-storm (err %v, %d acks); stderr:\n%s", err, n, stderr.String())
	}
	return n
}
