package errcode

// The back office's live rooms, moderation rules and money screens (issue 16: api/admin rooms.go,
// words.go, money.go), range 7600–7649.
const (
	// BannedWordInvalid: a banned word is empty after normalisation or longer than the filter takes
	// (64 characters).
	BannedWordInvalid Code = 7600
	// BannedWordExists: the word is already on the platform's list.
	BannedWordExists Code = 7601
	// BannedWordMissing: the word is not on the platform's list (removed by someone else meanwhile).
	BannedWordMissing Code = 7602
	// RoomActionInvalid: a live-room action the room refused (the room is not running here, or the
	// user cannot be a moderator of it).
	RoomActionInvalid Code = 7603
)

func init() {
	define(map[Code]entry{
		BannedWordInvalid: {"adminops.wordInvalid", KindInvalid, EdgeREST},
		BannedWordExists:  {"adminops.wordExists", KindConflict, EdgeREST},
		BannedWordMissing: {"adminops.wordMissing", KindNotFound, EdgeREST},
		RoomActionInvalid: {"adminops.roomAction", KindConflict, EdgeREST},
	})
}
