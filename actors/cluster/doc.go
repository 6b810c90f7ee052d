// Package cluster places actors across the nodes of a protoactor-go cluster (design §3): membership
// in etcd (protoactor's etcd provider: a lease kept alive every few seconds, so a killed node leaves
// the member list when its lease expires), the kinds every member hosts (room, match, topic, user),
// placement by identity with the distributed-hash lookup (rendezvous hashing over the members; the
// owner's placement actor activates an actor on its first message), the local proxies through which
// a node reaches an actor wherever it lives (Placement), the codec that carries the actors' plain Go
// messages between nodes (codec.go), users' sessions on every node (users.go) and match list
// changes for every member's REST index (matches.go).
//
// A node alone needs none of it: its registries spawn actors locally, its session.LocalUsers reaches
// its sessions, and its matches module listens to its match actors directly. The engine builds a
// Member only in cluster mode and hands its parts (placements, Users, the match listener, Props)
// to the same registries and services; nothing outside the engine asks which mode it runs in.
//
// Catch-up after a topology change is the registries' own: proxies resolve their actor again
// (Placement.Invalidate), the match registry re-sends the feed's last seconds, relays re-register
// their viewers, and every node re-attaches its users' sessions (Member's OnTopology hook calls
// them).
//
// Concurrency: New, Start and Leave run on the engine's goroutine. Placement.Get and the Users
// methods are safe for concurrent use and never block; a proxy's first message to an actor blocks
// that proxy (not the caller) while the owner activates it.
package cluster
