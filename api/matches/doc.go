// Package matches serves the Matches calls of spec §7 (live, past, upcoming and by-condition
// lists, seven-day matches and results, favourites and reservations, series counts, living and
// future lists, leagues, match detail with every tab) and the data library (league, team and
// player pages), under /java, on the api.Server core.
//
// Lists are served from an in-memory Index of every match in a window around now (default
// ±8 days), loaded from the store at start, reloaded periodically, and updated by the match
// actors through MatchChanged (it implements match.Listener), so the feed invalidates it. List
// answers are cached per query; an entry is reused while the index has not changed, and for at
// most Config.MaxStale (1 s) while live matches keep changing it, which bounds list staleness (live
// scores reach clients over the WebSocket anyway). Detail pages and the data library read the
// store.
//
// The rules live in the Service: service.go (Deps, New, Run, MatchChanged), query.go (Query and its
// checks), lists.go, detail.go, library.go, attention.go (bookings), index.go and views.go (the read
// model: Item, Page, Detail, ...). Their methods take a context, a typed Query and the caller's user
// id (0 for a guest) and return the read model and errcode errors (errors.go); they import neither
// net/http nor package api. The REST handlers are in http.go (Routes, reading a Query from the body
// or the query string, clamping the page with api.NewPage) and http_lists.go, http_detail.go.
//
// Concurrency: a Service is safe for concurrent use. MatchChanged may be called from any
// goroutine and never blocks on I/O. Run reloads the index until its context ends.
package matches
