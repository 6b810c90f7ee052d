package api_test

import (
	"net/netip"
	"testing"

	"courtside/api"
)

func TestRequestIPIsEmptyWhenTheAddressIsUnknown(t *testing.T) {
	tests := []struct {
		name string
		addr netip.Addr
		want string
	}{
		{"unknown", netip.Addr{}, ""},
		{"v4", netip.MustParseAddr("203.0.113.7"), "203.0.113.7"},
		{"v6", netip.MustParseAddr("2001:db8::1"), "2001:db8::1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (api.Meta{ClientIP: tt.addr}).IP(); got != tt.want {
				t.Fatalf("IP() = %q, want %q", got, tt.want)
			}
		})
	}
}
