package media

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"courtside/actors/protocol"
)

// writeTimeout bounds one flush to an FLV viewer: a viewer whose connection takes longer is cut.
const writeTimeout = 15 * time.Second

// Handler serves the playback endpoints under Config.PathPrefix (mount it there on the outer mux):
//
//	GET {prefix}/{room}.flv?u=&e=&s=          HTTP-FLV (Pro), chunked, until the stream or the URL ends
//	GET {prefix}/{room}/index.m3u8?u=&e=&s=   HLS live playlist (segment URIs carry the same signature)
//	GET {prefix}/{room}/{n}.ts?u=&e=&s=       HLS segment
//
// Every request needs a valid, unexpired signature for that room and kind (403 otherwise); a room that
// is not live here is 404, except in cluster mode when another node holds its stream: then 307 to the
// same path and query on that node (Deps.Directory).
func (h *Hub) Handler() http.Handler {
	mux := http.NewServeMux()
	p := strings.TrimSuffix(h.cfg.PathPrefix, "/")
	mux.HandleFunc("GET "+p+"/{file}", h.serveFLVHTTP)
	mux.HandleFunc("GET "+p+"/{room}/{file}", h.serveHLSHTTP)
	return mux
}

func (h *Hub) serveFLVHTTP(w http.ResponseWriter, r *http.Request) {
	room, ok := strings.CutSuffix(r.PathValue("file"), ".flv")
	if !ok {
		http.NotFound(w, r)
		return
	}
	g, ok := h.verify(w, r, room, KindFLV)
	if !ok {
		return
	}
	st, live := h.stream(room)
	if !live {
		if !h.redirectToHolder(w, r, room) {
			http.Error(w, "not live", http.StatusNotFound)
		}
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "video/x-flv")
	hd.Set("Cache-Control", "no-store")
	hd.Set("Access-Control-Allow-Origin", "*")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	st.flvViews.Add(1)
	defer st.flvViews.Add(-1)
	err := st.serveFLV(r.Context(), flvOut{w: w, flush: func() error {
		_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		return rc.Flush()
	}}, g.Expiry, h.cfg.Now())
	if err != nil && !errors.Is(err, r.Context().Err()) {
		h.log.Debug("media: flv viewer ended: " + err.Error())
	}
}

func (h *Hub) serveHLSHTTP(w http.ResponseWriter, r *http.Request) {
	room, file := r.PathValue("room"), r.PathValue("file")
	g, ok := h.verify(w, r, room, KindHLS)
	if !ok {
		return
	}
	st, live := h.stream(room)
	if !live {
		if !h.redirectToHolder(w, r, room) {
			http.Error(w, "not live", http.StatusNotFound)
		}
		return
	}
	hd := w.Header()
	hd.Set("Access-Control-Allow-Origin", "*")
	viewer := protocol.UserID(g.UserID).String()
	if g.UserID == 0 {
		viewer = "g" + r.URL.Query().Get("s") // a guest: one signature per playback call
	}
	if file == "index.m3u8" {
		body, ok := h.waitPlaylist(r, st)
		if !ok {
			http.Error(w, "no segment yet", http.StatusServiceUnavailable)
			return
		}
		st.seenHLS(viewer, h.cfg.Now())
		hd.Set("Content-Type", "application/vnd.apple.mpegurl")
		hd.Set("Cache-Control", "no-store")
		_, _ = w.Write(body)
		return
	}
	num, ok := strings.CutSuffix(file, ".ts")
	seq, err := strconv.ParseUint(num, 10, 64)
	if !ok || err != nil {
		http.NotFound(w, r)
		return
	}
	st.hlsMu.Lock()
	data, found := st.hls.segment(seq)
	st.hlsMu.Unlock()
	if !found {
		http.NotFound(w, r)
		return
	}
	st.seenHLS(viewer, h.cfg.Now())
	hd.Set("Content-Type", "video/mp2t")
	hd.Set("Cache-Control", "max-age=60")
	hd.Set("Content-Length", strconv.Itoa(len(data)))
	_, _ = w.Write(data)
}

// waitPlaylist returns the playlist, waiting (up to about two segments) for the first segment of a
// stream that just started, so a player that arrives at once is not turned away.
func (h *Hub) waitPlaylist(r *http.Request, st *stream) ([]byte, bool) {
	deadline := time.NewTimer(2*h.cfg.HLSSegment + time.Second)
	defer deadline.Stop()
	for {
		st.hlsMu.Lock()
		body, ok := st.hls.playlist(r.URL.RawQuery)
		st.hlsMu.Unlock()
		if ok {
			return body, true
		}
		st.mu.Lock()
		ch, ended := st.notify, st.ended
		st.mu.Unlock()
		if ended {
			return nil, false
		}
		select {
		case <-ch:
		case <-deadline.C:
			return nil, false
		case <-r.Context().Done():
			return nil, false
		}
	}
}

// verify checks the request's signature; on failure it answers 403 and reports false.
func (h *Hub) verify(w http.ResponseWriter, r *http.Request, room, kind string) (Grant, bool) {
	g, err := h.sign.verify(room, kind, r.URL.Query(), h.cfg.Now())
	if err != nil {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		http.Error(w, err.Error(), http.StatusForbidden)
		return Grant{}, false
	}
	return g, true
}
