package seo

import (
	"context"
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MaxURLsPerFile is the sitemap protocol's limit of URLs in one file (sitemaps.org).
const MaxURLsPerFile = 50000

// DefaultSitemapTTL is how long a section's URLs are kept before they are read again, so a new
// match or article appears in the sitemap within minutes without a query per crawler request.
const DefaultSitemapTTL = 10 * time.Minute

// URL is one page of a sitemap.
type URL struct {
	Path    string    // the escaped path on this site: "/soccer/123"
	LastMod time.Time // zero: unknown (no <lastmod>)
}

// Source lists every page of one sitemap section (all matches, all teams, ...). The area that
// owns the data implements it; the engine registers it with Sitemaps.Add.
type Source func(ctx context.Context) ([]URL, error)

// Sitemaps is the sitemap index and its per-section files: /sitemap.xml lists
// /sitemaps/<section>-<n>.xml, n from 1, each with at most PerFile URLs. A section is read
// from its Source at most once per TTL; the reader who finds it stale waits for the new
// list, the others meanwhile get the one before (or wait too, the first time).
type Sitemaps struct {
	// TTL is how long a section's list is used; zero means DefaultSitemapTTL.
	TTL time.Duration
	// PerFile is the number of URLs per file; zero (or more than MaxURLsPerFile) means
	// MaxURLsPerFile.
	PerFile int
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	mu       sync.Mutex
	sections []*section
}

type section struct {
	name string
	src  Source

	load   sync.Mutex // held while the list is read from src
	mu     sync.Mutex // guards urls and at
	urls   []URL
	at     time.Time
	loaded bool
}

var sectionName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// Add registers a section ("matches", "teams"). Call it while wiring, before serving; a name is
// lower-case letters and digits and is added once.
func (s *Sitemaps) Add(name string, src Source) {
	if !sectionName.MatchString(name) {
		panic(fmt.Sprintf("seo: sitemap section name %q: lower-case letters and digits only", name))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sec := range s.sections {
		if sec.name == name {
			panic(fmt.Sprintf("seo: sitemap section %q added twice", name))
		}
	}
	s.sections = append(s.sections, &section{name: name, src: src})
}

func (s *Sitemaps) perFile() int {
	if s.PerFile <= 0 || s.PerFile > MaxURLsPerFile {
		return MaxURLsPerFile
	}
	return s.PerFile
}

func (s *Sitemaps) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Sitemaps) list() []*section {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*section(nil), s.sections...)
}

// urls is the section's list, read again when older than the TTL. A failed read keeps the last
// good list (a sitemap that shrinks to nothing during a database hiccup would tell crawlers the
// pages are gone); with none, the error is returned.
func (s *Sitemaps) urls(ctx context.Context, sec *section) ([]URL, error) {
	ttl := s.TTL
	if ttl <= 0 {
		ttl = DefaultSitemapTTL
	}
	fresh := func() ([]URL, bool) {
		sec.mu.Lock()
		defer sec.mu.Unlock()
		return sec.urls, sec.loaded && s.now().Sub(sec.at) < ttl
	}
	if urls, ok := fresh(); ok {
		return urls, nil
	}
	sec.load.Lock()
	defer sec.load.Unlock()
	if urls, ok := fresh(); ok { // another reader loaded it while this one waited
		return urls, nil
	}
	urls, err := sec.src(ctx)
	sec.mu.Lock()
	defer sec.mu.Unlock()
	if err != nil {
		if sec.loaded {
			return sec.urls, nil
		}
		return nil, fmt.Errorf("seo: sitemap section %s: %w", sec.name, err)
	}
	sec.urls, sec.at, sec.loaded = urls, s.now(), true
	return urls, nil
}

// Index is /sitemap.xml: one <sitemap> per file of every section, with the newest lastmod of
// the file's URLs. A section with no URLs has no file.
func (s *Sitemaps) Index(ctx context.Context, origin string) ([]byte, error) {
	var b strings.Builder
	b.WriteString(xml.Header + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	per := s.perFile()
	for _, sec := range s.list() {
		urls, err := s.urls(ctx, sec)
		if err != nil {
			return nil, err
		}
		for n := 1; (n-1)*per < len(urls); n++ {
			chunk := urls[(n-1)*per : min(n*per, len(urls))]
			b.WriteString("<sitemap><loc>")
			escape(&b, origin+"/sitemaps/"+sec.name+"-"+strconv.Itoa(n)+".xml")
			b.WriteString("</loc>")
			var newest time.Time
			for _, u := range chunk {
				if u.LastMod.After(newest) {
					newest = u.LastMod
				}
			}
			lastmod(&b, newest)
			b.WriteString("</sitemap>\n")
		}
	}
	b.WriteString("</sitemapindex>\n")
	return []byte(b.String()), nil
}

// File is /sitemaps/<file>: "matches-2.xml" is the second PerFile URLs of the matches section.
// found is false for a section or page that does not exist.
func (s *Sitemaps) File(ctx context.Context, origin, file string) (data []byte, found bool, err error) {
	base, ok := strings.CutSuffix(file, ".xml")
	if !ok {
		return nil, false, nil
	}
	i := strings.LastIndexByte(base, '-')
	if i <= 0 {
		return nil, false, nil
	}
	n, err := strconv.Atoi(base[i+1:])
	if err != nil || n < 1 || strconv.Itoa(n) != base[i+1:] {
		return nil, false, nil
	}
	for _, sec := range s.list() {
		if sec.name != base[:i] {
			continue
		}
		urls, err := s.urls(ctx, sec)
		if err != nil {
			return nil, false, err
		}
		per := s.perFile()
		if (n-1)*per >= len(urls) {
			return nil, false, nil
		}
		var b strings.Builder
		b.WriteString(xml.Header + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
		for _, u := range urls[(n-1)*per : min(n*per, len(urls))] {
			b.WriteString("<url><loc>")
			escape(&b, origin+u.Path)
			b.WriteString("</loc>")
			lastmod(&b, u.LastMod)
			b.WriteString("</url>\n")
		}
		b.WriteString("</urlset>\n")
		return []byte(b.String()), true, nil
	}
	return nil, false, nil
}

func escape(b *strings.Builder, s string) { _ = xml.EscapeText(b, []byte(s)) }

func lastmod(b *strings.Builder, t time.Time) {
	if !t.IsZero() {
		b.WriteString("<lastmod>" + t.UTC().Format(time.RFC3339) + "</lastmod>")
	}
}
