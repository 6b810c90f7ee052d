package media

import (
	"context"
	"net"
	"strconv"
	"testing"
	"time"
)

// TestIngestAddressIsTheConfiguredOne: the OBS guide's server is the configured public URL when
// there is one, else the streamer's page host with the port the ingest really listens on.
func TestIngestAddressIsTheConfiguredOne(t *testing.T) {
	tests := []struct {
		name     string
		cfg      Config
		pageHost string
		want     IngestAddress
	}{
		{"configured public URL", Config{RTMPPublicURL: "rtmp://live.courtside.example:1936/push"}, "www.courtside.example",
			IngestAddress{Server: "rtmp://live.courtside.example:1936/push", Host: "live.courtside.example", Port: 1936, App: "push", Configured: true}},
		{"configured without a port", Config{RTMPPublicURL: "rtmp://live.courtside.example/live/"}, "",
			IngestAddress{Server: "rtmp://live.courtside.example/live", Host: "live.courtside.example", Port: 1935, App: "live", Configured: true}},
		{"the page's host and RTMPAddr's port", Config{RTMPAddr: ":19350"}, "courtside.example:8080",
			IngestAddress{Server: "rtmp://courtside.example:19350/live", Host: "courtside.example", Port: 19350, App: "live"}},
		{"an IPv6 page host", Config{App: "in"}, "[2001:db8::5]:8080",
			IngestAddress{Server: "rtmp://[2001:db8::5]:1935/in", Host: "2001:db8::5", Port: 1935, App: "in"}},
		{"no host at all", Config{}, "", IngestAddress{Server: "rtmp://localhost:1935/live", Host: "localhost", Port: 1935, App: "live"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := New(tt.cfg, Deps{}).Ingest(tt.pageHost); got != tt.want {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	// Listening on port 0: the port the listener got, in the guide too.
	h := New(Config{RTMPAddr: "127.0.0.1:0"}, Deps{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	done := make(chan error, 1)
	go func() { done <- h.Serve(ctx, ln) }()
	<-h.Ready()
	port := ln.Addr().(*net.TCPAddr).Port
	if got := h.Ingest("site.example"); got.Port != port || got.Server != "rtmp://site.example:"+strconv.Itoa(port)+"/live" {
		t.Fatalf("listening ingest: %+v (port %d)", got, port)
	}
	if g := h.Guide(""); g.Server != "rtmp://localhost:"+strconv.Itoa(port)+"/live" {
		t.Fatalf("guide: %+v", g)
	}
	cancel()
	<-done
}
