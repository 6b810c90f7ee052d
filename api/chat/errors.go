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
)
