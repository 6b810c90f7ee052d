package videos

import "courtside/api/errcode"

// The replay's errors (codes 6430–6449 in api/errcode/codes_videos.go, messages in
// api/locale/messages/videos). Never modify one; the With* methods return copies.
var (
	// ErrReplayUnavailable: the video is not a ready recording of a room's broadcast.
	ErrReplayUnavailable = errcode.New(errcode.VideoReplayUnavailable)
	// ErrReplayRange: a replay window starts before the recording or ends before it starts.
	ErrReplayRange = errcode.New(errcode.VideoReplayRange)
	// ErrReplayTooLong: a replay window is longer than MaxReplayWindow (its argument: minutes).
	ErrReplayTooLong = ErrReplayRange.WithKey("videos.replayTooLong").WithArgs(int(MaxReplayWindow.Minutes()))
)
