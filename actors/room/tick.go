package room

import (
	"math"
	"time"
)

// rateWindow is the time constant of a room's smoothed chat rate: a sample taken after a gap this
// long weighs about 63 % against the history, so a room that went quiet is seen as quiet again
// within a second or two.
const rateWindow = time.Second

// pacer decides when a room's next frame goes out (issue 24: the latency floor). A line that finds
// the room quiet, its last frame at least one interval ago, goes out at once; while lines keep
// coming, frames are one interval apart, and the interval widens with the room's chat rate from
// TickMin (quiet) to TickMax (at HotRate lines/s and above), so a hot room still batches.
//
// It is plain state owned by the room actor: every method is called from the room's mailbox, with
// the time passed in (Config.Now), so tests drive it with any clock.
type pacer struct {
	min, max time.Duration
	hotRate  float64

	rate      float64   // accepted chat lines per second, smoothed over rateWindow
	lines     int       // lines accepted since rateAt
	rateAt    time.Time // when rate was last updated (zero: never)
	lastFrame time.Time // when the last frame went out (zero: never)
}

func newPacer(cfg *Config) pacer {
	return pacer{min: cfg.TickMin, max: cfg.TickMax, hotRate: cfg.HotRate}
}

// accepted counts one chat line for the rate.
func (p *pacer) accepted() { p.lines++ }

// observe folds the lines counted since the last observation into the rate. Observations closer
// than 20 ms are skipped (the lines stay counted for the next one): a rate over a tiny span is noise.
func (p *pacer) observe(now time.Time) {
	if p.rateAt.IsZero() {
		p.rateAt = now
		return
	}
	el := now.Sub(p.rateAt)
	if el < 20*time.Millisecond {
		return
	}
	alpha := 1 - math.Exp(-el.Seconds()/rateWindow.Seconds())
	p.rate += alpha * (float64(p.lines)/el.Seconds() - p.rate)
	p.rateAt, p.lines = now, 0
}

// interval is the least spacing of frames at the current rate: TickMin for a quiet room, widening
// linearly to TickMax at hotRate lines/s.
func (p *pacer) interval() time.Duration {
	load := min(p.rate/p.hotRate, 1)
	return p.min + time.Duration(load*float64(p.max-p.min))
}

// wait is how long a frame that became due at now should wait: 0 when the room is quiet (its last
// frame is at least an interval old), otherwise until an interval after the last frame.
func (p *pacer) wait(now time.Time) time.Duration {
	if p.lastFrame.IsZero() {
		return 0
	}
	p.observe(now)
	return max(p.lastFrame.Add(p.interval()).Sub(now), 0)
}

// sent records a frame going out at now.
func (p *pacer) sent(now time.Time) {
	p.observe(now)
	p.lastFrame = now
}
