package seo

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

type urlset struct {
	URLs []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
}

type sitemapIndex struct {
	Sitemaps []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"sitemap"`
}

func TestSitemapsPaginate(t *testing.T) {
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var matches []URL
	for i := range 7 {
		matches = append(matches, URL{Path: fmt.Sprintf("/soccer/m%d", i), LastMod: day.Add(time.Duration(i) * time.Hour)})
	}
	s := &Sitemaps{PerFile: 3}
	s.Add("matches", func(context.Context) ([]URL, error) { return matches, nil })
	s.Add("teams", func(context.Context) ([]URL, error) { return []URL{{Path: "/squadLibrary/t&1"}}, nil })
	s.Add("news", func(context.Context) ([]URL, error) { return nil, nil })
	ctx := context.Background()

	data, err := s.Index(ctx, "https://c.test")
	if err != nil {
		t.Fatal(err)
	}
	var idx sitemapIndex
	if err := xml.Unmarshal(data, &idx); err != nil {
		t.Fatalf("index is not XML: %v\n%s", err, data)
	}
	var locs []string
	for _, sm := range idx.Sitemaps {
		locs = append(locs, sm.Loc)
	}
	want := "https://c.test/sitemaps/matches-1.xml https://c.test/sitemaps/matches-2.xml https://c.test/sitemaps/matches-3.xml https://c.test/sitemaps/teams-1.xml"
	if strings.Join(locs, " ") != want {
		t.Fatalf("index lists %v, want %s", locs, want)
	}
	if idx.Sitemaps[1].LastMod != "2026-03-01T05:00:00Z" || idx.Sitemaps[3].LastMod != "" {
		t.Errorf("lastmod of matches-2 %q (newest of its URLs), of teams-1 %q (unknown)", idx.Sitemaps[1].LastMod, idx.Sitemaps[3].LastMod)
	}

	data, found, err := s.File(ctx, "https://c.test", "matches-3.xml")
	if err != nil || !found {
		t.Fatalf("matches-3: %v %v", found, err)
	}
	var set urlset
	if err := xml.Unmarshal(data, &set); err != nil {
		t.Fatal(err)
	}
	if len(set.URLs) != 1 || set.URLs[0].Loc != "https://c.test/soccer/m6" || set.URLs[0].LastMod != "2026-03-01T06:00:00Z" {
		t.Errorf("matches-3 = %+v", set.URLs)
	}
	data, _, _ = s.File(ctx, "https://c.test", "teams-1.xml")
	if !strings.Contains(string(data), "t&amp;1") {
		t.Errorf("a URL is not XML-escaped: %s", data)
	}
	for _, name := range []string{"matches-4.xml", "matches-0.xml", "matches-01.xml", "nope-1.xml", "matches-1.txt", "matches.xml", "news-1.xml"} {
		if _, found, err := s.File(ctx, "https://c.test", name); found || err != nil {
			t.Errorf("%s: found %v err %v, want not found", name, found, err)
		}
	}
}

func TestSitemapsPerFileLimit(t *testing.T) {
	if got := (&Sitemaps{}).perFile(); got != MaxURLsPerFile {
		t.Errorf("default per file %d", got)
	}
	if got := (&Sitemaps{PerFile: 100000}).perFile(); got != MaxURLsPerFile {
		t.Errorf("per file above the protocol's limit: %d", got)
	}
}

// A section is read once per TTL however many ask at once, follows the data after the TTL, and
// keeps its last list when a read fails.
func TestSitemapsCacheFollowsTheData(t *testing.T) {
	clock := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	advance := func(d time.Duration) { mu.Lock(); clock = clock.Add(d); mu.Unlock() }
	var reads atomic.Int32
	var fail atomic.Bool
	paths := []URL{{Path: "/a"}}
	s := &Sitemaps{TTL: time.Minute, Now: now}
	s.Add("news", func(context.Context) ([]URL, error) {
		reads.Add(1)
		if fail.Load() {
			return nil, errors.New("database down")
		}
		mu.Lock()
		defer mu.Unlock()
		return append([]URL(nil), paths...), nil
	})
	ctx := context.Background()
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() { defer wg.Done(); _, _, _ = s.File(ctx, "o", "news-1.xml") }()
	}
	wg.Wait()
	if reads.Load() != 1 {
		t.Fatalf("%d reads for 20 concurrent requests", reads.Load())
	}
	mu.Lock()
	paths = append(paths, URL{Path: "/b"})
	mu.Unlock()
	if data, _, _ := s.File(ctx, "o", "news-1.xml"); strings.Contains(string(data), "o/b") {
		t.Fatal("read again within the TTL")
	}
	advance(2 * time.Minute)
	if data, _, _ := s.File(ctx, "o", "news-1.xml"); !strings.Contains(string(data), "o/b") {
		t.Fatalf("a new article is not in the sitemap after the TTL: %s", data)
	}
	fail.Store(true)
	advance(2 * time.Minute)
	if data, found, err := s.File(ctx, "o", "news-1.xml"); err != nil || !found || !strings.Contains(string(data), "o/b") {
		t.Fatalf("a failed read lost the list: %v %v %s", found, err, data)
	}
	fresh := &Sitemaps{}
	fresh.Add("teams", func(context.Context) ([]URL, error) { return nil, errors.New("down") })
	if _, err := fresh.Index(ctx, "o"); err == nil {
		t.Fatal("no error when a section was never read")
	}
}

func TestRobots(t *testing.T) {
	got := Robots("https://c.test", []string{"/java/", "/userInfo$"}, []string{"/java/anchor/upload/"})
	for _, want := range []string{"User-agent: *\n", "Disallow: /java/\n", "Disallow: /userInfo$\n", "Allow: /java/anchor/upload/\n",
		"Sitemap: https://c.test/sitemap.xml\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, got)
		}
	}
}
