package engine

import (
	"strings"
	"testing"
	"unicode/utf8"

	"courtside/api/experts"
)

// A demo plan's title and text agree with its market and pick (no "totals" title on a match-result
// pick, no visitors' case on a home pick), keep to the plans' 5-30 character titles, and name both
// teams.
func TestDemoPlanWordsFitTheirPick(t *testing.T) {
	m := experts.Match{OddsHome: 1.9, OddsDraw: 3.4, OddsAway: 4.1, HcLine: -0.5, HcHome: 1.95, HcAway: 1.9, OULine: 2.5, OUOver: 1.85, OUUnder: 2.0}
	seen := map[string]bool{}
	for x := range uint32(600) {
		playType, pick := demoPick(m, x, false, 0, 0, 0.5)
		key := playType + "/" + pick
		if _, ok := demoWords[key]; !ok {
			t.Fatalf("demoPick chose %s, which has no words", key)
		}
		seen[key] = true
		title, text := demoText(playType, pick, x, int(x%7), "Eastvale United", "Millbrook Rangers")
		if n := utf8.RuneCountInString(title); n < 5 || n > 30 {
			t.Errorf("%s: title %q has %d characters (plans: 5 to 30)", key, title, n)
		}
		if !strings.Contains(text, "Eastvale United") || !strings.Contains(text, "Millbrook Rangers") || strings.Contains(text, "%!") {
			t.Errorf("%s: text %q", key, text)
		}
	}
	for _, key := range []string{"1x2/home", "1x2/away", "handicap/home", "handicap/away", "ou/over", "ou/under"} {
		if !seen[key] {
			t.Errorf("no demo plan picks %s", key)
		}
	}
	// The words follow the side: an away pick never reads as a home case, an over/under pick
	// always speaks of the total.
	for key, w := range demoWords {
		for _, title := range w.titles {
			lower := strings.ToLower(title)
			switch {
			case strings.HasPrefix(key, "ou/") && !strings.Contains(lower, "total") && !strings.Contains(lower, "over") && !strings.Contains(lower, "under"):
				t.Errorf("%s: title %q does not speak of the total", key, title)
			case strings.HasSuffix(key, "/away") && strings.HasPrefix(lower, "home"):
				t.Errorf("%s: title %q backs the home side", key, title)
			}
		}
	}
}
