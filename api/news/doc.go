// Package news is the news area (spec §1–§2, §7; issue 22): articles per game channel with a title,
// a summary, a body of safe blocks (paragraphs, headings, quotes, pictures of our own site, embedded
// match cards — never HTML), an author, tags, linked matches, teams and players, a language, a
// publish time and views. Staff write, preview, schedule, publish and unpublish them in the back
// office (permission editContent); users submit posts that staff review before they appear.
//
// States: draft → scheduled (a publish time in the future) or published; published or scheduled →
// unpublished; unpublished → published again. A user's post: pending → published or rejected. An
// article is visible to readers when it is scheduled or published and its publish time has come by
// the injected clock (Config.Now): a scheduled article appears at its time with no job running.
//
// Comments on articles are the api/comments capability; this package is its "news" target
// (Service.Lookup). Search indexes articles through Deps.Hooks (ArticleChanged is called after every
// change of an article's content or state).
//
// Files: service.go (Deps, Service), articles.go (staff workflow), body.go (the block format and its
// checks), reading.go (what readers see), posts.go (users' posts), cover.go (drawn cover pictures),
// demo.go (demo articles); http*.go the REST handlers. Safe for concurrent use.
package news
