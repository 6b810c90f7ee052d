package media

import (
	"time"
)

// The stream's health (issue 17, the streamer centre's live link details): the bitrate and frame
// rate the publisher actually sends, measured at the ingest from the media it delivers, not from
// what the encoder claims in its metadata.

// HealthObserver may also be implemented by a Notifier: every Config.HealthEvery while a stream is
// live it hears the stream's state with its measured bitrate and frame rate, and the viewers (the
// streamer centre keeps them as samples for its chart). It is called from the stream's watchdog
// goroutine: implementations must be quick and must not call back into the Hub synchronously.
type HealthObserver interface {
	StreamHealth(s RoomStats)
}

// countVideo adds one access unit to the health counters (publisher goroutine).
func (st *stream) countVideo(au [][]byte) {
	n := 0
	for _, nal := range au {
		n += len(nal)
	}
	st.inBytes.Add(int64(n))
	st.inFrames.Add(1)
}

// healthMeter turns the stream's counters into rates over the interval since its last reading. It
// measures on the wall clock (time.Now), not Config.Now: a rate is physical, and tests that move the
// site's clock must not make a stream look fast or frozen.
type healthMeter struct {
	at            time.Time
	bytes, frames int64
	primed        bool
}

// read stores the rates since the last reading in st and reports whether they are new.
func (m *healthMeter) read(st *stream, now time.Time) bool {
	b, f := st.inBytes.Load(), st.inFrames.Load()
	if !m.primed {
		m.at, m.bytes, m.frames, m.primed = now, b, f, true
		return false
	}
	dt := now.Sub(m.at).Seconds()
	if dt <= 0 {
		return false
	}
	st.bitrateKbps.Store(int64(float64(b-m.bytes) * 8 / 1000 / dt))
	st.fpsCenti.Store(int64(float64(f-m.frames) * 100 / dt))
	m.at, m.bytes, m.frames = now, b, f
	return true
}

// StreamHealth calls every notifier that is also a HealthObserver.
func (ns Notifiers) StreamHealth(s RoomStats) {
	for _, n := range ns {
		if o, ok := n.(HealthObserver); ok {
			o.StreamHealth(s)
		}
	}
}
