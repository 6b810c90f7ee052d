package protocol_test

import (
	"encoding/json"
	"testing"

	"courtside/actors/protocol"
)

func TestUserIDWireForm(t *testing.T) {
	if s := protocol.UserID(42).String(); s != "u42" {
		t.Fatalf("String() = %q", s)
	}
	for _, tt := range []struct {
		in   string
		want protocol.UserID
		ok   bool
	}{
		{"u1", 1, true},
		{"u42", 42, true},
		{"u9223372036854775807", 9223372036854775807, true},
		{"42", 0, false},
		{"u", 0, false},
		{"u0", 0, false},
		{"u042", 0, false},
		{"u-1", 0, false},
		{"u+1", 0, false},
		{" u42", 0, false},
		{"u42 ", 0, false},
		{"U42", 0, false},
		{"u4x", 0, false},
		{"g-ab12", 0, false},
		{"u9223372036854775808", 0, false},
		{"", 0, false},
	} {
		got, err := protocol.ParseUserID(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseUserID(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestUserIDIsAJSONString(t *testing.T) {
	var v struct {
		ID protocol.UserID `json:"id"`
	}
	v.ID = 7
	b, _ := json.Marshal(v)
	if string(b) != `{"id":"u7"}` {
		t.Fatalf("marshal %s", b)
	}
	v.ID = 0
	if err := json.Unmarshal([]byte(`{"id":"u99"}`), &v); err != nil || v.ID != 99 {
		t.Fatalf("unmarshal %d %v", v.ID, err)
	}
	if err := json.Unmarshal([]byte(`{"id":"99"}`), &v); err == nil {
		t.Fatal("a bare number unmarshalled")
	}
}

func FuzzParseUserID(f *testing.F) {
	for _, s := range []string{"u1", "u42", "42", "u0", "u-1", "g-ab12", "u9223372036854775808"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := protocol.ParseUserID(s)
		if err != nil {
			return
		}
		if id <= 0 || id.String() != s {
			t.Fatalf("ParseUserID(%q) = %d, which prints %q", s, id, id.String())
		}
	})
}
