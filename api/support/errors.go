package support

import (
	"errors"

	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// The area's errors (codes 7801–7808 in api/errcode/codes_support.go, messages in
// api/locale/messages/support). Never modify one; the With* methods return copies.
var (
	ErrBadCategory = errcode.New(errcode.SupportBadCategory)
	ErrBadSubject  = errcode.New(errcode.SupportBadSubject)
	ErrBadMessage  = errcode.New(errcode.SupportBadMessage)
	ErrNotFound    = errcode.New(errcode.SupportNotFound)
	ErrClosed      = errcode.New(errcode.SupportClosed)
	ErrTooMany     = errcode.New(errcode.SupportTooMany)
	ErrThreadFull  = errcode.New(errcode.SupportThreadFull)
	ErrBadState    = errcode.New(errcode.SupportBadState)
)

// storeErr maps the store's errors to the area's.
func storeErr(err error) error {
	switch {
	case errors.Is(err, postgres.ErrSupportNotFound):
		return ErrNotFound
	case errors.Is(err, postgres.ErrSupportClosed):
		return ErrClosed
	case errors.Is(err, postgres.ErrSupportThreadFull):
		return ErrThreadFull
	}
	return err
}
