// Package ratelimit holds the per-user message limits of live-room chat: the per-class rate limit
// and slow mode that a room actor applies to every chat message, and the Limiter interface for
// limits shared by every node of a cluster.
//
// # Concurrency
//
// Window and SlowMode are NOT safe for concurrent use. Each belongs to one room actor and is called
// from its Receive only (the actor's mailbox serialises the calls), which is why they need no
// lock. They run no goroutine and no timer: the clock is the now argument of each call.
//
// Memory (the in-process Limiter) is safe for concurrent use: its keys are spread over shards, each
// behind its own mutex.
//
// # Semantics: sliding-window log
//
// Every limit here is a sliding window, as in Twitch chat's "20 messages per 30 seconds": an event
// of a key at time now is allowed if the key has fewer than Count allowed events in the window
// (now-Period, now]; an event exactly Period old has left it. Allowed events are recorded; refused
// events are not (a user hammering the send button is not locked out for longer). When an event is
// refused, retryAfter is exactly the time until enough of the key's events leave the window for the
// next one to be allowed. Time never runs backwards for a key: a now earlier than the key's last
// event is taken as that event's time.
//
// A log (the times of the key's last Count events) is exact, unlike fixed windows (which let 2×Count
// through across a window edge) or token buckets (which refill continuously, so 20 at once then
// one every 1.5 s: about 39 in the first 30 s). Its cost is Count timestamps per key: about 260 bytes
// per active viewer (20 × 8 bytes plus the entry and its map slot), 860 bytes per moderator.
//
// Per-class defaults (Classes; zero fields take them): Viewer and VIP 20 per 30 s, Moderator and
// Streamer 100 per 30 s. A key's log survives a class change, so a user promoted mid-window keeps
// what they already sent.
//
// # Bounded memory
//
// A key whose every event is at least a period old no longer affects any decision, so it is
// dropped. Instead of a sweeper goroutine, every call examines two entries at a cursor that walks
// the table and removes the idle ones (O(1) each: the last entry moves into the hole). Each call
// adds at most one key, so a table holds at most about twice the keys active in the last period,
// and a burst of one-off keys is reclaimed by the calls that follow it. Go maps do not shrink, so
// the index keeps the capacity of the largest burst; rings of evicted keys are recycled.
//
// Keys are copied on insertion, so a caller may pass a string that aliases a reused buffer.
//
// Benchmarks (go test -run=XXX -bench=. ./actors/ratelimit/, 2-core Xeon VM, best of runs on a
// shared machine): Window.Allow on a hot key ≈40 ns, over 100,000 live keys ≈130–180 ns (cache
// misses), 0 allocs/op; a new key costs one allocation (its copy). Memory.Allow ≈55 ns hot,
// ≈190 ns over 100,000 keys, 0 allocs/op.
//
// # Slow mode
//
// SlowMode is a one-message-per-Interval window per user. Moderators and the streamer are exempt
// (AllowClass exempts them; Allow exempts no one and leaves that to the caller). Changing the
// interval applies at once to users remembered; a user already forgotten under a shorter interval
// speaks freely once.
//
// Order with Window: a room that asks SlowMode first and Window second records a slow-mode message
// for a user the Window then refuses. That costs the user at most one interval more of waiting, and
// only when they were flooding anyway, so the room does not need a two-phase check.
//
// # The Limiter contract (shared limits)
//
// Limiter is what a cluster needs where every node must see the same count: a platform-wide limit
// on one user across rooms and nodes, or on an IP address. Memory implements it in process (a single
// node); the Redis Cluster implementation lives with storage/redis. Every implementation must
// guarantee:
//
//   - Semantics: the sliding-window log above, per key, for the limit given in the call. Concurrent
//     calls on one key, from any goroutine or node, are atomic with respect to each other: never
//     more than Count allowed in any window. (Redis: one Lua script on one key per call — a sorted
//     set of event times: trim, count, add, PEXPIRE Period — so one round trip, one slot.)
//   - The limit is per call: callers use one limit per key. A different limit applies to the
//     history already there (raised: more are allowed at once; lowered: refused until enough leave).
//   - Clock: the implementation's, not the caller's, so that nodes with skewed clocks agree. Memory
//     uses MemoryConfig.Now; Redis uses the server's TIME inside the script. Times may be kept to
//     the millisecond; RetryAfter is then rounded up, never down.
//   - Keys: opaque, case-sensitive strings; callers namespace them ("chat:u:<user id>",
//     "chat:ip:<addr>"). A key's state disappears once it is idle for its Period.
//   - Decision: Allowed, Remaining (Count minus events in the window after this call) and, when
//     refused, RetryAfter > 0.
//   - Errors: ErrInvalidLimit for a Count or Period ≤ 0; the context's error when ctx is done; a
//     backend error (Redis unreachable, timeout). On any error the returned Decision is the zero
//     value, nothing is counted, and the caller chooses: chat fails open (the room's own Window
//     still bounds each user), anything that spends money fails closed. Allow retries nothing
//     itself.
package ratelimit
