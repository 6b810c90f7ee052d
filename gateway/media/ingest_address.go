package media

import (
	"net"
	"net/url"
	"strconv"
	"strings"
)

// IngestAddress is where a streamer's encoder pushes (GET /getAnchorIP): the RTMP server URL to paste
// into OBS and its parts. It is built from the configuration in force, never a constant: the public
// URL when one is configured (Config.RTMPPublicURL), otherwise the host the streamer reached the site
// by with the port the ingest really listens on.
type IngestAddress struct {
	Server string `json:"server"` // rtmp://host:port/app, OBS's "Server"
	Host   string `json:"host"`
	Port   int    `json:"port"`
	App    string `json:"app"`
	// Configured: the address is the configured public URL (not derived from the page's host).
	Configured bool `json:"configured"`
}

// Ingest returns the ingest address for a streamer who reached the site at pageHost (the request's
// Host, with or without a port; "" for localhost).
func (h *Hub) Ingest(pageHost string) IngestAddress {
	if h.publicSet {
		if a, ok := parseRTMPURL(h.cfg.RTMPPublicURL); ok {
			a.Configured = true
			return a
		}
	}
	host := pageHost
	if hh, _, err := net.SplitHostPort(pageHost); err == nil {
		host = hh
	}
	host = strings.Trim(host, "[]")
	if host == "" {
		host = "localhost"
	}
	port := h.listenPort()
	hp := net.JoinHostPort(host, strconv.Itoa(port))
	return IngestAddress{Server: "rtmp://" + hp + "/" + h.cfg.App, Host: host, Port: port, App: h.cfg.App}
}

// listenPort is the port the ingest listens on: the listener's once it serves (RTMPAddr may say port
// 0), else RTMPAddr's, else RTMP's standard 1935.
func (h *Hub) listenPort() int {
	if a, ok := h.RTMPAddr().(*net.TCPAddr); ok && a != nil {
		return a.Port
	}
	return portOf(h.cfg.RTMPAddr)
}

func portOf(addr string) int {
	if _, p, err := net.SplitHostPort(addr); err == nil {
		if n, err := strconv.Atoi(p); err == nil && n > 0 {
			return n
		}
	}
	return 1935
}

// parseRTMPURL splits rtmp://host[:port]/app into an IngestAddress (port 1935 when absent).
func parseRTMPURL(raw string) (IngestAddress, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "rtmp" && u.Scheme != "rtmps") {
		return IngestAddress{}, false
	}
	port := 1935
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err == nil {
			port = n
		}
	}
	return IngestAddress{Server: strings.TrimRight(raw, "/"), Host: u.Hostname(), Port: port, App: strings.Trim(u.Path, "/")}, true
}
