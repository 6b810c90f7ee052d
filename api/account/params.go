package account

import (
	"strconv"
	"strings"

	"courtside/api"
)

// flexInt is a JSON number or a numeric string ("type": 3 or "type": "3"): the web client has
// sent both over the years.
type flexInt int

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		*f = 0
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return err
	}
	*f = flexInt(n)
	return nil
}

// flexString is a JSON string or number (areaCode: 86 or "86").
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		*f = ""
		return nil
	}
	if uq, err := strconv.Unquote(s); err == nil {
		s = uq
	}
	*f = flexString(s)
	return nil
}

// queryInt reads an integer query parameter, def when absent or malformed.
func queryInt(r *api.Request, name string, def int) int {
	v := r.Query(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}
