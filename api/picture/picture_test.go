package picture

import "testing"

func TestInitials(t *testing.T) {
	for _, tt := range []struct{ behaviour, name, want string }{
		{"the first letters of the first two words", "Harbor City Pioneers", "HC"},
		{"one word gives one letter", "Arsenal", "A"},
		{"digits count as letters", "9 Dragons", "9D"},
		{"punctuation before a word is skipped", "(Real) 'Madrid' CF", "RM"},
		{"lower case is raised", "los angeles", "LA"},
		{"letters beyond ASCII", "étoile sportive", "ÉS"},
		{"nothing to show gives a question mark", "-- !! ..", "?"},
		{"an empty name gives a question mark", "", "?"},
	} {
		if got := Initials(tt.name); got != tt.want {
			t.Errorf("%s: Initials(%q) = %q, want %q", tt.behaviour, tt.name, got, tt.want)
		}
	}
}

// TestTeamColoursStayTheSame pins a few ids' colours: a change here would repaint every team's
// crest and every preview cover at once, so it must be deliberate.
func TestTeamColoursStayTheSame(t *testing.T) {
	for id, want := range map[string][2]string{
		"t1":  {"#374151", "#34d399"},
		"t42": {"#1d4ed8", "#e5e7eb"},
		"":    {"#1d4ed8", "#e5e7eb"},
	} {
		if got := TeamColours(id); got != want {
			t.Errorf("TeamColours(%q) = %v, want %v", id, got, want)
		}
		if TeamColours(id) != TeamColours(id) {
			t.Errorf("TeamColours(%q) differs between calls", id)
		}
	}
	seen := map[[2]string]bool{}
	for i := range 200 {
		seen[TeamColours("t"+string(rune('a'+i%26))+string(rune('a'+i/26)))] = true
	}
	if len(seen) < len(teamColours)/2 {
		t.Errorf("200 ids wear only %d of %d colour pairs", len(seen), len(teamColours))
	}
}
