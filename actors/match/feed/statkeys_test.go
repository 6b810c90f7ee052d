package feed

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// statKeysPath is the web client's copy of every statistic key the simulator reports: its
// test checks that each one has a label in every language.
var statKeysPath = filepath.Join("..", "..", "..", "webclient", "src", "pages", "Matches", "statKeys.json")

// statKeysJSON is the sorted list of every statistic key of ranges, one a line.
func statKeysJSON(t *testing.T) []byte {
	t.Helper()
	seen := map[string]bool{}
	for _, stats := range ranges {
		for k := range stats {
			seen[k] = true
		}
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b, err := json.MarshalIndent(keys, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// TestStatKeysFileIsCurrent fails when webclient/src/pages/Matches/statKeys.json is not the
// sorted list of the statistic keys of ranges; UPDATE_DOCS=1 rewrites it.
func TestStatKeysFileIsCurrent(t *testing.T) {
	want := statKeysJSON(t)
	if os.Getenv("UPDATE_DOCS") != "" {
		if err := os.WriteFile(statKeysPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(statKeysPath)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is out of date with the statistic keys of ranges (%v): run UPDATE_DOCS=1 go test ./actors/match/feed/ -run StatKeys", statKeysPath, err)
	}
}
