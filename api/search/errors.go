package search

import "courtside/api/errcode"

// The search's errors (codes 6501–6504 in api/errcode/codes_search.go, messages in
// api/locale/messages/search). Never modify one; the With* methods return copies.
var (
	// ErrQueryEmpty: nothing to search for.
	ErrQueryEmpty = errcode.New(errcode.SearchQueryEmpty)
	// ErrQueryTooLong: over Config.MaxQuery characters (the limit is an arg).
	ErrQueryTooLong = errcode.New(errcode.SearchQueryTooLong)
	// ErrKindUnknown: a kind that is not one of Kinds.
	ErrKindUnknown = errcode.New(errcode.SearchKindUnknown)
	// ErrPageInvalid: a page outside 1..Config.MaxPage (the limit is an arg).
	ErrPageInvalid = errcode.New(errcode.SearchPageInvalid)
)
