package api

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A build file is read again when a new build changes it, and a bad one keeps the last good value.
func TestBuildFileFollowsANewBuild(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x.json")
	b := buildFile[string]{name: "x.json", parse: func(data []byte) (*string, error) {
		if string(data) == "bad" {
			return nil, errors.New("bad")
		}
		s := string(data)
		return &s, nil
	}}
	if got := b.get(dir); got != nil {
		t.Fatalf("no file yet: got %q", *got)
	}
	write := func(body string, mod time.Time) {
		t.Helper()
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(file, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	first := time.Date(2026, 11, 30, 3, 0, 0, 0, time.UTC)
	write("one", first)
	if got := b.get(dir); got == nil || *got != "one" {
		t.Fatalf("first build: %v", got)
	}
	write("two", first.Add(time.Minute))
	if got := b.get(dir); got == nil || *got != "two" {
		t.Fatalf("a new build is not picked up: %v", got)
	}
	write("bad", first.Add(2*time.Minute))
	if got := b.get(dir); got == nil || *got != "two" {
		t.Fatalf("a bad file replaced the last good value: %v", got)
	}
}
