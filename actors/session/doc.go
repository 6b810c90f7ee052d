// Package session implements the session actor: one per WebSocket connection. It authenticates the
// connection (a token from the REST login, or a guest), owns its identity and language, decodes the
// client's commands, and routes them: joins and leaves to the node's relay, chat and moderation to
// room actors. Answers from rooms come back here and are written to the connection localized.
//
// Concurrency: all state belongs to the actor's Receive. The gateway glue only posts Inbound (a copy
// of one client message) and Closed; it never waits for the actor.
package session
