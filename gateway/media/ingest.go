package media

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/codecs"
	"go.uber.org/zap"
)

// Run listens for RTMP publishers on Config.RTMPAddr until ctx is done, then disconnects every
// publisher (their rooms go offline) and returns nil. It is the Hub's engine Service. It also keeps
// the Directory in step with this node's streams and listens for other nodes' stop requests.
func (h *Hub) Run(ctx context.Context) error {
	ln, err := net.Listen("tcp", h.cfg.RTMPAddr)
	if err != nil {
		return fmt.Errorf("media: rtmp listen %s: %w", h.cfg.RTMPAddr, err)
	}
	return h.Serve(ctx, ln)
}

// Serve is Run on a listener the caller opened (tests listen on port 0). A Hub serves once.
func (h *Hub) Serve(ctx context.Context, ln net.Listener) error {
	h.lnMu.Lock()
	if h.ln != nil {
		h.lnMu.Unlock()
		return errors.New("media: Serve called twice")
	}
	h.ln = ln
	h.lnMu.Unlock()
	close(h.ready)
	h.log.Info("media: rtmp ingest listening", zap.Stringer("addr", ln.Addr()))
	// Stopped after every publisher is released, so the last round withdraws their streams.
	actx, stopAnnounce := context.WithCancel(context.Background())
	announced := make(chan struct{})
	go func() { h.announce(actx, h.deps.Directory); close(announced) }()
	listening := make(chan struct{})
	go func() { h.listenStops(actx, h.deps.Directory); close(listening) }()
	defer func() { stopAnnounce(); <-announced; <-listening }()

	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		conns = map[net.Conn]struct{}{}
	)
	stop := context.AfterFunc(ctx, func() { _ = ln.Close() })
	defer stop()
	for {
		c, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			if errors.Is(err, net.ErrClosed) {
				break
			}
			continue
		}
		mu.Lock()
		conns[c] = struct{}{}
		mu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := h.handlePublisher(ctx, c)
			_ = c.Close()
			mu.Lock()
			delete(conns, c)
			mu.Unlock()
			if err != nil && ctx.Err() == nil {
				h.log.Info("media: rtmp connection ended", zap.Stringer("peer", c.RemoteAddr()), zap.Error(err))
			}
		}()
	}
	mu.Lock()
	for c := range conns {
		_ = c.Close()
	}
	mu.Unlock()
	wg.Wait()
	return nil
}

// RTMPAddr returns the ingest's listening address once Run or Serve has started (nil before).
func (h *Hub) RTMPAddr() net.Addr {
	h.lnMu.Lock()
	defer h.lnMu.Unlock()
	if h.ln == nil {
		return nil
	}
	return h.ln.Addr()
}

// Ready is closed once the ingest listens.
func (h *Hub) Ready() <-chan struct{} { return h.ready }

// handlePublisher runs one RTMP connection: handshake, stream key check, one-publisher check, then
// media until the publisher leaves, is kicked, or goes silent past ReadTimeout.
func (h *Hub) handlePublisher(ctx context.Context, c net.Conn) error {
	_ = c.SetDeadline(time.Now().Add(h.cfg.HandshakeTimeout))
	sc := &gortmplib.ServerConn{RW: c}
	if err := sc.Initialize(); err != nil {
		return err
	}
	if err := sc.AcceptConn(); err != nil {
		return err
	}
	if !sc.Publish {
		return errors.New("media: rtmp play is not served (watch over HTTP-FLV or HLS)")
	}
	key, err := h.streamKey(sc)
	if err != nil {
		return err
	}
	kctx, cancel := context.WithTimeout(ctx, h.cfg.HandshakeTimeout)
	room, err := h.deps.Keys.StreamKeyRoom(kctx, HashStreamKey(key))
	cancel()
	if err != nil {
		// Closing before the publish is acknowledged: OBS and ffmpeg report the push as refused.
		return fmt.Errorf("%w: %v", ErrBadStreamKey, err)
	}
	if err := h.checkSource(ctx, room, c.RemoteAddr()); err != nil {
		return err
	}
	st, err := h.claim(room, func() { _ = c.Close() })
	if err != nil {
		return fmt.Errorf("room %s: %w", room, err)
	}
	defer func() { h.release(st); st.endRecording(h.cfg.Now()) }()

	r := &gortmplib.Reader{Conn: sc}
	if err := r.Initialize(); err != nil { // acknowledges the publish, reads the tracks
		return err
	}
	var t tracks
	var video, audio *gortmplib.Track
	for _, tr := range r.Tracks() {
		switch cd := tr.Codec.(type) {
		case *codecs.H264:
			if video == nil {
				video, t.sps, t.pps = tr, cd.SPS, cd.PPS
			}
		case *codecs.MPEG4Audio:
			if audio == nil {
				audio, t.audio = tr, cd.Config
			}
		}
	}
	if video == nil || t.sps == nil || t.pps == nil {
		return fmt.Errorf("room %s: %w", room, ErrUnsupportedCodec)
	}
	now := h.cfg.Now
	r.OnDataH264(video, func(pts, dts time.Duration, au [][]byte) { st.writeVideo(pts, dts, au, now()) })
	if audio != nil {
		r.OnDataMPEG4Audio(audio, func(pts time.Duration, au []byte) { st.writeAudio(pts, au, now()) })
	}
	if err := h.start(st, t); err != nil {
		return err
	}
	for {
		_ = c.SetDeadline(time.Now().Add(h.cfg.ReadTimeout))
		if err := r.Read(); err != nil {
			return err
		}
	}
}

// streamKey takes the stream key from the publish URL rtmp://host/<App>/<key>; OBS may append a query.
func (h *Hub) streamKey(sc *gortmplib.ServerConn) (string, error) {
	if sc.URL == nil {
		return "", ErrBadStreamKey
	}
	p := strings.Trim(sc.URL.Path, "/")
	app, key, ok := strings.Cut(p, "/")
	if !ok || app != h.cfg.App || key == "" || strings.Contains(key, "/") {
		return "", fmt.Errorf("%w: publish path %q", ErrBadStreamKey, sc.URL.Path)
	}
	return key, nil
}

// checkSource applies the room's source-address allow-list (Deps.Sources) to the publisher's address.
// A refusal is logged with its reason here, at warning level, because the streamer's encoder only
// sees the connection close.
func (h *Hub) checkSource(ctx context.Context, room string, remote net.Addr) error {
	if h.deps.Sources == nil {
		return nil
	}
	addr := remoteAddr(remote)
	kctx, cancel := context.WithTimeout(ctx, h.cfg.HandshakeTimeout)
	ok, err := h.deps.Sources.SourceAllowed(kctx, room, addr)
	cancel()
	switch {
	case err != nil:
		h.log.Warn("media: publish refused: the source allow-list could not be read",
			zap.String("room", room), zap.Stringer("source", addr), zap.Error(err))
		return fmt.Errorf("room %s: %w: %v", room, ErrSourceRefused, err)
	case !ok:
		h.log.Warn("media: publish refused: source address not on the streamer's allow-list",
			zap.String("room", room), zap.Stringer("source", addr))
		return fmt.Errorf("room %s from %s: %w", room, addr, ErrSourceRefused)
	}
	return nil
}

// remoteAddr is the IP of a connection's peer, IPv4-mapped IPv6 addresses unmapped so that a list
// entry 192.0.2.0/24 matches a dual-stack listener's ::ffff:192.0.2.7.
func remoteAddr(a net.Addr) netip.Addr {
	if ta, ok := a.(*net.TCPAddr); ok {
		if ip, ok := netip.AddrFromSlice(ta.IP); ok {
			return ip.Unmap()
		}
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}
