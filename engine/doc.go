// Package engine wires one Courtside node, and only wires: it reads the configuration, opens the
// stores, builds the actors' registries and each area's service, hands every part the small
// interfaces it declares, and runs the long-lived parts as Services under one errgroup with
// graceful shutdown. The rules live in the areas (api/<area>), the actors (actors/...) and the
// edges (gateway, gateway/media); engine holds no business rule.
//
// A node alone and a node in a cluster differ only in the topology New picks once (topology.go):
// singleTopology (topology_single.go: local registries, Pebble history, shared state in memory) or
// clusterTopology (topology_cluster.go: actors placed across the members by package actors/cluster,
// history in Postgres, shared state in Redis Cluster). Each shared-state interface has its in-process
// and its Redis variant beside it (platform mutes, gift keys, leaderboards, rate limits, session
// cache, trials, the stream directory); nothing outside the topology asks which mode it runs in.
// Operations: docs/operations.md; the map of homes: docs/architecture.md.
//
// Files: node.go (Node: Run, the operational endpoints), wiring.go (the build order), one file per
// area's wiring (accounts.go, wallet.go, media.go, scores.go), realtime.go (the gateway's handler:
// one session actor per connection) and adapters.go (stores adapted to the actors' ports).
//
// Dependencies point one way: engine imports actors, gateway, storage and api, and injects into each
// the small interfaces it declares; none of them imports engine. architecture_test.go holds the
// allowed import directions of the whole repository and fails on a back arrow.
//
// Concurrency: Load and New run on the caller's goroutine. Node.Run blocks until its context is
// cancelled or a service fails, then stops every service in reverse start order within
// Config.ShutdownTimeout. The glue types in realtime.go are called from gateway event loops and must
// never block: they only copy bytes and post messages to actor mailboxes.
package engine
