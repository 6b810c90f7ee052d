package postgres_test

import (
	"context"
	"errors"
	"net/netip"
	"sync"
	"testing"
	"time"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// TestSourceAllowListMatchesAddressesAndNetworks: an empty list allows everyone; a list allows the
// addresses inside its networks, IPv4 and IPv6, and nobody else; other rooms are not affected.
func TestSourceAllowListMatchesAddressesAndNetworks(t *testing.T) {
	s := postgres.NewAnchors(pgtest.NewPool(t))
	ctx := context.Background()
	for i, room := range []string{"a501", "a502"} {
		if err := s.SeedApproved(ctx, int64(501+i), "ingest", room, []byte(room)); err != nil {
			t.Fatal(err)
		}
	}
	allowed := func(room, addr string) bool {
		t.Helper()
		ok, err := s.SourceAllowed(ctx, room, netip.MustParseAddr(addr))
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !allowed("a501", "198.51.100.1") {
		t.Fatal("an empty list refused an address")
	}
	now := time.Now()
	for _, p := range []string{"203.0.113.0/24", "2001:db8::/48", "192.0.2.7/32"} {
		if err := s.AddSourceAllow(ctx, "a501", netip.MustParsePrefix(p), "", now, 3); err != nil {
			t.Fatal(err)
		}
	}
	for addr, want := range map[string]bool{"203.0.113.200": true, "203.0.114.1": false, "192.0.2.7": true, "192.0.2.8": false,
		"2001:db8:0:ffff::1": true, "2001:db9::1": false, "::ffff:203.0.113.5": true, "127.0.0.1": false} {
		if got := allowed("a501", addr); got != want {
			t.Errorf("%s: allowed %v, want %v", addr, got, want)
		}
	}
	if !allowed("a502", "127.0.0.1") {
		t.Fatal("another room's list applied to a room without one")
	}
	if err := s.AddSourceAllow(ctx, "a501", netip.MustParsePrefix("10.0.0.0/8"), "", now, 3); !errors.Is(err, postgres.ErrAllowListFull) {
		t.Fatalf("a fourth entry over a limit of 3: %v", err)
	}
	list, err := s.SourceAllowList(ctx, "a501")
	if err != nil || len(list) != 3 || list[0].Prefix.String() != "192.0.2.7/32" || list[2].Prefix.String() != "2001:db8::/48" {
		t.Fatalf("list: %v %v", list, err)
	}
	if found, err := s.RemoveSourceAllow(ctx, "a501", netip.MustParsePrefix("192.0.2.7/32")); err != nil || !found {
		t.Fatalf("remove: %v %v", found, err)
	}
	if allowed("a501", "192.0.2.7") {
		t.Fatal("a removed address is still allowed")
	}
}

// TestSourceAllowListLimitHoldsUnderConcurrency: two nodes adding at once cannot pass the limit.
func TestSourceAllowListLimitHoldsUnderConcurrency(t *testing.T) {
	s := postgres.NewAnchors(pgtest.NewPool(t))
	ctx := context.Background()
	if err := s.SeedApproved(ctx, 503, "ingest", "a503", []byte("a503")); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 12; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			p := netip.PrefixFrom(netip.AddrFrom4([4]byte{10, 0, byte(i), 1}), 32)
			_ = s.AddSourceAllow(ctx, "a503", p, "", time.Now(), 5)
		}(i)
	}
	wg.Wait()
	list, err := s.SourceAllowList(ctx, "a503")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 5 {
		t.Fatalf("%d entries, want exactly the limit of 5", len(list))
	}
}
