// Package redis implements the shared state every node of a cluster must see at once, on Redis
// Cluster through go-redis's ClusterClient:
//
//   - PlatformMutes: platform-wide mutes. Each node keeps a local copy (the room actor checks it on
//     every chat line without a network round trip), loaded at start, updated through pub/sub as
//     soon as any node mutes or unmutes, and fully re-read every ResyncEvery in case a message was
//     lost while a node was disconnected.
//   - Limiter: ratelimit.Limiter as a sliding-window log in a sorted set, one Lua script per call so
//     the check and the record are atomic, timed by the Redis server's clock.
//   - Claims: idempotency keys (SET NX with an expiry).
//   - Presence: viewers per room summed over nodes (one hash field per node, refreshed and expiring).
//   - Leaderboard: gift scores per room and time bucket in sorted sets hash-tagged by room.
//
// A single node uses the in-process implementations of the same interfaces and needs no Redis.
//
// Concurrency: every type here is safe for concurrent use.
package redis
