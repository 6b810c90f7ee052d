package room

import (
	"testing"
	"time"
)

// The pacer is driven with a virtual clock: no test here sleeps or depends on the machine's speed.

var t0 = time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)

func testPacer() pacer {
	cfg := &Config{TickMin: 100 * time.Millisecond, TickMax: 250 * time.Millisecond, HotRate: 50}
	return newPacer(cfg)
}

// simulate runs lines arriving at the given offsets through a pacer the way the room does: a line
// arms a frame unless one is pending (wait decides when), the frame takes every line waiting. It
// returns each line's wait and the number of frames.
func simulate(p *pacer, arrivals []time.Duration) (waits []time.Duration, frames int) {
	var pending []time.Duration // arrival offsets of lines waiting for the armed frame
	var due time.Duration
	armed := false
	fire := func() {
		for _, a := range pending {
			waits = append(waits, due-a)
		}
		pending, armed = pending[:0], false
		p.sent(t0.Add(due))
		frames++
	}
	for _, at := range arrivals {
		if armed && due <= at {
			fire()
		}
		p.accepted()
		pending = append(pending, at)
		if !armed {
			armed, due = true, at+p.wait(t0.Add(at))
		}
	}
	if armed {
		fire()
	}
	return waits, frames
}

// every returns n arrivals spaced gap apart, starting at from.
func every(from, gap time.Duration, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = from + time.Duration(i)*gap
	}
	return out
}

func TestAQuietRoomSendsEachLineAtOnce(t *testing.T) {
	p := testPacer()
	// 4 lines/s, the quiet room: every line finds the last frame 250 ms old.
	waits, frames := simulate(&p, every(0, 250*time.Millisecond, 40))
	for i, w := range waits {
		if w != 0 {
			t.Fatalf("line %d waited %v in a quiet room", i, w)
		}
	}
	if frames != 40 {
		t.Fatalf("%d frames for 40 lines, want one each", frames)
	}
}

func TestALineSoonAfterAFrameWaitsOnlyForTheRestOfTheInterval(t *testing.T) {
	p := testPacer()
	if w := p.wait(t0); w != 0 {
		t.Fatalf("first frame waits %v", w)
	}
	p.accepted()
	p.sent(t0)
	// TickMin is 100 ms; the line itself raises the rate a little, and the interval with it.
	if w := p.wait(t0.Add(30 * time.Millisecond)); w < 70*time.Millisecond || w > 75*time.Millisecond {
		t.Fatalf("a line 30 ms after a frame waits %v, want just over 70ms", w)
	}
	if w := p.wait(t0.Add(110 * time.Millisecond)); w != 0 {
		t.Fatalf("a line one interval after a frame waits %v", w)
	}
}

func TestAHotRoomBatchesAtTheWideTick(t *testing.T) {
	p := testPacer()
	// 100 lines/s for 4 s: twice the hot rate.
	waits, frames := simulate(&p, every(0, 10*time.Millisecond, 400))
	if iv := p.interval(); iv < 240*time.Millisecond {
		t.Fatalf("interval %v in a room at 100 lines/s, want about TickMax (250ms)", iv)
	}
	// The first second ramps up from TickMin; after that frames are ~250 ms apart.
	if frames < 16 || frames > 26 {
		t.Fatalf("%d frames in 4 s at 100 lines/s, want about 4 s / 250 ms (+ the ramp)", frames)
	}
	batched := 0
	for _, w := range waits {
		if w > 0 {
			batched++
		}
	}
	if batched < 350 {
		t.Fatalf("only %d of 400 lines waited for a frame in a hot room", batched)
	}
}

func TestARoomThatCoolsDownSendsAtOnceAgain(t *testing.T) {
	p := testPacer()
	simulate(&p, every(0, 10*time.Millisecond, 300)) // 3 s hot
	hot := p.interval()
	// Two seconds of silence, then a trickle: the first line goes out at once, and after a few
	// lines the interval is back near TickMin.
	waits, _ := simulate(&p, every(5*time.Second, 300*time.Millisecond, 10))
	if waits[0] != 0 {
		t.Fatalf("first line after a quiet spell waited %v", waits[0])
	}
	for i, w := range waits {
		if w != 0 {
			t.Fatalf("line %d of a trickle waited %v", i, w)
		}
	}
	if iv := p.interval(); iv > 115*time.Millisecond || iv >= hot { // 3.3 lines/s: 110 ms
		t.Fatalf("interval %v after cooling down (hot: %v), want near TickMin", iv, hot)
	}
}

func TestIntervalWidensWithTheRate(t *testing.T) {
	for _, c := range []struct {
		rate float64
		want time.Duration
	}{
		{0, 100 * time.Millisecond},
		{4, 112 * time.Millisecond},
		{25, 175 * time.Millisecond},
		{50, 250 * time.Millisecond},
		{500, 250 * time.Millisecond},
	} {
		p := testPacer()
		p.rate = c.rate
		if got := p.interval(); got != c.want {
			t.Errorf("rate %v: interval %v, want %v", c.rate, got, c.want)
		}
	}
}

func TestRateFollowsTheLinesOverTime(t *testing.T) {
	p := testPacer()
	p.observe(t0)
	for i := 1; i <= 50; i++ { // 20 lines/s for 5 s, observed every 100 ms
		p.accepted()
		p.accepted()
		p.observe(t0.Add(time.Duration(i) * 100 * time.Millisecond))
	}
	if p.rate < 19 || p.rate > 21 {
		t.Fatalf("rate %v after 5 s at 20 lines/s", p.rate)
	}
	p.observe(t0.Add(5*time.Second + 5*time.Millisecond)) // too close: ignored
	if p.rate < 19 {
		t.Fatalf("rate %v after an observation 5 ms later", p.rate)
	}
	p.observe(t0.Add(15 * time.Second)) // ten silent seconds
	if p.rate > 0.01 {
		t.Fatalf("rate %v after ten silent seconds", p.rate)
	}
}
