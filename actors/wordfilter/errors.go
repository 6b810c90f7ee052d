package wordfilter

import "errors"

// ErrPatternTooLong is returned by Load (wrapped, with the line number) for a pattern longer than
// MaxPatternRunes runes after normalisation. New skips such patterns instead.
var ErrPatternTooLong = errors.New("wordfilter: pattern too long")
