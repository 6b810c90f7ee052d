package account

import (
	"errors"

	"courtside/api/errcode"
)

// The accounts' errors. Codes and default messages are in the catalogue (package errcode, 2001–2016
// and the generic ones); a validation rule of spec §5 is errcode.BadRequest with its validation.* key.
// Shared values: never modify one; WithArgs and Wrap return copies.
var (
	// ErrAvatarPixels: the avatar's header declares more pixels than an avatar needs (2013).
	ErrAvatarPixels = errcode.New(errcode.Avatar).WithKey("security.imagePixels").WithArgs(maxAvatarPixels / 1_000_000)
	// ErrBusy: the argon2 memory budget stayed exhausted (6700): retry in a moment.
	ErrBusy = errcode.New(errcode.Busy)
	// ErrBadCredentials: wrong account or password (2001).
	ErrBadCredentials = errcode.New(errcode.BadCredentials)
	// ErrCodeWrong: wrong verification code (2003).
	ErrCodeWrong = errcode.New(errcode.CodeWrong)
	// ErrCodeExpired: no live verification code (2004).
	ErrCodeExpired = errcode.New(errcode.CodeExpired)
	// ErrRateLimited: too many codes for this address or IP (2006).
	ErrRateLimited = errcode.New(errcode.CodeRateLimited)
	// ErrUsernameTaken (2007).
	ErrUsernameTaken = errcode.New(errcode.UsernameTaken)
	// ErrBound: the phone or e-mail belongs to another account (2008).
	ErrBound = errcode.New(errcode.Bound)
	// ErrExists: register, but the account exists (2009).
	ErrExists = errcode.New(errcode.Exists)
	// ErrBanned: the account is banned (2011).
	ErrBanned = errcode.New(errcode.Banned)
	// ErrNotFound: no such account or user (2012).
	ErrNotFound = errcode.New(errcode.AccountNotFound)
	// ErrAvatarFormat: not a JPG or PNG (2013 avatar.format).
	ErrAvatarFormat = errcode.New(errcode.Avatar)
	// ErrAvatarTooLarge: over Config.AvatarMaxBytes (2013 avatar.tooLarge).
	ErrAvatarTooLarge = errcode.New(errcode.Avatar).WithKey("avatar.tooLarge")
	// ErrOAuthFailed: provider off, refused, or token or state invalid (2014).
	ErrOAuthFailed = errcode.New(errcode.OAuthFailed)
	// ErrBindEmail: third-party sign-in without a verified e-mail (2010).
	ErrBindEmail = errcode.New(errcode.BindEmail)
	// ErrSetupDone: the new-user step was already completed (2015).
	ErrSetupDone = errcode.New(errcode.SetupDone)
	// ErrSendFailed: the code could not be delivered (2016).
	ErrSendFailed = errcode.New(errcode.SendFailed)
	// ErrFollowSelf: following oneself (1001 follow.self).
	ErrFollowSelf = invalid("follow.self")
	// ErrAuthRequired: no session token (1002).
	ErrAuthRequired = errcode.New(errcode.AuthRequired)
	// ErrSessionExpired: the session expired; the client clears it (3000).
	ErrSessionExpired = errcode.New(errcode.SessionExpired)
	// ErrSessionRevoked: the session was revoked or never existed; the client clears it (3001).
	ErrSessionRevoked = errcode.New(errcode.SessionRevoked)
	// ErrAccessDenied: signed in, but the permission is missing (1003).
	ErrAccessDenied = errcode.New(errcode.Forbidden)
	// ErrBadInput: a malformed field: an unknown role, a preferences object that does not encode
	// (1000).
	ErrBadInput = errcode.New(errcode.Format)
	// ErrPrefsTooLarge: a preferences object over 8 KiB (1006).
	ErrPrefsTooLarge = errcode.New(errcode.TooLarge)
)

// invalid is a failed validation rule of spec §5 (1001) with its message key.
func invalid(key string, args ...any) *errcode.Error {
	return errcode.New(errcode.BadRequest).WithKey(key).WithArgs(args...)
}

// errLocked is "too many attempts, try again in n minutes" (2002).
func errLocked(minutes int) *errcode.Error { return errcode.New(errcode.Locked, minutes) }

// errTooSoon is the 60 s resend rule with the seconds left (2005).
func errTooSoon(seconds int) *errcode.Error { return errcode.New(errcode.CodeTooSoon, seconds) }

// Go-level errors of the Service's construction and bootstrap (never sent to a client).
var (
	// ErrNoPool: New without Deps.Pool.
	ErrNoPool = errors.New("account: Deps.Pool is required")
	// ErrInvalidAdmin: CreateAdmin with a username or password that breaks spec §5.
	ErrInvalidAdmin = errors.New("account: admin username must be letters and digits, password ≥ 8 with a letter and a digit")
)
