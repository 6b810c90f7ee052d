package media

import (
	"context"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"
)

// directoryTimeout bounds one round of directory calls, so an unreachable Redis delays the next
// announcement instead of blocking the announcer.
const directoryTimeout = 2 * time.Second

// streamsChanged wakes the announcer; it never blocks (one pending wake-up is enough: the announcer
// reads the whole state each round).
func (h *Hub) streamsChanged() {
	select {
	case h.changed <- struct{}{}:
	default:
	}
}

// announce keeps the Directory in step with this node's streams until ctx is done: every
// AnnounceEvery and whenever a stream starts, ends or stalls it announces the live streams and
// withdraws those that ended. It is the only goroutine that writes the directory, so a withdrawal
// never races with an announcement of the same stream. When ctx is done (Serve has released every
// stream by then) it withdraws what is left, so other nodes stop sending viewers here at once.
func (h *Hub) announce(ctx context.Context, dir Directory) {
	t := time.NewTicker(h.cfg.AnnounceEvery)
	defer t.Stop()
	held := map[string]bool{} // rooms announced and not withdrawn yet
	for {
		select {
		case <-ctx.Done():
			final, cancel := context.WithTimeout(context.Background(), directoryTimeout)
			h.syncDirectory(final, dir, held)
			cancel()
			return
		case <-t.C:
		case <-h.changed:
		}
		rctx, cancel := context.WithTimeout(ctx, directoryTimeout)
		h.syncDirectory(rctx, dir, held)
		cancel()
	}
}

// syncDirectory announces the live streams and withdraws the ones in held that are no longer live.
// A failed call is logged and retried on the next round (announcements expire on their own if this
// node stays unable to refresh them).
func (h *Hub) syncDirectory(ctx context.Context, dir Directory, held map[string]bool) {
	live := h.AllStats()
	now := make(map[string]bool, len(live))
	for _, s := range live {
		now[s.Room] = true
		held[s.Room] = true
	}
	if len(live) > 0 {
		if err := dir.Announce(ctx, live); err != nil {
			h.log.Warn("media: announce streams to the cluster", zap.Error(err))
		}
	}
	for room := range held {
		if now[room] {
			continue
		}
		if err := dir.Withdraw(ctx, room); err != nil {
			h.log.Warn("media: withdraw stream from the cluster", zap.String("room", room), zap.Error(err))
			continue
		}
		delete(held, room)
	}
}

// listenStops stops the streams other nodes ask this node to stop, until ctx is done. A failed
// subscription is retried every second (the holder's stream keeps running meanwhile; a banned
// streamer's key is refused on the next push anyway).
func (h *Hub) listenStops(ctx context.Context, dir Directory) {
	for {
		err := dir.ListenStops(ctx, h.stopsListening, func(room string) {
			if h.stopLocal(room) {
				h.log.Info("media: stream stopped at another node's request", zap.String("room", room))
			}
		})
		if ctx.Err() != nil {
			return
		}
		h.log.Warn("media: listen for stream stops", zap.Error(err))
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// stopsListening marks the Hub as listening for other nodes' stop requests (StopsListening).
func (h *Hub) stopsListening() { h.stopsOnce.Do(func() { close(h.stopsReady) }) }

// StopsListening is closed once the serving Hub listens for stop requests from other nodes; tests
// wait for it before asking.
func (h *Hub) StopsListening() <-chan struct{} { return h.stopsReady }

// redirectToHolder answers a playback request for a stream this node does not hold with a 307 to
// the same path and query on the node that holds it (the Directory knows it). The signature stays
// valid there: every node shares the signing key. It reports whether it answered.
func (h *Hub) redirectToHolder(w http.ResponseWriter, r *http.Request, room string) bool {
	rs, ok, err := h.deps.Directory.Lookup(r.Context(), room)
	if err != nil {
		h.log.Warn("media: locate stream in the cluster", zap.String("room", room), zap.Error(err))
		return false
	}
	if !ok {
		return false
	}
	target := strings.TrimSuffix(rs.BaseURL, "/") + r.URL.EscapedPath()
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	hd := w.Header()
	hd.Set("Access-Control-Allow-Origin", "*") // players fetch cross-origin: the redirect must pass CORS too
	hd.Set("Cache-Control", "no-store")
	http.Redirect(w, r, target, http.StatusTemporaryRedirect)
	return true
}
