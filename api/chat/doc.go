// Package chat serves the live rooms' chat history over REST (spec §7 `GET /live/getChatroomSpeech`):
// the latest lines of a room and older pages before a cursor, never a deleted message; and, for a
// room's moderators, a reported message with the lines around it, deleted ones included.
//
// It also serves the REST forms of moderation (spec §7, issue 17; moderation.go): Delete a line,
// Operate (mute, unmute, add or remove a moderator) and UserInfo (the chatter card). Each is the
// socket's moderation command sent to the room's actor through RoomAsker (room.Ask in the engine),
// so the room applies its own rights and writes its own moderation record, on whichever node it
// lives; the service checks the input and words the room's answer (README.md).
//
// The rules are in the Service (service.go: New, Speech, ReportContext; moderation.go; errors.go): it
// reads the history store through the small Reader interface (the room actors write it) and asks
// Moderators, which the engine implements, who may moderate a room. The REST handlers are in http.go
// (Routes). A Service is safe for concurrent use.
package chat
