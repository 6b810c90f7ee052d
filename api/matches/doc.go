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
// Concurrency: a Module is safe for concurrent use. MatchChanged may be called from any
// goroutine and never blocks on I/O. Run reloads the index until its context ends.
package matches
