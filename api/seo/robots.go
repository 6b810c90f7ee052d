package seo

import "strings"

// Robots is robots.txt: every crawler may read the site except the paths in disallow (the REST
// API, signed-in users' and staff's pages, search results), and finds the sitemap index at
// origin/sitemap.xml. A path ending in "$" is that page alone; any other is a prefix. allow
// lists exceptions inside a disallowed prefix (cover pictures under the REST API, which link
// previews and image search fetch).
func Robots(origin string, disallow, allow []string) string {
	var b strings.Builder
	b.WriteString("# Courtside: crawl the public pages; the sitemap lists them.\n")
	b.WriteString("User-agent: *\n")
	for _, p := range allow {
		b.WriteString("Allow: " + p + "\n")
	}
	for _, p := range disallow {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("\nSitemap: " + origin + "/sitemap.xml\n")
	return b.String()
}
