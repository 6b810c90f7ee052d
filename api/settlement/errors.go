package settlement

import "courtside/api/errcode"

// The settlement service's errors (codes in api/errcode/codes_experts.go).
var (
	// ErrBadCorrection: a correction with a status other than finished, postponed or cancelled, a
	// negative score, no match or no reason (6120).
	ErrBadCorrection = errcode.New(errcode.ResultCorrection)
)
