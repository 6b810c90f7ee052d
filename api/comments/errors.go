package comments

import "courtside/api/errcode"

// The comments' errors (codes 6304–6308 in api/errcode/codes_news.go, messages in
// api/locale/messages/news). Never modify one; the With* methods return copies.
var (
	// ErrNotFound: no such comment, no such target, or an unknown target kind.
	ErrNotFound = errcode.New(errcode.CommentNotFound)
	// ErrInvalid: empty or too long (the key says which), or a reply to a reply.
	ErrInvalid = errcode.New(errcode.CommentInvalid)
	ErrEmpty   = ErrInvalid.WithKey("comments.empty")
	ErrTooLong = ErrInvalid.WithKey("comments.tooLong")
	ErrTooDeep = ErrInvalid.WithKey("comments.tooDeep")
	ErrDeleted = ErrInvalid.WithKey("comments.deleted")
	// ErrBanned: the text contains a banned word (the chat's filter).
	ErrBanned = errcode.New(errcode.CommentBanned)
	// ErrMuted: the author is muted platform-wide, or banned.
	ErrMuted = errcode.New(errcode.CommentMuted)
	// ErrReason: a report without one of spec §6's reasons.
	ErrReason = errcode.New(errcode.CommentReportInvalid)
)
