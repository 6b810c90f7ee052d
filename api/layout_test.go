package api_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// notAreas are the folders of api/ that are not business areas: the catalogue, the message
// catalogue and the test helpers.
var notAreas = map[string]bool{"errcode": true, "locale": true, "apitest": true}

// TestAreasKeepRulesApartFromHTTP is the rule of every business area under api/ (account, wallet,
// anchor, matches, chat and those to come): its service files hold the rules and know nothing of
// HTTP; only its handler files, named http.go or http_<topic>.go, may import net/http or package
// api. So actors, the back office and other areas can call the service without HTTP types.
func TestAreasKeepRulesApartFromHTTP(t *testing.T) {
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	areas := 0
	for _, d := range dirs {
		if !d.IsDir() || notAreas[d.Name()] || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" {
			continue
		}
		areas++
		files, err := filepath.Glob(filepath.Join(d.Name(), "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			name := filepath.Base(f)
			if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "http") {
				continue
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range parsed.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if path == "net/http" || strings.HasPrefix(path, "net/http/") || path == "courtside/api" {
					t.Errorf("api/%s imports %s: only the area's handler files (http.go, http_<topic>.go) may; "+
						"move the HTTP part there and keep the rule in the service", f, path)
				}
			}
		}
	}
	if areas < 5 {
		t.Fatalf("found %d areas under api/; the test is not looking where it should", areas)
	}
}
