package engine

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The allowed import directions between the homes of the code (docs/architecture.md draws them).
// Each rule names a folder and the folders its non-test code may import; the most specific rule
// wins. Anything outside the module is free; a subtree rule lets the subtree's folders use each
// other. Test files are free: a test may start whatever it needs.
//
// Read it as the layers, top to bottom: cmd → engine → the areas (api/<area>) → the REST edge
// (api) and the real-time edges (gateway, gateway/media) → storage → actors, with the shared
// leaves (the error catalogue, the locale catalogue, the wire protocol, the feed's data model)
// usable from below. Adding an arrow here is a design decision: write it in docs/architecture.md.
var importRules = []struct {
	folder  string // "x": the package x only; "x/*": any folder below x; "x/**": x and every folder below it
	mayUse  []string
	because string
}{
	{"cmd/**", []string{"engine"}, "main only parses, builds and runs a node"},
	{"engine/**", []string{"actors", "api", "gateway", "storage"}, "engine wires everything and is imported by nothing but cmd"},
	{"api", []string{"api/errcode", "api/locale", "api/seo", "actors/protocol"}, "the REST edge: envelope, middleware, paging, user ids; no area"},
	{"api/seo", []string{"api/locale"}, "the pages' heads and sitemaps are a leaf: the areas feed them through engine, the site writes them"},
	{"api/errcode", nil, "the one error catalogue is a leaf"},
	{"api/picture", nil, "the drawn pictures' letters and team colours are a leaf the areas share"},
	{"api/periodic", nil, "the services' periodic loop is a leaf the areas and engine share"},
	{"api/locale/**", nil, "the message catalogue is a leaf"},
	{"api/apitest", []string{"api", "actors/protocol", "actors/session"}, "test helpers for the areas, with fakes of the ports they use (the session hub's pushes)"},
	// An area (account, wallet, anchor, matches, chat, ...) holds a service and its handlers; it
	// may call other areas' services (Go refuses a cycle), the stores and the actors' messages. The
	// streamer centre declares the small interface it needs of the media path (anchor.Media) in the
	// media edge's value types; engine hands it the Hub.
	{"api/*", []string{"api", "actors", "storage", "gateway/media"}, "areas sit on the edges, the stores and the actors"},
	{"gateway/**", []string{"gateway", "api/errcode"}, "the WebSocket edge knows only frames and connections"},
	{"gateway/media/**", []string{"storage", "actors/protocol", "api/errcode"}, "the media edge; its Redis directory uses storage/redis"},
	{"storage/**", []string{"storage", "actors/match/feed", "actors/protocol", "actors/ratelimit", "api/errcode"}, "stores know the data model, not the services"},
	{"actors/**", []string{"actors", "api/errcode"}, "actors never import gateway, storage or api (design §1): engine injects their ports"},
	{"bench/**", []string{"bench"}, "the harness talks to a node over the wire only"},
}

// TestImportsPointOneWay fails on an import that no rule allows: a back arrow.
func TestImportsPointOneWay(t *testing.T) {
	root, module := moduleRoot(t)
	var offenders []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", "testdata", "var", "webclient", ".git", "bin":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		from := filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(p, module+"/") {
				continue
			}
			to := strings.TrimPrefix(p, module+"/")
			if !allowed(from, to) {
				offenders = append(offenders, from+" -> "+to+" ("+filepath.Base(path)+")")
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(offenders)
	for _, o := range offenders {
		t.Errorf("import against the architecture: %s", o)
	}
}

// allowed applies the most specific rule for folder from to the import to. A subtree rule ("x/**")
// also lets x's folders use each other.
func allowed(from, to string) bool {
	rule, best := -1, -1
	for i, r := range importRules {
		if n := matchLen(r.folder, from); n > best {
			rule, best = i, n
		}
	}
	if rule < 0 {
		return false
	}
	if base, ok := strings.CutSuffix(importRules[rule].folder, "/**"); ok && within(to, base) {
		return true
	}
	for _, use := range importRules[rule].mayUse {
		if within(to, use) {
			return true
		}
	}
	return false
}

// matchLen is how specific rule folder f is for folder from (-1: it does not apply): the length
// of its literal part, and an exact package beats a subtree of the same name.
func matchLen(f, from string) int {
	switch {
	case strings.HasSuffix(f, "/**"):
		base := strings.TrimSuffix(f, "/**")
		if within(from, base) {
			return 2 * len(base)
		}
	case strings.HasSuffix(f, "/*"):
		base := strings.TrimSuffix(f, "/*")
		if strings.HasPrefix(from, base+"/") {
			return 2*len(base) + 1
		}
	case from == f:
		return 2*len(f) + 1
	}
	return -1
}

func within(p, folder string) bool { return p == folder || strings.HasPrefix(p, folder+"/") }

// The rules themselves: every allowed arrow points down, so no two folders may use each other.
func TestImportRulesHaveNoCycle(t *testing.T) {
	for _, a := range importRules {
		for _, b := range importRules {
			fa, fb := strings.TrimRight(a.folder, "/*"), strings.TrimRight(b.folder, "/*")
			if fa == fb || within(fa, fb) || within(fb, fa) {
				continue
			}
			if allowed(fa, fb) && allowed(fb, fa) {
				t.Errorf("%s and %s may import each other", a.folder, b.folder)
			}
		}
	}
	for _, c := range []struct {
		from, to string
		want     bool
	}{
		{"api/anchor", "gateway/media", true},
		{"api/anchor", "gateway", false},
		{"gateway/media", "api/anchor", false},
		{"api/anchor", "api/wallet", true},
		{"actors/room", "storage/postgres", false},
		{"actors/session", "api/errcode", true},
		{"storage/redis", "api/wallet", false},
		{"engine", "actors/cluster", true},
		{"gateway", "engine", false},
		{"api", "api/wallet", false},
		{"storage/postgres", "storage/history", true},
		{"api/wallet/roomwallet", "actors/room", true},
	} {
		if got := allowed(c.from, c.to); got != c.want {
			t.Errorf("%s -> %s allowed = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

func moduleRoot(t *testing.T) (root, module string) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if m, ok := strings.CutPrefix(line, "module "); ok {
					return dir, strings.TrimSpace(m)
				}
			}
			t.Fatal("go.mod without a module line")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found")
		}
		dir = parent
	}
}
