package providers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"
)

// Window is one of a provider's rate-limit windows as its response headers tell it: requests
// left until Reset. Spread asks the client to pace the requests left evenly until the reset (a
// daily quota), rather than spend them and wait (a per-minute limit).
type Window struct {
	Name      string
	Limit     int
	Remaining int
	Reset     time.Time
	Spread    bool
}

// ClientConfig configures a Client; zero values get defaults.
type ClientConfig struct {
	BaseURL string      // required, e.g. https://v3.football.api-sports.io
	Header  http.Header // sent with every request (the API key)
	HTTP    *http.Client
	// Now and Wait are the clock and the way to wait (tests replace both); defaults time.Now and a
	// timer that ends early when ctx ends.
	Now  func() time.Time
	Wait func(ctx context.Context, d time.Duration) error
	Log  *zap.Logger
	// MaxRetries after the first attempt for network errors, 5xx and 429; default 4.
	MaxRetries int
	// Backoff is the first wait after a failure (doubled each retry, with jitter, at most
	// MaxBackoff); defaults 2 s and 2 min.
	Backoff, MaxBackoff time.Duration
	// MaxBody bounds an answer; default 8 MiB. A larger one is refused as malformed.
	MaxBody int64
	// Observe reads the rate-limit windows from a response's headers (provider-specific).
	Observe func(h http.Header, now time.Time) []Window
	// BodyError finds an error a provider reports inside a 200 answer (API-Sports does); it
	// returns the error and, for a quota, when to try again.
	BodyError func(body []byte, now time.Time) (retryAt time.Time, err error)
}

// Client makes GET requests to one provider within its limits. It is used by one goroutine.
type Client struct {
	cfg      ClientConfig
	windows  map[string]Window
	last     time.Time
	Requests int // requests sent, for logs and tests
}

// NewClient builds a client, filling defaults.
func NewClient(cfg ClientConfig) *Client {
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{Timeout: 20 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Wait == nil {
		cfg.Wait = SleepCtx
	}
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 4
	}
	if cfg.Backoff == 0 {
		cfg.Backoff = 2 * time.Second
	}
	if cfg.MaxBackoff == 0 {
		cfg.MaxBackoff = 2 * time.Minute
	}
	if cfg.MaxBody == 0 {
		cfg.MaxBody = 8 << 20
	}
	return &Client{cfg: cfg, windows: map[string]Window{}}
}

// SleepCtx waits d or until ctx ends.
func SleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Windows returns the rate-limit windows last observed.
func (c *Client) Windows() []Window {
	out := make([]Window, 0, len(c.windows))
	for _, w := range c.windows {
		out = append(out, w)
	}
	return out
}

// pace waits until the rate limits allow one more request.
func (c *Client) pace(ctx context.Context) error {
	now := c.cfg.Now()
	var wait time.Duration
	for _, w := range c.windows {
		if !w.Reset.After(now) {
			continue
		}
		switch {
		case w.Remaining <= 0:
			wait = max(wait, w.Reset.Sub(now))
		case w.Spread:
			gap := w.Reset.Sub(now) / time.Duration(w.Remaining+1)
			if next := c.last.Add(gap); next.After(now) {
				wait = max(wait, next.Sub(now))
			}
		}
	}
	if wait > 0 {
		c.cfg.Log.Debug("provider rate limit: waiting", zap.Duration("wait", wait))
		return c.cfg.Wait(ctx, wait)
	}
	return nil
}

// Get fetches path with query q and returns the body. It waits as the rate limits require,
// retries network errors, 5xx and 429 with backoff (honouring Retry-After), and maps the
// provider's refusals to ErrUnauthorized, ErrForbidden, ErrNotFound and ErrMalformed.
func (c *Client) Get(ctx context.Context, path string, q url.Values) ([]byte, error) {
	u := strings.TrimRight(c.cfg.BaseURL, "/") + "/" + strings.TrimLeft(path, "/")
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	var lastErr error
	for attempt := 0; attempt <= c.cfg.MaxRetries; attempt++ {
		if err := c.pace(ctx); err != nil {
			return nil, err
		}
		body, retryAt, err := c.once(ctx, u)
		if err == nil {
			return body, nil
		}
		lastErr = err
		if !retryable(err) {
			return nil, err
		}
		wait := c.backoff(attempt)
		if now := c.cfg.Now(); retryAt.After(now) {
			wait = retryAt.Sub(now)
		}
		c.cfg.Log.Info("provider request failed, retrying", zap.String("path", path), zap.Int("attempt", attempt+1),
			zap.Duration("wait", wait), zap.Error(err))
		if err := c.cfg.Wait(ctx, wait); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("%w: %s: %v", ErrGaveUp, path, lastErr)
}

type retryErr struct{ err error }

func (e retryErr) Error() string { return e.err.Error() }
func (e retryErr) Unwrap() error { return e.err }

func retryable(err error) bool {
	var r retryErr
	return errors.As(err, &r)
}

func (c *Client) backoff(attempt int) time.Duration {
	d := c.cfg.Backoff << attempt
	if d > c.cfg.MaxBackoff || d <= 0 {
		d = c.cfg.MaxBackoff
	}
	return d + time.Duration(rand.Int64N(int64(d)/2+1))
}

// once makes one request; retryAt is when a 429 or an exhausted quota says to come back.
func (c *Client) once(ctx context.Context, u string) (body []byte, retryAt time.Time, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, time.Time{}, err
	}
	for k, vs := range c.cfg.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	c.Requests++
	c.last = c.cfg.Now()
	resp, err := c.cfg.HTTP.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, time.Time{}, ctx.Err()
		}
		return nil, time.Time{}, retryErr{err}
	}
	defer resp.Body.Close()
	now := c.cfg.Now()
	if c.cfg.Observe != nil {
		for _, w := range c.cfg.Observe(resp.Header, now) {
			c.windows[w.Name] = w
		}
	}
	body, err = io.ReadAll(io.LimitReader(resp.Body, c.cfg.MaxBody+1))
	if err != nil {
		return nil, time.Time{}, retryErr{err}
	}
	if int64(len(body)) > c.cfg.MaxBody {
		return nil, time.Time{}, fmt.Errorf("%w: answer larger than %d bytes", ErrMalformed, c.cfg.MaxBody)
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return nil, retryAfter(resp.Header, now), retryErr{fmt.Errorf("%w: HTTP 429", ErrQuotaExhausted)}
	case resp.StatusCode >= 500:
		return nil, time.Time{}, retryErr{fmt.Errorf("HTTP %d", resp.StatusCode)}
	case resp.StatusCode == http.StatusUnauthorized:
		return nil, time.Time{}, ErrUnauthorized
	case resp.StatusCode == http.StatusForbidden:
		return nil, time.Time{}, ErrForbidden
	case resp.StatusCode == http.StatusNotFound:
		return nil, time.Time{}, ErrNotFound
	case resp.StatusCode >= 300:
		return nil, time.Time{}, fmt.Errorf("%w: HTTP %d", ErrMalformed, resp.StatusCode)
	}
	if c.cfg.BodyError != nil {
		if at, err := c.cfg.BodyError(body, now); err != nil {
			if errors.Is(err, ErrQuotaExhausted) {
				return nil, at, retryErr{err}
			}
			return nil, time.Time{}, err
		}
	}
	return body, time.Time{}, nil
}

// retryAfter reads Retry-After (seconds or an HTTP date).
func retryAfter(h http.Header, now time.Time) time.Time {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return time.Time{}
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 && s < 24*3600 {
		return now.Add(time.Duration(s) * time.Second)
	}
	if t, err := http.ParseTime(v); err == nil && t.Before(now.Add(24*time.Hour)) {
		return t
	}
	return time.Time{}
}

// HeaderInt reads an integer header (-1 when absent or not a number).
func HeaderInt(h http.Header, name string) int {
	v, err := strconv.Atoi(strings.TrimSpace(h.Get(name)))
	if err != nil {
		return -1
	}
	return v
}
