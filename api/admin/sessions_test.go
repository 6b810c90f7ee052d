package admin

import "testing"

func TestMaskIP(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.77": "203.0.113.*", "::ffff:198.51.100.9": "198.51.100.*", "2001:db8:85a3:1::9": "2001:db8:85a3::*", "": "", "junk": "",
	} {
		if got := maskIP(in); got != want {
			t.Errorf("maskIP(%q) = %q, want %q", in, got, want)
		}
	}
}
