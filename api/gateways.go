package api

import (
	"net"
	"strconv"
	"strings"

	"courtside/api/locale"
)

// GatewaysResult is the result of GET /java/system/gateways.
type GatewaysResult struct {
	Gateways []string `json:"gateways"`
}

// gateways lists the WebSocket gateway URLs a client may use: Config.GatewayURLs when
// configured, else the gateway port on the host the client reached us by, so one node
// on a laptop, a LAN address or a tunnel works without configuration.
func (s *Server) gateways(r *Request) (any, error) {
	if len(s.cfg.GatewayURLs) > 0 {
		return GatewaysResult{Gateways: append([]string(nil), s.cfg.GatewayURLs...)}, nil
	}
	host := r.HTTP.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if host == "" {
		host = "localhost"
	}
	scheme := "ws"
	if r.HTTP.TLS != nil ||
		(s.resolver.Trusted(locale.PeerAddr(r.HTTP.RemoteAddr)) &&
			strings.EqualFold(r.HTTP.Header.Get("X-Forwarded-Proto"), "https")) {
		scheme = "wss"
	}
	u := scheme + "://" + net.JoinHostPort(host, strconv.Itoa(s.cfg.GatewayPort)) + "/ws"
	return GatewaysResult{Gateways: []string{u}}, nil
}
