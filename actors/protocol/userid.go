package protocol

import (
	"errors"
	"strconv"
)

// UserID is a signed-in user's id (users.id) with its wire form "u<id>": the form every frame,
// event, REST answer and room record uses for users ("u42"). Guests are not users: their ids are
// "g-<hex>" and never parse.
type UserID int64

// ErrBadUserID: ParseUserID of anything but "u" and a positive decimal.
var ErrBadUserID = errors.New("protocol: not a user id")

// String is the wire form, "u<id>".
func (id UserID) String() string { return "u" + strconv.FormatInt(int64(id), 10) }

// ParseUserID reads the wire form: exactly "u" followed by a positive decimal without sign or
// leading zero ("u42"; not "42", "u-1", "u0", "u042", " u42").
func ParseUserID(s string) (UserID, error) {
	if len(s) < 2 || s[0] != 'u' || s[1] == '0' || s[1] == '+' || s[1] == '-' {
		return 0, ErrBadUserID
	}
	n, err := strconv.ParseInt(s[1:], 10, 64)
	if err != nil || n <= 0 {
		return 0, ErrBadUserID
	}
	return UserID(n), nil
}

// MarshalText writes the wire form, so a UserID field encodes as "u42" in JSON.
func (id UserID) MarshalText() ([]byte, error) { return []byte(id.String()), nil }

// UnmarshalText reads the wire form.
func (id *UserID) UnmarshalText(b []byte) error {
	v, err := ParseUserID(string(b))
	if err != nil {
		return err
	}
	*id = v
	return nil
}
