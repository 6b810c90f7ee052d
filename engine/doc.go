// Package engine wires one Courtside node: configuration, logging, the Postgres pool and migrations,
// the actor system with its rooms, relay and sessions, the WebSocket gateway, the REST API and the
// operational endpoints (/healthz, /readyz, /metrics, /debug/pprof), all run as Services under one
// errgroup with graceful shutdown.
//
// With COURTSIDE_ETCD_ENDPOINTS set the node runs in cluster mode (cluster.go): it joins a
// protoactor-go cluster (etcd membership, distributed-hash placement), rooms become virtual actors
// reached through local proxies, messages between nodes go through the codec middleware of
// cluster_codec.go, platform mutes live in Redis Cluster and chat history in Postgres or ScyllaDB.
// Without it nothing of that runs. Operations: docs/operations.md.
//
// Dependencies point one way: engine imports actors, gateway, storage and api, and injects into each
// the small interfaces it declares; none of them imports engine.
//
// Concurrency: Load and New run on the caller's goroutine. Node.Run blocks until its context is
// cancelled or a service fails, then stops every service in reverse start order within
// Config.ShutdownTimeout. The glue types in realtime.go are called from gateway event loops and must
// never block: they only copy bytes and post messages to actor mailboxes.
package engine
