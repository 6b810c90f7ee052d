package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"courtside/api"
)

func TestGateways(t *testing.T) {
	tests := []struct {
		name string
		cfg  api.Config
		host string
		h    http.Header
		want []string
	}{
		{"configured urls returned as is",
			api.Config{GatewayURLs: []string{"wss://a.example/ws", "wss://b.example/ws"}, GatewayPort: 1},
			"site.example", nil, []string{"wss://a.example/ws", "wss://b.example/ws"}},
		{"built from request host and port",
			api.Config{GatewayPort: 9443}, "live.example:8080", nil, []string{"ws://live.example:9443/ws"}},
		{"default port",
			api.Config{}, "live.example", nil, []string{"ws://live.example:8081/ws"}},
		{"ipv6 host",
			api.Config{GatewayPort: 9000}, "[2001:db8::1]:8080", nil, []string{"ws://[2001:db8::1]:9000/ws"}},
		{"https behind trusted proxy is wss",
			api.Config{GatewayPort: 9000, TrustedProxies: []string{"127.0.0.1"}}, "live.example",
			http.Header{"X-Forwarded-Proto": {"https"}}, []string{"wss://live.example:9000/ws"}},
		{"forwarded proto from untrusted peer ignored",
			api.Config{GatewayPort: 9000}, "live.example",
			http.Header{"X-Forwarded-Proto": {"https"}}, []string{"ws://live.example:9000/ws"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.SiteDir = t.TempDir()
			s := api.New(tt.cfg)
			srv := httptest.NewServer(s.Handler())
			defer srv.Close()
			req, _ := http.NewRequest("GET", srv.URL+"/java/system/gateways?_t=1", nil)
			req.Host = tt.host
			for k, v := range tt.h {
				req.Header[k] = v
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var env struct {
				Status string             `json:"status"`
				Result api.GatewaysResult `json:"result"`
			}
			if err := decodeBody(resp, &env); err != nil {
				t.Fatal(err)
			}
			got := env.Result.Gateways
			if len(got) != len(tt.want) {
				t.Fatalf("gateways %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("gateways %v, want %v", got, tt.want)
				}
			}
		})
	}
}
