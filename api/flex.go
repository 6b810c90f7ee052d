package api

import (
	"strconv"
	"strings"
)

// FlexInt is an integer field of a request body that clients send as a number or as a numeric
// string ("type": 3 or "type": "3"); null and "" leave it unset. Anything else fails Decode with
// ErrFormat.
type FlexInt struct {
	Value int
	Set   bool
}

// UnmarshalJSON reads a number, a numeric string, null or "".
func (f *FlexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		*f = FlexInt{}
		return nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return err
	}
	*f = FlexInt{Value: v, Set: true}
	return nil
}

// Ptr is the value, or nil when unset.
func (f FlexInt) Ptr() *int {
	if !f.Set {
		return nil
	}
	v := f.Value
	return &v
}

// FlexString is a string field of a request body that clients send as a string or as a number
// (areaCode: 86 or "86"); null is "".
type FlexString string

// UnmarshalJSON reads a string, a number or null.
func (f *FlexString) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		*f = ""
		return nil
	}
	if uq, err := strconv.Unquote(s); err == nil {
		s = uq
	}
	*f = FlexString(s)
	return nil
}
