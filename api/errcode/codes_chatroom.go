package errcode

// The REST forms of live-room moderation (issue 17: GET /chatroom/delete, GET /chatroom/userInfo,
// POST /chatroom/operate in api/chat), range 7450–7499. The room actor decides every right; these
// codes are how its answers, and the bad input caught before asking it, reach a REST client.
const (
	// ChatroomInvalid: a parameter is missing or malformed; the key says which (chatroom.badRoom,
	// chatroom.badUser, chatroom.badOp, chatroom.badSecs, chatroom.badMessage, chatroom.confirm).
	ChatroomInvalid Code = 7450
	// ChatroomForbidden: the caller's role in the room does not allow this; the key says why
	// (chatroom.streamerOnly: moderators are named by the streamer or staff; chatroom.outranked: a
	// moderator cannot mute themselves, another moderator or the streamer).
	ChatroomForbidden Code = 7451
	// ChatroomRoomNotFound: no such live room.
	ChatroomRoomNotFound Code = 7452
	// ChatroomUserNotFound: no such user.
	ChatroomUserNotFound Code = 7453
	// ChatroomMessageNotFound: no such chat line in this room, or it is deleted already.
	ChatroomMessageNotFound Code = 7454
	// ChatroomFailed: the room did not answer in time; the same request may be retried.
	ChatroomFailed Code = 7455
)

func init() {
	define(map[Code]entry{
		ChatroomInvalid:         {"chatroom.invalid", KindInvalid, EdgeREST},
		ChatroomForbidden:       {"chatroom.forbidden", KindForbidden, EdgeREST},
		ChatroomRoomNotFound:    {"chatroom.roomNotFound", KindNotFound, EdgeREST},
		ChatroomUserNotFound:    {"chatroom.userNotFound", KindNotFound, EdgeREST},
		ChatroomMessageNotFound: {"chatroom.messageNotFound", KindNotFound, EdgeREST},
		ChatroomFailed:          {"chatroom.failed", KindUnavailable, EdgeREST},
	})
}
