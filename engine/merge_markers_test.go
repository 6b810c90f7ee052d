package engine_test

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoMergeConflictMarkers fails on a conflict left in a committed text file: a merge once left
// them in docs/architecture.md, where no compiler or type-checker would notice.
func TestNoMergeConflictMarkers(t *testing.T) {
	skipDirs := map[string]bool{".git": true, "node_modules": true, "dist": true, "var": true, "bin": true, "test-results": true}
	texts := map[string]bool{".go": true, ".md": true, ".ts": true, ".tsx": true, ".mjs": true, ".json": true, ".sql": true,
		".css": true, ".sh": true, ".yml": true, ".yaml": true, ".html": true}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDirs[d.Name()] || strings.HasPrefix(d.Name(), ".") && path != ".." {
				return filepath.SkipDir
			}
			return nil
		}
		if !texts[filepath.Ext(path)] && d.Name() != "Makefile" {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for line := 1; sc.Scan(); line++ {
			l := sc.Text()
			if strings.HasPrefix(l, "<<<<<<< ") || strings.HasPrefix(l, ">>>>>>> ") {
				t.Errorf("%s:%d: merge conflict marker %q", path, line, l)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
