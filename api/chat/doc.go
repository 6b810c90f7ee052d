// Package chat serves the live rooms' chat history over REST (spec §7 `GET /live/getChatroomSpeech`):
// the latest lines of a room and older pages before a cursor, never a deleted message; and, for a
// room's moderators, a reported message with the lines around it, deleted ones included.
//
// The rules are in the Service (service.go: New, Speech, ReportContext; errors.go): it reads the
// history store through the small Reader interface (the room actors write it) and asks Moderators,
// which the engine implements, who may moderate a room. The REST handlers are in http.go (Routes).
// A Service is safe for concurrent use.
package chat
