package providers_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"courtside/actors/match/feed/providers"
	"courtside/actors/match/feed/providers/providertest"
)

// TestClientRetriesAndBounds: 5xx and 429 (Retry-After as seconds or a date) are retried after
// the right wait; a 404, a 403 and an oversized answer are not; it gives up after MaxRetries.
func TestClientRetriesAndBounds(t *testing.T) {
	clk := providertest.NewClock(time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))
	date := clk.Now().Add(45 * time.Second).Format(http.TimeFormat)
	srv := providertest.NewStandIn(t, map[string][]providertest.Answer{
		"/a":    {{Status: 503}, {Status: 429, Header: http.Header{"Retry-After": {date}}}, {Body: `{"ok":true}`}},
		"/big":  {{Body: `{"x":"` + strings.Repeat("x", 2048) + `"}`}},
		"/gone": {{Status: 404}},
		"/plan": {{Status: 403}},
		"/down": {{Status: 500}},
	})
	c := providers.NewClient(providers.ClientConfig{BaseURL: srv.URL, Now: clk.Now, Wait: clk.Wait, MaxBody: 1024, MaxRetries: 2, Backoff: time.Second})
	ctx := context.Background()
	body, err := c.Get(ctx, "a", nil)
	if err != nil || string(body) != `{"ok":true}` {
		t.Fatalf("after retries: %q, %v", body, err)
	}
	w := clk.Waits()
	if len(w) != 2 || w[0] < time.Second || w[0] > 2*time.Second || w[0]+w[1] != 45*time.Second {
		t.Fatalf("waits %v: a backoff, then until the Retry-After date", w)
	}
	for path, want := range map[string]error{"big": providers.ErrMalformed, "gone": providers.ErrNotFound, "plan": providers.ErrForbidden, "down": providers.ErrGaveUp} {
		if _, err := c.Get(ctx, path, nil); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", path, err, want)
		}
	}
	if n := srv.Count("/down"); n != 3 {
		t.Fatalf("%d attempts on a failing endpoint, want 1 + 2 retries", n)
	}
}
