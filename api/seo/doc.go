// Package seo writes what crawlers and link previews read of the site without running any script
// (spec §1–§2, issue 19): the head of the first HTML of every page (title, description, canonical
// URL, hreflang alternates of the 22 languages plus x-default, the mobile alternate, Open Graph and
// Twitter card tags, JSON-LD structured data), robots.txt, and the sitemaps (an index plus one or
// more files per section, at most MaxURLsPerFile URLs each).
//
// The package knows pages by the names of the site's route table (webclient/public/routes.json,
// api.RouteTable): pages.go says of each what kind of thing it shows (a match, a live room, an
// article, ...) and whether it is private (a signed-in user's or staff's page: noindex). What a page
// is about, its Entity, is looked up by the area that owns it through a Lookup the engine registers
// (api.Server.PageHead), the same shape as api.PageExists; this package never reads a store.
// Titles and descriptions come from the server catalogue (api/locale/messages/seo), in the page's
// language, with the entity's real names. Every value that reaches the HTML is escaped: names are
// user input.
//
// Files: head.go (Input, Entity, Build, Head.HTML), jsonld.go (structured data), pages.go (the page
// table), sitemap.go (Sitemaps: sections, pagination, the short-lived cache), robots.go.
//
// Concurrency: Build and Robots are pure functions. A Sitemaps is safe for concurrent use; it
// builds a section at most once per TTL however many requests ask at the same time.
package seo
