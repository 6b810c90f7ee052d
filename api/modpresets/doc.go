// Package modpresets is the moderation presets of a live room (issue 25 §3): what its streamer picks
// once — slow mode on a goal or decisive event of the linked match, an action when the chat rate
// spikes, shield mode's length, strict words and new-account age, followers-only chat with a minimum
// follow age. The service checks and stores them (storage/postgres ModPresets, migration 1500),
// records each change in the audit log and hands the new presets to the live room actor, which
// applies them (actors/room/presets.go, shield.go). Nothing here knows HTTP but http.go.
//
//	GET  /java/live/modPresets?room=<id>  the room's presets (no room: the caller's own room)
//	POST /java/live/modPresets?room=<id>  save them (JSON body: Presets)
//
// Only the room's streamer and its moderators read and change them (ErrForbidden otherwise).
//
// Concurrency: a Service is safe for concurrent use.
package modpresets
