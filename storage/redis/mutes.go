package redis

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	goredis "github.com/redis/go-redis/v9"
	"go.uber.org/zap"
)

// PlatformMutes keeps platform-wide mutes in Redis: one key per muted user, expiring with the
// mute, and a channel that tells every node of each change.
type PlatformMutes struct {
	c       *goredis.ClusterClient
	prefix  string
	log     *zap.Logger
	resync  time.Duration
	mu      sync.RWMutex
	until   map[string]time.Time
	ready   chan struct{}
	started sync.Once
}

// MutesConfig configures PlatformMutes.
type MutesConfig struct {
	Prefix      string
	ResyncEvery time.Duration // full re-read of every mute; default 30s
	Log         *zap.Logger
}

// NewPlatformMutes makes the shared mutes; Run must be running for changes of other nodes to show.
func NewPlatformMutes(c *goredis.ClusterClient, cfg MutesConfig) *PlatformMutes {
	if cfg.ResyncEvery == 0 {
		cfg.ResyncEvery = 30 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	return &PlatformMutes{c: c, prefix: prefix(cfg.Prefix), log: cfg.Log, resync: cfg.ResyncEvery,
		until: map[string]time.Time{}, ready: make(chan struct{})}
}

func (p *PlatformMutes) key(uid string) string { return p.prefix + "pmute:" + uid }
func (p *PlatformMutes) channel() string       { return p.prefix + "pmute" }

// MutedUntil answers from the local copy: no network on the chat path.
func (p *PlatformMutes) MutedUntil(uid string) (time.Time, bool) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	t, ok := p.until[uid]
	return t, ok
}

// Mute stores the mute, applies it locally and tells every node.
func (p *PlatformMutes) Mute(ctx context.Context, uid string, until time.Time) error {
	ttl := time.Until(until)
	if ttl <= 0 {
		return p.Unmute(ctx, uid)
	}
	ms := strconv.FormatInt(until.UnixMilli(), 10)
	if err := p.c.Set(ctx, p.key(uid), ms, ttl).Err(); err != nil {
		return err
	}
	p.apply(uid, until)
	return p.c.Publish(ctx, p.channel(), uid+" "+ms).Err()
}

// Unmute removes the mute everywhere.
func (p *PlatformMutes) Unmute(ctx context.Context, uid string) error {
	if err := p.c.Del(ctx, p.key(uid)).Err(); err != nil {
		return err
	}
	p.apply(uid, time.Time{})
	return p.c.Publish(ctx, p.channel(), uid+" 0").Err()
}

func (p *PlatformMutes) apply(uid string, until time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if until.IsZero() {
		delete(p.until, uid)
	} else {
		p.until[uid] = until
	}
}

// Ready is closed once the first full read is done and the node listens for changes.
func (p *PlatformMutes) Ready() <-chan struct{} { return p.ready }

// Run listens for changes and re-reads everything periodically until ctx is done.
func (p *PlatformMutes) Run(ctx context.Context) error {
	sub := p.c.Subscribe(ctx, p.channel())
	defer sub.Close()
	if _, err := sub.Receive(ctx); err != nil { // the subscription is confirmed before the first read
		return err
	}
	if err := p.reload(ctx); err != nil {
		return err
	}
	p.started.Do(func() { close(p.ready) })
	msgs := sub.Channel()
	t := time.NewTicker(p.resync)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case m, ok := <-msgs:
			if !ok {
				return nil
			}
			uid, ms, found := strings.Cut(m.Payload, " ")
			n, err := strconv.ParseInt(ms, 10, 64)
			if !found || err != nil {
				continue
			}
			if n == 0 {
				p.apply(uid, time.Time{})
			} else {
				p.apply(uid, time.UnixMilli(n))
			}
		case <-t.C:
			if err := p.reload(ctx); err != nil && ctx.Err() == nil {
				p.log.Warn("platform mutes resync failed", zap.Error(err))
			}
		}
	}
}

// reload reads every mute key of every master.
func (p *PlatformMutes) reload(ctx context.Context) error {
	fresh := map[string]time.Time{}
	var mu sync.Mutex
	err := p.c.ForEachMaster(ctx, func(ctx context.Context, s *goredis.Client) error {
		iter := s.Scan(ctx, 0, p.key("*"), 500).Iterator()
		for iter.Next(ctx) {
			k := iter.Val()
			v, err := s.Get(ctx, k).Result()
			if err == goredis.Nil {
				continue
			}
			if err != nil {
				return err
			}
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				continue
			}
			mu.Lock()
			fresh[strings.TrimPrefix(k, p.key(""))] = time.UnixMilli(n)
			mu.Unlock()
		}
		return iter.Err()
	})
	if err != nil {
		return err
	}
	p.mu.Lock()
	p.until = fresh
	p.mu.Unlock()
	return nil
}
