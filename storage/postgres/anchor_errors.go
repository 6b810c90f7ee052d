package postgres

import "errors"

// Anchor store errors.
var (
	// ErrAnchorNotFound: no application or streamer for this user or room.
	ErrAnchorNotFound = errors.New("postgres: anchor not found")
	// ErrAnchorState: the change is not allowed from the anchor's current status (apply while under
	// review or approved, review something not under review, ban someone not approved, ...).
	ErrAnchorState = errors.New("postgres: not allowed in the anchor's current status")
	// ErrStreamKeyRefused: no approved, unbanned streamer with live started holds this stream key.
	ErrStreamKeyRefused = errors.New("postgres: stream key refused")
	// ErrUploadNotFound: no such upload, or not the user's own.
	ErrUploadNotFound = errors.New("postgres: upload not found")
	// ErrUploadQuota: the user's pictures would exceed the storage quota.
	ErrUploadQuota = errors.New("postgres: upload quota exceeded")
)
