package gateway

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/base64"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// Request is what the gateway keeps of the HTTP upgrade request. It is
// immutable after the upgrade and safe to read from any goroutine.
type Request struct {
	Path     string
	RawQuery string // the query without '?'; Query parses it
	Host     string
	// Header holds the upgrade's headers with canonical keys (Origin, Cookie, Accept-Language,
	// X-Forwarded-For, ...). The request is the connection's during Handler.OnOpen only (see
	// Conn.Request): read what you need there.
	Header http.Header
	// RemoteIP is the TCP peer. X-Forwarded-For is left in Header, untrusted:
	// only a deployment behind a known proxy should believe it.
	RemoteIP netip.Addr
	// Compressed reports that permessage-deflate was negotiated (RFC 7692,
	// without context takeover): the client may send compressed messages
	// and receives compressed frames.
	Compressed bool

	extensions string // Sec-WebSocket-Extensions of the 101 answer
}

// Query parses RawQuery (malformed pairs are skipped).
func (r *Request) Query() url.Values {
	q, _ := url.ParseQuery(r.RawQuery)
	return q
}

// handshakeError is a refused upgrade: an HTTP status and a short body.
type handshakeError struct {
	status int
	msg    string
}

const websocketGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// acceptKey computes Sec-WebSocket-Accept (RFC 6455 §4.2.2).
func acceptKey(key string) string {
	h := sha1.New()
	h.Write([]byte(key))
	h.Write([]byte(websocketGUID))
	return base64.StdEncoding.EncodeToString(h.Sum(nil))
}

// headerEnd returns the length of the request head in b (through the blank
// line), or -1 when it is not complete yet.
func headerEnd(b []byte) int {
	if i := bytes.Index(b, []byte("\r\n\r\n")); i >= 0 {
		return i + 4
	}
	return -1
}

// upgradeChecker validates upgrade requests against the configured path and
// origins. It is immutable and shared by all event loops.
type upgradeChecker struct {
	path       string
	deflate    bool // Config.Compression: negotiate permessage-deflate
	allowAll   bool
	exact      map[string]bool // normalised "scheme://host[:port]" (see originKey)
	subdomains []string        // ".example.com" for "*.example.com"
}

func newUpgradeChecker(cfg *Config) *upgradeChecker {
	u := &upgradeChecker{path: cfg.Path, deflate: cfg.Compression.on(), exact: map[string]bool{}}
	for _, o := range cfg.AllowedOrigins {
		o = strings.ToLower(strings.TrimRight(strings.TrimSpace(o), "/"))
		switch {
		case o == "*":
			u.allowAll = true
		case strings.HasPrefix(o, "*."):
			u.subdomains = append(u.subdomains, o[1:])
		case o != "":
			if k, ok := originKey(o); ok {
				u.exact[k] = true
			} else {
				u.exact[o] = true
			}
		}
	}
	return u
}

// parse validates one complete request head and returns the request and the
// Sec-WebSocket-Key, or the HTTP error to answer with.
func (u *upgradeChecker) parse(head []byte) (*Request, string, *handshakeError) {
	r, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(head)))
	if err != nil {
		return nil, "", &handshakeError{http.StatusBadRequest, "malformed HTTP request"}
	}
	if r.URL.Path != u.path {
		return nil, "", &handshakeError{http.StatusNotFound, "not found"}
	}
	switch {
	case r.Method != http.MethodGet:
		return nil, "", &handshakeError{http.StatusBadRequest, "websocket upgrade needs GET"}
	case !r.ProtoAtLeast(1, 1):
		return nil, "", &handshakeError{http.StatusBadRequest, "websocket upgrade needs HTTP/1.1"}
	case r.Host == "":
		return nil, "", &handshakeError{http.StatusBadRequest, "missing Host"}
	case !headerHasToken(r.Header, "Upgrade", "websocket"):
		return nil, "", &handshakeError{http.StatusBadRequest, "missing Upgrade: websocket"}
	case !headerHasToken(r.Header, "Connection", "upgrade"):
		return nil, "", &handshakeError{http.StatusBadRequest, "missing Connection: Upgrade"}
	case r.Header.Get("Sec-Websocket-Version") != "13":
		return nil, "", &handshakeError{http.StatusBadRequest, "unsupported Sec-WebSocket-Version"}
	}
	key := r.Header.Get("Sec-Websocket-Key")
	if k, err := base64.StdEncoding.DecodeString(key); err != nil || len(k) != 16 {
		return nil, "", &handshakeError{http.StatusBadRequest, "bad Sec-WebSocket-Key"}
	}
	if !u.originAllowed(r.Header.Get("Origin"), r.Host) {
		return nil, "", &handshakeError{http.StatusForbidden, "origin not allowed"}
	}
	req := &Request{Path: r.URL.Path, RawQuery: r.URL.RawQuery, Host: r.Host, Header: r.Header}
	if u.deflate {
		ext, herr := negotiateDeflate(r.Header)
		if herr != nil {
			return nil, "", herr
		}
		req.extensions, req.Compressed = ext, ext != ""
	}
	return req, key, nil
}

// originAllowed applies the Origin policy described on Config.AllowedOrigins:
// no Origin (not a browser), "*" listed, the page's own host name (any port:
// the site and the gateway listen on different ports of one host), a listed
// origin, or a subdomain of a listed "*." pattern.
func (u *upgradeChecker) originAllowed(origin, host string) bool {
	if origin == "" || u.allowAll {
		return true
	}
	o, err := url.Parse(origin)
	if err != nil || o.Host == "" || o.User != nil {
		return false // includes "null" (sandboxed frames, file: pages)
	}
	h := strings.ToLower(o.Hostname())
	if h == "" {
		return false
	}
	if h == hostName(host) {
		return true
	}
	if k, ok := originKey(origin); ok && u.exact[k] {
		return true
	}
	for _, suffix := range u.subdomains {
		if strings.HasSuffix(h, suffix) {
			return true
		}
	}
	return false
}

// originKey normalises an origin for comparison with the configured list:
// lower case, and the scheme's default port left out ("https://a.example:443"
// is "https://a.example", as browsers send it).
func originKey(origin string) (string, bool) {
	o, err := url.Parse(strings.ToLower(origin))
	if err != nil || o.Scheme == "" || o.Host == "" {
		return "", false
	}
	host, port := o.Hostname(), o.Port()
	switch {
	case port == "80" && (o.Scheme == "http" || o.Scheme == "ws"),
		port == "443" && (o.Scheme == "https" || o.Scheme == "wss"):
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	return o.Scheme + "://" + host, true
}

// hostName is the host name of a Host header value, without port or
// brackets, in lower case.
func hostName(host string) string {
	return strings.ToLower((&url.URL{Host: host}).Hostname())
}

// headerHasToken reports whether a comma-separated header holds token
// (case-insensitive), e.g. "Connection: keep-alive, Upgrade".
func headerHasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for part := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(part), token) {
				return true
			}
		}
	}
	return false
}

// appendSwitchingProtocols appends the 101 answer. No subprotocol is
// selected (the protocol is plain JSON text frames); extensions is the
// accepted permessage-deflate offer, or "".
func appendSwitchingProtocols(dst []byte, key, extensions string) []byte {
	dst = append(dst, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: "...)
	dst = append(dst, acceptKey(key)...)
	if extensions != "" {
		dst = append(dst, "\r\nSec-WebSocket-Extensions: "...)
		dst = append(dst, extensions...)
	}
	return append(dst, "\r\n\r\n"...)
}

// appendHTTPError appends a plain-text HTTP error answer; the connection is
// closed after it.
func appendHTTPError(dst []byte, e *handshakeError) []byte {
	body := e.msg + "\n"
	dst = append(dst, "HTTP/1.1 "...)
	dst = strconv.AppendInt(dst, int64(e.status), 10)
	dst = append(dst, ' ')
	dst = append(dst, http.StatusText(e.status)...)
	dst = append(dst, "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"...)
	if e.status == http.StatusBadRequest {
		// Tells a client with the wrong version which one we speak (RFC 6455 §4.4).
		dst = append(dst, "Sec-WebSocket-Version: 13\r\n"...)
	}
	dst = append(dst, "Content-Length: "...)
	dst = strconv.AppendInt(dst, int64(len(body)), 10)
	dst = append(dst, "\r\n\r\n"...)
	return append(dst, body...)
}
