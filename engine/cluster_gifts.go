package engine

import (
	"github.com/prometheus/client_golang/prometheus"

	"courtside/actors/room"
	redisstore "courtside/storage/redis"
)

var _ room.GiftKeys = (*redisstore.GiftKeys)(nil)

// useSharedGiftKeys gives every room of this node the gift idempotency keys in Redis Cluster: a room
// re-activated here after its node died answers a gift retried with the same nonce with the seq the
// dead incarnation showed, instead of showing the (already paid) gift a second time. Keys live 24h
// (redisstore.GiftKeysConfig's default). Failures of Redis are logged and counted, and gifts go on
// as on a single node.
func (n *Node) useSharedGiftKeys(cp *clusterPart) {
	errs := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "courtside_gift_key_errors_total",
		Help: "Failed lookups and writes of the shared gift idempotency keys (Redis); gifts went on without them.",
	})
	n.reg.MustRegister(errs)
	n.roomCfg.GiftKeys = redisstore.NewGiftKeys(cp.redis, redisstore.GiftKeysConfig{})
	n.roomCfg.GiftKeyErrors = errs
}
