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
//   - GiftKeys: room.GiftKeys on Claims: gift key -> seq of the event the gift became, remembered
//     once the event is durable (first seq wins, 24h by default), so a room re-activated on another
//     node answers a retried gift with that seq instead of showing it twice.
//   - Streams: which node holds each room's live stream (RTMP ingest is node-local), its public
//     media URL and state (viewers, stalled, since); one expiring key per room refreshed by its
//     holder and removed by it when the stream ends, so every node lists the stream and redirects
//     its viewers to the holder. This is the cluster's presence of live streams and their viewer
//     counts; chat presence needs no shared store, since each room's one actor sums the viewers
//     its relays report from every node.
//   - Trials: media.Trials on Claims: when each non-member's trial of a member-only room started,
//     so a viewer gets one trial per room a day whichever node answers.
//   - Leaderboard: gift scores per room and time bucket in sorted sets hash-tagged by room.
//   - SessionCache: the accounts module's live sessions (user id and expiry by token hash), so
//     authentication skips Postgres; Forget leaves a marker that no later Put overwrites, so a
//     revoked session is never cached again by a node that read it just before the revocation.
//
// A single node uses the in-process implementations of the same interfaces and needs no Redis.
//
// Concurrency: every type here is safe for concurrent use.
package redis
