package api

import "testing"

// The shell's counts and avatars read as the web client's (format.ts formatCount, Avatar.tsx).
func TestShellFormatsAsTheClient(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1.0k", 1999: "1.9k", 12345: "12.3k", -1500: "-1.5k", 1_000_000: "1000.0k"} {
		if got := formatCount(n); got != want {
			t.Errorf("formatCount(%d) = %q, want %q", n, got, want)
		}
	}
	// Avatar.tsx: [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 200); "😀".charCodeAt(0)
	// is its high surrogate, 0xD83D.
	tests := []struct {
		name, letter string
		hue          int
	}{
		{"", "?", 200},
		{"  ", "?", ((200*31+' ')%360*31 + ' ') % 360},
		{" élan", "É", ((((200*31+' ')%360*31+'é')%360*31+'l')%360*31 + 'a') % 360 * 31 % 360},
		{"a😀", "A", ((200*31+'a')%360*31 + 0xD83D) % 360},
	}
	tests[2].hue = (tests[2].hue + 'n') % 360
	for _, tt := range tests {
		if letter, hue := avatarLetter(tt.name); letter != tt.letter || hue != tt.hue {
			t.Errorf("avatarLetter(%q) = %q, %d, want %q, %d", tt.name, letter, hue, tt.letter, tt.hue)
		}
	}
}
