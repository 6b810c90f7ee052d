package room

import (
	"context"
	"sync"
	"time"
)

// MemoryPlatformMutes is the PlatformMutes of a node alone: a map in memory. The engine seeds it
// from the mutes recorded in Postgres, so a restarted node finds every mute again; Mute and Unmute
// change memory only, because the room records the action and the room store applies it to
// Postgres in order with the room's other actions. (A cluster uses the Redis Cluster variant in
// storage/redis, which every node reads.) Safe for concurrent use.
type MemoryPlatformMutes struct {
	mu sync.RWMutex
	m  map[string]time.Time
}

var _ PlatformMutes = (*MemoryPlatformMutes)(nil)

// NewMemoryPlatformMutes starts with the mutes of seed (user id -> until).
func NewMemoryPlatformMutes(seed map[string]time.Time) *MemoryPlatformMutes {
	m := make(map[string]time.Time, len(seed))
	for uid, until := range seed {
		m[uid] = until
	}
	return &MemoryPlatformMutes{m: m}
}

// MutedUntil implements PlatformMutes.
func (p *MemoryPlatformMutes) MutedUntil(uid string) (time.Time, bool) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	t, ok := p.m[uid]
	return t, ok
}

// Mute implements PlatformMutes.
func (p *MemoryPlatformMutes) Mute(_ context.Context, uid string, until time.Time) error {
	p.mu.Lock()
	p.m[uid] = until
	p.mu.Unlock()
	return nil
}

// Unmute implements PlatformMutes.
func (p *MemoryPlatformMutes) Unmute(_ context.Context, uid string) error {
	p.mu.Lock()
	delete(p.m, uid)
	p.mu.Unlock()
	return nil
}
