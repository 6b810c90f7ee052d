package errcode

// Moderation presets (issue 25 §3: actors/room/presets.go, api/modpresets), range 7300–7349.
const (
	// ModPresetFollowersOnly: the room lets only followers of its streamer chat (with a minimum
	// follow age), always or for a while (an automatic action or shield mode).
	ModPresetFollowersOnly Code = 7301
	// ModPresetNewAccount: shield mode is on and the account is too new to chat: it may read.
	ModPresetNewAccount Code = 7302
	// ModPresetStrictWord: shield mode is on and the line holds a word of its strict list.
	ModPresetStrictWord Code = 7303
	// ModPresetNothingToUndo: the automatic action to undo has already ended or been undone.
	ModPresetNothingToUndo Code = 7304
	// ModPresetInvalid: a preset is out of range (the key says which field).
	ModPresetInvalid Code = 7305
	// ModPresetForbidden: only the room's streamer, its moderators and administrators edit its presets.
	ModPresetForbidden Code = 7306
	// ModPresetRoomNotFound: no such room.
	ModPresetRoomNotFound Code = 7307
)

func init() {
	define(map[Code]entry{
		ModPresetFollowersOnly: {"modpresets.followersOnly", KindForbidden, EdgeSocket},
		ModPresetNewAccount:    {"modpresets.newAccount", KindForbidden, EdgeSocket},
		ModPresetStrictWord:    {"modpresets.strictWord", KindInvalid, EdgeSocket},
		ModPresetNothingToUndo: {"modpresets.nothingToUndo", KindConflict, EdgeSocket},
		ModPresetInvalid:       {"modpresets.invalid", KindInvalid, EdgeREST},
		ModPresetForbidden:     {"modpresets.forbidden", KindForbidden, EdgeREST},
		ModPresetRoomNotFound:  {"modpresets.roomNotFound", KindNotFound, EdgeREST},
	})
}
