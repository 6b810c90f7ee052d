package admin

import "courtside/api/errcode"

// The errors of the live rooms, moderation rules and money screens (codes 7600–7649 in
// api/errcode/codes_adminops.go; messages in api/locale/messages/adminops/). Shared values.
var (
	// ErrWordInvalid: empty once normalised, or longer than the filter takes (7600).
	ErrWordInvalid = errcode.New(errcode.BannedWordInvalid)
	// ErrWordExists: already on the platform's list (7601).
	ErrWordExists = errcode.New(errcode.BannedWordExists)
	// ErrWordMissing: not on the platform's list (7602).
	ErrWordMissing = errcode.New(errcode.BannedWordMissing)
	// ErrRoomAction: the room refused the action (7603).
	ErrRoomAction = errcode.New(errcode.RoomActionInvalid)
	// ErrUnavailable: the part this screen needs is not wired on this node (5000, 503).
	ErrUnavailable = errcode.New(errcode.Server).WithKind(errcode.KindUnavailable)
)
