package videos

import (
	"errors"

	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// The videos' errors (codes 6401–6405 in api/errcode/codes_videos.go, messages in
// api/locale/messages/videos). Never modify one; the With* methods return copies.
var (
	// ErrNotFound: no such video, not public, or not the caller's.
	ErrNotFound = errcode.New(errcode.VideoNotFound)
	// ErrInvalid and its keys: a staff upload or edit breaks a rule.
	ErrInvalid       = errcode.New(errcode.VideoInvalid)
	ErrTitleRequired = ErrInvalid.WithKey("videos.titleRequired")
	ErrBadKind       = ErrInvalid.WithKey("videos.badKind")
	ErrNotAVideo     = ErrInvalid.WithKey("videos.notAVideo")
	// ErrState: the video's state does not allow this.
	ErrState = errcode.New(errcode.VideoState)
	// ErrUpload: a part of an upload does not fit (offset, size).
	ErrUpload = errcode.New(errcode.VideoUpload)
	// ErrNoTranscoder: no ffmpeg on this node.
	ErrNoTranscoder = errcode.New(errcode.VideoTranscoder)
)

// storeErr maps the store's sentinels to the area's errors.
func storeErr(err error) error {
	if errors.Is(err, postgres.ErrVideoNotFound) {
		return ErrNotFound
	}
	return err
}
