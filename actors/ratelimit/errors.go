package ratelimit

import "errors"

// ErrInvalidLimit is returned by a Limiter for a Limit whose Count or Period is not positive. The
// event is not counted.
var ErrInvalidLimit = errors.New("ratelimit: limit count and period must be positive")
