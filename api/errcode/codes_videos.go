package errcode

// Videos and recordings (api/videos), range 6400–6499 (decision 0004).
const (
	// VideoNotFound: no such video, it is not public, or (for a streamer) not one of theirs.
	VideoNotFound Code = 6401
	// VideoInvalid: a staff upload or edit breaks a rule: no title, an unknown kind, a file that is
	// not a video (the key says which).
	VideoInvalid Code = 6402
	// VideoState: the video's state does not allow this (hiding a video still processing, sending
	// more of a file already complete).
	VideoState Code = 6403
	// VideoUpload: a part of an upload does not fit: wrong offset, over the size announced or the
	// largest file allowed.
	VideoUpload Code = 6404
	// VideoTranscoder: the node has no ffmpeg, so uploads cannot be transcoded.
	VideoTranscoder Code = 6405
)

func init() {
	define(map[Code]entry{
		VideoNotFound:   {"videos.notFound", KindNotFound, EdgeREST},
		VideoInvalid:    {"videos.invalid", KindInvalid, EdgeREST},
		VideoState:      {"videos.state", KindConflict, EdgeREST},
		VideoUpload:     {"videos.upload", KindInvalid, EdgeREST},
		VideoTranscoder: {"videos.noTranscoder", KindUnavailable, EdgeREST},
	})
}

// Replay with the match's timeline (issue 25 §2, api/videos/replay*.go), range 6430–6449.
const (
	// VideoReplayUnavailable: the video has no replay: it is not a broadcast recording of a room,
	// or it is not ready yet.
	VideoReplayUnavailable Code = 6430
	// VideoReplayRange: a replay window is wrong: a negative start, an end before the start, or
	// longer than the longest window served at once (the key says which).
	VideoReplayRange Code = 6431
)

func init() {
	define(map[Code]entry{
		VideoReplayUnavailable: {"videos.replayUnavailable", KindNotFound, EdgeREST},
		VideoReplayRange:       {"videos.replayRange", KindInvalid, EdgeREST},
	})
}
