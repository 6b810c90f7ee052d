package news

import (
	"errors"

	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// The news' errors (codes 6301–6303 in api/errcode/codes_news.go, messages in
// api/locale/messages/news). Never modify one; the With* methods return copies.
var (
	// ErrNotFound: no such article, or not visible to this reader.
	ErrNotFound = errcode.New(errcode.NewsNotFound)
	// ErrInvalid: an article breaks a rule; the key says which.
	ErrInvalid = errcode.New(errcode.NewsInvalid)
	ErrTitle   = ErrInvalid.WithKey("news.title")
	ErrGame    = ErrInvalid.WithKey("news.game")
	ErrType    = ErrInvalid.WithKey("news.type")
	ErrBody    = ErrInvalid.WithKey("news.body")
	ErrPicture = ErrInvalid.WithKey("news.picture")
	ErrTooLong = ErrInvalid.WithKey("news.tooLong")
	// ErrState: the article's state does not allow this.
	ErrState = errcode.New(errcode.NewsState)
)

func storeErr(err error) error {
	if errors.Is(err, postgres.ErrNewsNotFound) {
		return ErrNotFound
	}
	return err
}
