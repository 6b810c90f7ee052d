package account

import (
	"errors"
	"net/http"

	"courtside/api"
)

// errorCodes of this package (2001–2099; 2010 is api.CodeBindEmail). Validation failures of spec
// §5 use api.CodeBadRequest (1001) with a validation.* key.
const (
	CodeBadCredentials = 2001 // wrong account or password
	CodeLocked         = 2002 // too many wrong passwords: account or IP locked for a while
	CodeCodeWrong      = 2003 // wrong verification code (attempt counted)
	CodeCodeExpired    = 2004 // no live code: expired, used, voided or never sent
	CodeCodeTooSoon    = 2005 // the 60 s resend rule
	CodeRateLimited    = 2006 // too many codes for this destination or IP
	CodeUsernameTaken  = 2007
	CodeBound          = 2008 // phone or e-mail belongs to another account
	CodeExists         = 2009 // register, but the account exists
	CodeBanned         = 2011
	CodeNotFound       = 2012 // no such account or user
	CodeAvatar         = 2013 // avatar not JPG/PNG, or too large
	CodeOAuthFailed    = 2014 // provider not configured, refused, or token invalid
	CodeSetupDone      = 2015 // the new-user step was already completed
	CodeSendFailed     = 2016 // the code could not be delivered
)

// Client-facing errors (shared values: use WithCode/Wrap for a copy; args via api.Fail).
var (
	ErrBadCredentials = api.Fail(http.StatusBadRequest, CodeBadCredentials, "account.badCredentials")
	ErrCodeWrong      = api.Fail(http.StatusBadRequest, CodeCodeWrong, "validation.codeWrong")
	ErrCodeExpired    = api.Fail(http.StatusBadRequest, CodeCodeExpired, "code.expired")
	ErrRateLimited    = api.Fail(http.StatusTooManyRequests, CodeRateLimited, "code.rateLimited")
	ErrUsernameTaken  = api.Fail(http.StatusBadRequest, CodeUsernameTaken, "account.usernameTaken")
	ErrBound          = api.Fail(http.StatusBadRequest, CodeBound, "account.bound")
	ErrExists         = api.Fail(http.StatusBadRequest, CodeExists, "account.exists")
	ErrBanned         = api.Fail(http.StatusForbidden, CodeBanned, "account.banned")
	ErrNotFound       = api.Fail(http.StatusNotFound, CodeNotFound, "account.notFound")
	ErrAvatarFormat   = api.Fail(http.StatusBadRequest, CodeAvatar, "avatar.format")
	ErrAvatarTooLarge = api.Fail(http.StatusBadRequest, CodeAvatar, "avatar.tooLarge")
	ErrOAuthFailed    = api.Fail(http.StatusBadRequest, CodeOAuthFailed, "oauth.failed")
	ErrBindEmail      = api.Fail(http.StatusBadRequest, api.CodeBindEmail, "oauth.bindEmail")
	ErrSetupDone      = api.Fail(http.StatusBadRequest, CodeSetupDone, "account.setupDone")
	ErrSendFailed     = api.Fail(http.StatusBadGateway, CodeSendFailed, "code.sendFailed")
	ErrFollowSelf     = api.BadRequest("follow.self")
)

// errLocked is "too many attempts, try again in n minutes".
func errLocked(minutes int) *api.Error {
	return api.Fail(http.StatusTooManyRequests, CodeLocked, "account.locked", minutes)
}

// errTooSoon is the 60 s resend rule with the seconds left.
func errTooSoon(seconds int) *api.Error {
	return api.Fail(http.StatusTooManyRequests, CodeCodeTooSoon, "code.tooSoon", seconds)
}

// Go-level sentinels for callers of Service methods outside HTTP.
var (
	// ErrNoPool: New without Deps.Pool.
	ErrNoPool = errors.New("account: Deps.Pool is required")
	// ErrInvalidAdmin: CreateAdmin with a username or password that breaks spec §5.
	ErrInvalidAdmin = errors.New("account: admin username must be letters and digits, password ≥ 8 with a letter and a digit")
)
