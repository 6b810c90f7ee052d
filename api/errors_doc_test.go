package api_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"courtside/api"
	"courtside/api/errcode"
	"courtside/api/locale"
)

// docsPath is the error catalogue's page, generated from package errcode by
// TestErrorCatalogueDocIsCurrent (UPDATE_DOCS=1 go test ./api/ rewrites it).
const docsPath = "../docs/errors.md"

// catalogueSection is one const block of errcode/codes.go: its title (the block's comment) and codes.
type catalogueSection struct {
	title string
	codes []catalogueCode
}

type catalogueCode struct {
	name, meaning string
	code          errcode.Code
}

// readCatalogue parses errcode/codes.go and the areas' errcode/codes_<area>.go: the codes with their
// doc comments, in source order.
func readCatalogue(t *testing.T) []catalogueSection {
	t.Helper()
	files, err := filepath.Glob("errcode/codes_*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []catalogueSection
	for _, path := range append([]string{"errcode/codes.go"}, files...) {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		out = append(out, readCodesFile(t, path)...)
	}
	return out
}

func readCodesFile(t *testing.T, path string) []catalogueSection {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var out []catalogueSection
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		sec := catalogueSection{title: strings.TrimSuffix(strings.TrimSpace(g.Doc.Text()), ".")}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			name := vs.Names[0].Name
			lit, ok := vs.Values[0].(*ast.BasicLit)
			if len(vs.Names) != 1 || len(vs.Values) != 1 || !ok || lit.Kind != token.INT {
				t.Fatalf("errcode.%s: every code is one constant with a literal number", name)
			}
			n, _ := strconv.Atoi(lit.Value)
			doc := strings.Join(strings.Fields(vs.Doc.Text()), " ")
			meaning, found := strings.CutPrefix(doc, name+": ")
			if !found || meaning == "" {
				t.Errorf("errcode.%s has no doc comment of the form %q", name, name+": what it means")
			}
			sec.codes = append(sec.codes, catalogueCode{name: name, meaning: meaning, code: errcode.Code(n)})
		}
		out = append(out, sec)
	}
	return out
}

// TestEveryCodeIsDefinedOnceWithAMessage: the constants of codes.go and the catalogue's table are
// the same codes, each with a doc comment, a Kind the edge has a status for, and a default message
// in the fallback locale.
func TestEveryCodeIsDefinedOnceWithAMessage(t *testing.T) {
	seen := map[errcode.Code]string{}
	for _, sec := range readCatalogue(t) {
		for _, c := range sec.codes {
			if other, dup := seen[c.code]; dup {
				t.Errorf("code %d is both errcode.%s and errcode.%s", c.code, other, c.name)
			}
			seen[c.code] = c.name
			if !c.code.Known() {
				t.Errorf("errcode.%s (%d) is not in the catalogue's table", c.name, c.code)
			}
		}
	}
	for _, c := range errcode.All() {
		if _, ok := seen[c]; !ok {
			t.Errorf("code %d is in the table but not a constant of codes.go or codes_<area>.go", c)
		}
		if _, ok := locale.Lookup(locale.Fallback, c.Key()); !ok {
			t.Errorf("code %d: default key %q is not in the message catalogue", c, c.Key())
		}
	}
	for _, k := range errcode.Kinds() {
		if api.Status(k) < 400 {
			t.Errorf("kind %v has no HTTP status", k)
		}
	}
}

// errorsDoc renders docs/errors.md from the catalogue.
func errorsDoc(t *testing.T) []byte {
	var b bytes.Buffer
	b.WriteString(`# Error codes

<!-- Generated from api/errcode by TestErrorCatalogueDocIsCurrent; do not edit by hand.
     UPDATE_DOCS=1 go test ./api/ -run ErrorCatalogueDoc rewrites it. -->

Every ` + "`errorCode`" + ` of the REST envelope and every ` + "`code`" + ` of a WebSocket ` + "`error`" + ` frame is
defined once, in ` + "`api/errcode/codes.go`" + `, with its meaning, its default message key (the text
comes from ` + "`api/locale/messages`" + ` in the caller's language; an error may carry a variant key of
the same code, such as ` + "`avatar.tooLarge`" + ` for 2013) and its Kind. The HTTP status is chosen once, at
the edge, from the Kind (` + "`api.Status`" + `); the WebSocket edge sends the code and the key. Ranges and
the reasons for them: [decision 0004](decisions/0004-error-codes.md).

| Kind | HTTP status |
|---|---|
`)
	for _, k := range errcode.Kinds() {
		fmt.Fprintf(&b, "| %v | %d |\n", k, api.Status(k))
	}
	for _, sec := range readCatalogue(t) {
		fmt.Fprintf(&b, "\n## %s\n\n", sec.title)
		b.WriteString("| code | name | Kind | HTTP | where | key | message (en_US) | meaning |\n|---|---|---|---|---|---|---|---|\n")
		for _, c := range sec.codes {
			msg, _ := locale.Lookup(locale.Fallback, c.code.Key())
			fmt.Fprintf(&b, "| %d | `%s` | %v | %d | %v | `%s` | %s | %s |\n", c.code, c.name, c.code.Kind(),
				api.Status(c.code.Kind()), c.code.Edge(), c.code.Key(), mdCell(msg), mdCell(sentence(c.meaning)))
		}
	}
	return b.Bytes()
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// sentence starts s with a capital letter.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// TestErrorCatalogueDocIsCurrent fails when docs/errors.md is not what the catalogue says;
// UPDATE_DOCS=1 rewrites it.
func TestErrorCatalogueDocIsCurrent(t *testing.T) {
	want := errorsDoc(t)
	if os.Getenv("UPDATE_DOCS") != "" {
		if err := os.WriteFile(docsPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(docsPath)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is out of date with api/errcode (%v): run UPDATE_DOCS=1 go test ./api/ -run ErrorCatalogueDoc", docsPath, err)
	}
}
