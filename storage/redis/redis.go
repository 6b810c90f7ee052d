package redis

import (
	"context"
	"errors"
	"fmt"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// Config names the cluster.
type Config struct {
	Addrs  []string // seed nodes, host:port
	Prefix string   // key prefix; default "cs:"
}

// ErrNoAddrs is returned by Open without seed nodes.
var ErrNoAddrs = errors.New("redis: no cluster addresses (set REDIS_CLUSTER)")

// Open connects a ClusterClient and checks the cluster answers.
func Open(ctx context.Context, cfg Config) (*goredis.ClusterClient, error) {
	if len(cfg.Addrs) == 0 {
		return nil, ErrNoAddrs
	}
	c := goredis.NewClusterClient(&goredis.ClusterOptions{Addrs: cfg.Addrs, ReadTimeout: 2 * time.Second, WriteTimeout: 2 * time.Second})
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := c.ForEachShard(pctx, func(ctx context.Context, s *goredis.Client) error { return s.Ping(ctx).Err() }); err != nil {
		c.Close()
		return nil, fmt.Errorf("redis: cluster not reachable: %w", err)
	}
	return c, nil
}

func prefix(p string) string {
	if p == "" {
		return "cs:"
	}
	return p
}
