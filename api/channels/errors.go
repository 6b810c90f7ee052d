package channels

import (
	"errors"

	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// The channels' errors (codes 6601–6602 in api/errcode/codes_channels.go, messages in
// api/locale/messages/channel). Never modify one; the With* methods return copies.
var (
	// ErrNotFound: no such channel, or another partner's.
	ErrNotFound = errcode.New(errcode.ChannelNotFound)
	// ErrInvalid and its keys: a channel field breaks a rule.
	ErrInvalid      = errcode.New(errcode.ChannelInvalid)
	ErrNameRequired = ErrInvalid.WithKey("channel.nameRequired")
	ErrKind         = ErrInvalid.WithKey("channel.kindInvalid")
	ErrSourceLong   = ErrInvalid.WithKey("channel.sourceTooLong")
)

func storeErr(err error) error {
	if errors.Is(err, postgres.ErrChannelNotFound) {
		return ErrNotFound
	}
	return err
}
