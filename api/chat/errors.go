package chat

import "courtside/api/errcode"

// The chat history's errors (codes in package errcode). Shared values: never modify one.
var (
	// ErrBadInput: a room id that is not one, a page size outside 1..MaxPageSize, a cursor that is
	// not a sequence number, a missing or over-long message id (1000).
	ErrBadInput = errcode.New(errcode.Format)
	// ErrAccessDenied: the caller may not moderate the room (1003).
	ErrAccessDenied = errcode.New(errcode.Forbidden)
	// ErrNotFound: no such message in the room (1004).
	ErrNotFound = errcode.New(errcode.NotFound)
	// ErrRoomNotFound: no such live room (1004).
	ErrRoomNotFound = errcode.New(errcode.NotFound).WithKey("security.roomNotFound")

	// The REST moderation calls (moderation.go; codes 7450–7455 in api/errcode/codes_chatroom.go,
	// messages in api/locale/messages/chatroom).

	// ErrInvalid: a parameter is missing or malformed; WithKey says which (7450).
	ErrInvalid = errcode.New(errcode.ChatroomInvalid)
	// ErrModForbidden: the room refused: the caller's role does not allow it (7451).
	ErrModForbidden = errcode.New(errcode.ChatroomForbidden)
	// ErrNoRoom: no such live room (7452).
	ErrNoRoom = errcode.New(errcode.ChatroomRoomNotFound)
	// ErrUserNotFound: no such user (7453); Chatters return it for an unknown id.
	ErrUserNotFound = errcode.New(errcode.ChatroomUserNotFound)
	// ErrNoMessage: no such line in the room, or it is deleted already (7454).
	ErrNoMessage = errcode.New(errcode.ChatroomMessageNotFound)
	// ErrFailed: the room did not answer; the same request may be retried (7455).
	ErrFailed = errcode.New(errcode.ChatroomFailed)
)
