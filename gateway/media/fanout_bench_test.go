package media

import (
	"bufio"
	"fmt"
	"net"
	"net/http/httputil"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// BenchmarkFLVFanout pushes one synthetic stream (25 fps, 10 KB video frames ≈ 2 Mbit/s, plus AAC)
// to many HTTP-FLV viewers over loopback. One op is one video frame (with its audio frame) delivered
// to every viewer. Frames are published in bursts of one second of video and the next burst waits
// until every viewer has read the previous one, so nobody is skipped ahead. cpu-ms/frame counts the
// whole process (server and the in-process viewers' reads): an upper bound of the server's cost;
// cores@25fps is that cost at the real frame rate.
func BenchmarkFLVFanout(b *testing.B) {
	for _, viewers := range []int{10, 100, 1000, 3000} {
		b.Run(fmt.Sprintf("viewers=%d", viewers), func(b *testing.B) { benchFanout(b, viewers) })
	}
}

func benchFanout(b *testing.B, viewers int) {
	c := newClock()
	h := New(Config{Now: c.Now, FLVRing: 4096}, Deps{})
	pub := startFake(b, h, "r", 50)
	srv := serve(b, h)
	url := h.SignedURL("r", KindFLV, 0, c.Now().Add(time.Hour))
	addr := srv.Listener.Addr().String()

	var received atomic.Int64
	conns := make([]net.Conn, 0, viewers)
	for range viewers {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			b.Fatal(err)
		}
		conns = append(conns, conn)
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", url)
		go func() {
			br := bufio.NewReaderSize(conn, 64<<10)
			// Skip the response head, then count the body's bytes.
			for {
				line, err := br.ReadSlice('\n')
				if err != nil {
					return
				}
				if len(line) <= 2 {
					break
				}
			}
			body := httputil.NewChunkedReader(br)
			buf := make([]byte, 64<<10)
			for {
				n, err := body.Read(buf)
				received.Add(int64(n))
				if err != nil {
					return
				}
			}
		}()
	}
	b.Cleanup(func() {
		for _, c := range conns {
			c.Close()
		}
	})
	// Every viewer is connected once the FLV header reached it.
	waitBytes(b, &received, int64(viewers*13))

	big := make([]byte, 10_000)
	const burst = 25
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	start := time.Now()
	for done := 0; done < b.N; {
		n := min(burst, b.N-done)
		for range n {
			pub.videoFrame(big)
		}
		done += n
		// The last audio tag of a burst waits for the next video frame (audio does not wake viewers).
		pub.st.mu.Lock()
		want := int64(viewers) * (13 + pub.st.tagBytes + headerBytes(pub.st) - audioTagBytes)
		pub.st.mu.Unlock()
		waitBytes(b, &received, want)
	}
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	b.StopTimer()
	perFrame := cpu / time.Duration(b.N)
	b.ReportMetric(float64(viewers), "viewers")
	b.ReportMetric(float64(perFrame.Microseconds())/1000, "cpu-ms/frame")
	b.ReportMetric(perFrame.Seconds()*25, "cores@25fps")
	b.ReportMetric(float64(received.Load())/elapsed.Seconds()/1e6, "MB/s")
}

// videoFrame publishes one video frame of the given payload and one audio frame.
func (p *fakePub) videoFrame(payload []byte) {
	key := p.n%p.gop == 0
	payload[0] = 0x41
	if key {
		payload[0] = 0x65
	}
	now := p.h.cfg.Now()
	p.st.writeVideo(p.dts, p.dts, [][]byte{payload}, now)
	p.st.writeAudio(p.dts, make([]byte, 200), now)
	p.dts += 40 * time.Millisecond
	p.n++
}

// audioTagBytes is the size of one encoded 200-byte audio frame tag.
const audioTagBytes = 11 + 2 + 200 + 4

// headerBytes is what a viewer joining at the first keyframe gets before the ring's tags.
func headerBytes(st *stream) int64 {
	return int64(len(encodeTag(tagVideo, 0, st.videoHdr)) + len(encodeTag(tagAudio, 0, st.audioHdr)))
}

// waitBytes waits until at least want body bytes reached the viewers.
func waitBytes(b *testing.B, got *atomic.Int64, want int64) {
	end := time.Now().Add(60 * time.Second)
	for got.Load() < want {
		if time.Now().After(end) {
			b.Fatalf("viewers received %d of %d bytes", got.Load(), want)
		}
		time.Sleep(200 * time.Microsecond)
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
