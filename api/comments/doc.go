// Package comments is the comments capability of the site (spec §6: login required to comment): comments
// on any target named by (kind, id) — news articles now, videos later — threaded one level (a comment
// and its replies), liked once per user, reported with the spec's reasons, checked against the chat's
// banned-words filter and the platform mutes, and removed by staff through the audit log.
//
// A target kind is one entry of Deps.Targets (engine/news.go): the area that owns the target answers
// whether an id exists and gives its title and link for the user's "my comments" list. Adding a kind
// (the videos' "video") is one line there.
//
// The rules are in service.go and comments.go (no HTTP); http*.go are the REST handlers. The Service is
// safe for concurrent use; every write is one statement or one transaction of storage/postgres/comments.go.
package comments
