package content

import (
	"errors"

	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// The content's errors (codes 7650–7652 in api/errcode/codes_content.go, messages in
// api/locale/messages/content). Never modify one; the With* methods return copies.
var (
	// ErrNotFound: no such proclamation or page.
	ErrNotFound = errcode.New(errcode.ContentNotFound)
	// ErrInvalid: the input breaks a rule; the key says which.
	ErrInvalid = errcode.New(errcode.ContentInvalid)
	ErrText    = ErrInvalid.WithKey("content.text")
	ErrTitle   = ErrInvalid.WithKey("content.title")
	ErrLang    = ErrInvalid.WithKey("content.lang")
	ErrLink    = ErrInvalid.WithKey("content.link")
	ErrLevel   = ErrInvalid.WithKey("content.level")
	ErrWindow  = ErrInvalid.WithKey("content.window")
	ErrBody    = ErrInvalid.WithKey("content.body")
	ErrReason  = ErrInvalid.WithKey("content.reason")
	// ErrState: the proclamation is withdrawn or over, so it can no longer change.
	ErrState = errcode.New(errcode.ContentState)
)

func storeErr(err error) error {
	if errors.Is(err, postgres.ErrContentNotFound) {
		return ErrNotFound
	}
	return err
}
