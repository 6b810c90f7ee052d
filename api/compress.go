package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// Compression of text responses (issue 19, speed): HTML, scripts, styles, JSON, SVG, XML and
// plain text go out with Brotli when the client accepts it, else gzip, with Vary:
// Accept-Encoding so caches keep the variants apart. Pictures, video and streams
// (text/event-stream) go out as they are: they are compressed already or must not be buffered.
// The hashed assets are compressed once, at the highest levels, and kept (assetCache); every
// other response is compressed on the fly at a level that costs little CPU.

// minCompress is the size below which compressing does not pay (the headers cost more).
const minCompress = 512

// compressible reports whether a Content-Type is text worth compressing.
func compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	switch {
	case strings.HasPrefix(mt, "text/"):
		return mt != "text/event-stream"
	case mt == "application/json", mt == "application/javascript", mt == "application/xml",
		mt == "image/svg+xml", mt == "application/manifest+json", mt == "application/ld+json",
		strings.HasSuffix(mt, "+json"), strings.HasSuffix(mt, "+xml"):
		return true
	}
	return false
}

// acceptedEncoding is "br", "gzip" or "" for the request's Accept-Encoding (q=0 refuses).
func acceptedEncoding(r *http.Request) string {
	br, gz := false, false
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if v, err := strconv.ParseFloat(q, 64); err == nil && v == 0 {
				continue
			}
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "br":
			br = true
		case "gzip", "*":
			gz = true
		}
	}
	switch {
	case br:
		return "br"
	case gz:
		return "gzip"
	}
	return ""
}

var (
	gzipPool   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, 5); return w }}
	brotliPool = sync.Pool{New: func() any { return brotli.NewWriterLevel(io.Discard, 4) }}
)

// withCompression wraps h so its text responses are compressed as the client accepts.
func withCompression(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		enc := acceptedEncoding(r)
		if enc == "" || r.Header.Get("Range") != "" {
			h.ServeHTTP(w, r)
			return
		}
		// A client revalidates with the ETag it got, which names the encoding (below): hand
		// the inner handler its own tag back so a 304 still works.
		if inm := r.Header.Get("If-None-Match"); inm != "" {
			r.Header.Set("If-None-Match", strings.NewReplacer("-br\"", "\"", "-gzip\"", "\"").Replace(inm))
		}
		cw := &compressWriter{ResponseWriter: w, r: r, enc: enc}
		defer cw.close()
		h.ServeHTTP(cw, r)
	})
}

// compressWriter decides at WriteHeader whether to compress, from the response's headers.
type compressWriter struct {
	http.ResponseWriter
	r       *http.Request
	enc     string
	decided bool
	out     io.WriteCloser // nil: pass through
}

func (c *compressWriter) WriteHeader(code int) {
	if c.decided {
		c.ResponseWriter.WriteHeader(code)
		return
	}
	c.decided = true
	h := c.Header()
	if compressible(h.Get("Content-Type")) {
		h.Add("Vary", "Accept-Encoding")
	}
	n, sized := int64(-1), false
	if cl := h.Get("Content-Length"); cl != "" {
		n, _ = strconv.ParseInt(cl, 10, 64)
		sized = true
	}
	if code < 200 || code == http.StatusNoContent || code == http.StatusNotModified || code == http.StatusPartialContent ||
		h.Get("Content-Encoding") != "" || !compressible(h.Get("Content-Type")) || (sized && n < minCompress) {
		c.ResponseWriter.WriteHeader(code)
		return
	}
	h.Del("Content-Length")
	h.Del("Accept-Ranges")
	h.Set("Content-Encoding", c.enc)
	if tag := h.Get("ETag"); strings.HasSuffix(tag, `"`) {
		h.Set("ETag", strings.TrimSuffix(tag, `"`)+"-"+c.enc+`"`)
	}
	c.ResponseWriter.WriteHeader(code)
	if c.r.Method == http.MethodHead {
		return
	}
	if c.enc == "br" {
		bw := brotliPool.Get().(*brotli.Writer)
		bw.Reset(c.ResponseWriter)
		c.out = pooled{bw, func() { brotliPool.Put(bw) }}
	} else {
		gw := gzipPool.Get().(*gzip.Writer)
		gw.Reset(c.ResponseWriter)
		c.out = pooled{gw, func() { gzipPool.Put(gw) }}
	}
}

func (c *compressWriter) Write(p []byte) (int, error) {
	if !c.decided {
		if c.Header().Get("Content-Type") == "" {
			c.Header().Set("Content-Type", http.DetectContentType(p))
		}
		c.WriteHeader(http.StatusOK)
	}
	if c.out != nil {
		return c.out.Write(p)
	}
	return c.ResponseWriter.Write(p)
}

// Flush sends what is compressed so far (a stream that flushes keeps working).
func (c *compressWriter) Flush() {
	if f, ok := c.out.(interface{ Flush() error }); ok {
		_ = f.Flush()
	}
	if f, ok := c.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

func (c *compressWriter) close() {
	if c.out != nil {
		_ = c.out.Close()
	}
}

// pooled closes the compressor and returns it to its pool.
type pooled struct {
	w interface {
		io.WriteCloser
		Flush() error
	}
	put func()
}

func (p pooled) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pooled) Flush() error                { return p.w.Flush() }
func (p pooled) Close() error {
	err := p.w.Close()
	p.put()
	return err
}

// assetCache keeps the hashed assets compressed: their names change with their content, so a
// compressed copy never goes stale. It is bounded (maxAssetCache); past it, an asset is
// compressed on the fly like any other response.
type assetCache struct {
	mu    sync.Mutex
	items map[string][]byte // "br|assets/index-4f2a9c.js"
	size  int
}

const maxAssetCache = 64 << 20

// get is name's content compressed with enc, compressing it (once) from data.
func (a *assetCache) get(enc, name string, data func() ([]byte, error)) ([]byte, bool) {
	key := enc + "|" + name
	a.mu.Lock()
	if b, ok := a.items[key]; ok {
		a.mu.Unlock()
		return b, true
	}
	a.mu.Unlock()
	raw, err := data()
	if err != nil || len(raw) < minCompress {
		return nil, false
	}
	var buf bytes.Buffer
	var w io.WriteCloser
	if enc == "br" {
		w = brotli.NewWriterLevel(&buf, 9) // 11 takes seconds on a large bundle for a few per cent
	} else {
		w, _ = gzip.NewWriterLevel(&buf, gzip.DefaultCompression) // level 9 is several times slower for 1-2 per cent
	}
	if _, err := w.Write(raw); err != nil || w.Close() != nil {
		return nil, false
	}
	out := buf.Bytes()
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.items == nil {
		a.items = map[string][]byte{}
	}
	if a.size+len(out) <= maxAssetCache {
		a.items[key] = out
		a.size += len(out)
	}
	return out, true
}
