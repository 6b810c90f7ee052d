package modpresets

import (
	"errors"

	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// The area's errors (codes 7301–7307 in api/errcode/codes_modpresets.go, messages in
// api/locale/messages/modpresets). Never modify one; the With* methods return copies.
var (
	// ErrInvalid and its keys: a preset out of range.
	ErrInvalid      = errcode.New(errcode.ModPresetInvalid)
	ErrBadSlow      = ErrInvalid.WithKey("modpresets.badSlow")
	ErrBadRate      = ErrInvalid.WithKey("modpresets.badRate")
	ErrBadShield    = ErrInvalid.WithKey("modpresets.badShield")
	ErrBadFollow    = ErrInvalid.WithKey("modpresets.badFollow")
	ErrTooManyWords = ErrInvalid.WithKey("modpresets.tooManyWords")
	ErrForbidden    = errcode.New(errcode.ModPresetForbidden)
	ErrRoomNotFound = errcode.New(errcode.ModPresetRoomNotFound)
)

func storeErr(err error) error {
	if errors.Is(err, postgres.ErrPresetsRoomNotFound) {
		return ErrRoomNotFound
	}
	return err
}
