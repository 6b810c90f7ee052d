package engine

import cmap "github.com/orcaman/concurrent-map"

// registryShards is how many locked maps each of the 1,024 buckets of protoactor's process
// registry is cut into (orcaman/concurrent-map's SHARD_COUNT, 32 by default).
//
// Why: the registry holds one entry per actor, a session per open connection among them, in
// 1,024 × SHARD_COUNT Go maps, and a map with its first entry already holds a group of eight slots
// (288 bytes). At 32 shards, 18,000 idle connections spread one or two entries over each of 32,768
// maps, about 200 bytes per connection (heap profile of the bench's idle-connections, issue 24);
// at 4 the same entries fill 4,096 maps' groups, about 60 bytes each. 4,096 locks are still far
// more than a node's cores contend for, and the cluster's PID cache (the other concurrent map in
// protoactor) keeps 4 shards.
const registryShards = 4

// ShardProcessRegistry sets registryShards. It must run before the first actor system is made, so
// cmd/courtside calls it first thing; tests and tools that embed nodes keep the library's default.
func ShardProcessRegistry() { cmap.SHARD_COUNT = registryShards }
