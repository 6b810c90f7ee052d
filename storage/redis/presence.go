package redis

import (
	"context"
	"strconv"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// Presence sums the viewers of a room over the nodes: each node writes its own count in the room's
// hash, and a node that stops refreshing drops out when its field's stamp is older than TTL.
type Presence struct {
	c      *goredis.ClusterClient
	prefix string
	node   string
	ttl    time.Duration
}

// NewPresence makes the presence counts of node.
func NewPresence(c *goredis.ClusterClient, keyPrefix, node string, ttl time.Duration) *Presence {
	if ttl == 0 {
		ttl = 15 * time.Second
	}
	return &Presence{c: c, prefix: prefix(keyPrefix) + "presence:", node: node, ttl: ttl}
}

// Set records this node's viewer count of room (refresh it at least every TTL/2).
func (p *Presence) Set(ctx context.Context, room string, count int) error {
	key := p.prefix + room
	v := strconv.Itoa(count) + ":" + strconv.FormatInt(time.Now().UnixMilli(), 10)
	pipe := p.c.TxPipeline()
	pipe.HSet(ctx, key, p.node, v)
	pipe.PExpire(ctx, key, 4*p.ttl)
	_, err := pipe.Exec(ctx)
	return err
}

// Count is the room's viewers over every node that refreshed within TTL.
func (p *Presence) Count(ctx context.Context, room string) (int, error) {
	all, err := p.c.HGetAll(ctx, p.prefix+room).Result()
	if err != nil {
		return 0, err
	}
	cutoff := time.Now().Add(-p.ttl).UnixMilli()
	total := 0
	for _, v := range all {
		var n int
		var at int64
		for i := 0; i < len(v); i++ {
			if v[i] == ':' {
				n, _ = strconv.Atoi(v[:i])
				at, _ = strconv.ParseInt(v[i+1:], 10, 64)
				break
			}
		}
		if at >= cutoff {
			total += n
		}
	}
	return total, nil
}
