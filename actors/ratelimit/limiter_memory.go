package ratelimit

import (
	"context"
	"hash/maphash"
	"math/bits"
	"sync"
	"time"
)

// MemoryConfig configures a Memory limiter. Zero values take the defaults.
type MemoryConfig struct {
	// Shards is the number of independently locked parts of the key space, rounded up to a power
	// of two. Default 64.
	Shards int `json:"shards"`
	// Now is the clock. Default time.Now; tests inject their own.
	Now func() time.Time `json:"-"`
}

// Memory is the in-process Limiter: the same sliding-window logs as Window, split into shards each
// with its own mutex, so that it is safe for concurrent use and goroutines working on different
// keys rarely contend. It is what a single node uses where a cluster uses Redis.
type Memory struct {
	seed   maphash.Seed
	mask   uint64
	now    func() time.Time
	shards []memoryShard
}

type memoryShard struct {
	mu sync.Mutex
	t  logTable
	_  [64]byte // keeps two shards' locks off one cache line
}

var _ Limiter = (*Memory)(nil)

// NewMemory returns a Memory limiter.
func NewMemory(cfg MemoryConfig) *Memory {
	if cfg.Shards <= 0 {
		cfg.Shards = 64
	}
	n := 1 << bits.Len(uint(cfg.Shards-1))
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	m := &Memory{seed: maphash.MakeSeed(), mask: uint64(n - 1), now: cfg.Now, shards: make([]memoryShard, n)}
	for i := range m.shards {
		m.shards[i].t = newLogTable()
	}
	return m
}

// Allow implements Limiter. It fails only on a cancelled ctx or an invalid limit, and then counts
// nothing.
func (m *Memory) Allow(ctx context.Context, key string, limit Limit) (Decision, error) {
	if err := ctx.Err(); err != nil {
		return Decision{}, err
	}
	if !limit.valid() {
		return Decision{}, ErrInvalidLimit
	}
	sh := &m.shards[maphash.String(m.seed, key)&m.mask]
	now := m.now().UnixNano()
	sh.mu.Lock()
	ok, remaining, retry := sh.t.allow(key, now, limit, true)
	sh.mu.Unlock()
	return Decision{Allowed: ok, Remaining: remaining, RetryAfter: retry}, nil
}

// Len returns the number of keys held across all shards, idle ones not yet swept included.
func (m *Memory) Len() int {
	n := 0
	for i := range m.shards {
		sh := &m.shards[i]
		sh.mu.Lock()
		n += sh.t.len()
		sh.mu.Unlock()
	}
	return n
}
