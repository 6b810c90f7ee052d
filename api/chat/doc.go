// Package chat serves the live rooms' chat history over REST (spec §7 `GET /live/getChatroomSpeech`):
// the latest lines of a room and older pages before a cursor, never a deleted message.
//
// It reads the history store through the small Reader interface; the room actors write it. Handlers
// are safe for concurrent use.
package chat
