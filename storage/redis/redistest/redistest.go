// Package redistest connects tests to the local Redis Cluster that scripts/redis-cluster.sh starts.
package redistest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"courtside/storage/redis"
)

// Client connects to the cluster in REDIS_CLUSTER, or skips the test (fails it when
// COURTSIDE_REQUIRE_SERVICES=1). Keys the test writes should start with the returned prefix, so
// tests never see each other's data.
func Client(t testing.TB) (*goredis.ClusterClient, string) {
	t.Helper()
	addrs := os.Getenv("REDIS_CLUSTER")
	if addrs == "" {
		if os.Getenv("COURTSIDE_REQUIRE_SERVICES") == "1" {
			t.Fatal("REDIS_CLUSTER is not set but COURTSIDE_REQUIRE_SERVICES=1: run through `make test`")
		}
		t.Skip("REDIS_CLUSTER not set: skipping Redis Cluster test (scripts/redis-cluster.sh starts one)")
	}
	c, err := redis.Open(context.Background(), redis.Config{Addrs: strings.Split(addrs, ",")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, fmt.Sprintf("cstest:%d:", time.Now().UnixNano())
}
