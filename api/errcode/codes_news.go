package errcode

// News, comments and users' posts (api/news, api/comments), range 6300–6399 (decision 0004).
const (
	// NewsNotFound: no such article, or not visible to this reader (a draft, a future publish time,
	// unpublished).
	NewsNotFound Code = 6301
	// NewsInvalid: an article breaks a rule (title 5 to 300 characters, a known game and type, a body of
	// known blocks, a picture from our site; the key says which).
	NewsInvalid Code = 6302
	// NewsState: the article's state does not allow this (publishing a published article, reviewing an
	// article that is not a pending post).
	NewsState Code = 6303
	// CommentNotFound: no such comment, or no such target to comment on.
	CommentNotFound Code = 6304
	// CommentInvalid: a comment is empty or too long, or a reply to a reply (threads are one level).
	CommentInvalid Code = 6305
	// CommentBanned: the comment contains a banned word.
	CommentBanned Code = 6306
	// CommentMuted: the user is muted (platform-wide) and may not comment.
	CommentMuted Code = 6307
	// CommentReportInvalid: a report without one of spec §6's reasons.
	CommentReportInvalid Code = 6308
)

func init() {
	define(map[Code]entry{
		NewsNotFound:         {"news.notFound", KindNotFound, EdgeREST},
		NewsInvalid:          {"news.invalid", KindInvalid, EdgeREST},
		NewsState:            {"news.state", KindConflict, EdgeREST},
		CommentNotFound:      {"comments.notFound", KindNotFound, EdgeREST},
		CommentInvalid:       {"comments.invalid", KindInvalid, EdgeREST},
		CommentBanned:        {"comments.banned", KindInvalid, EdgeREST},
		CommentMuted:         {"comments.muted", KindForbidden, EdgeREST},
		CommentReportInvalid: {"comments.reportReason", KindInvalid, EdgeREST},
	})
}
