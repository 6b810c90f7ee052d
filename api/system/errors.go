package system

import "courtside/api/errcode"

// The system calls' errors (codes 6651–6652 in api/errcode/codes_system.go, messages in
// api/locale/messages/system).
var (
	// ErrKey: the payload names a key that expired or never existed: fetch a new one.
	ErrKey = errcode.New(errcode.PayloadKey)
	// ErrDecrypt: the payload does not open (altered, or sealed with another key or session).
	ErrDecrypt = errcode.New(errcode.PayloadDecrypt)
)
