package system

import "courtside/api/errcode"

// The system calls' errors (codes 6651–6652 and 7850 in api/errcode/codes_system.go, messages in
// api/locale/messages/system).
var (
	// ErrKey: the payload names a key that expired or never existed: fetch a new one.
	ErrKey = errcode.New(errcode.PayloadKey)
	// ErrDecrypt: the payload does not open (altered, or sealed with another key or session).
	ErrDecrypt = errcode.New(errcode.PayloadDecrypt)
	// ErrNotSealed: POST /system/sealCheck got a plain body: the page could not seal (code 7850).
	ErrNotSealed = errcode.New(errcode.SealCheckPlain)
)
