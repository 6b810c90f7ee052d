// Package anchor is the streamer centre's REST module (spec §7 "Anchors and live"): applying to
// become a streamer with ID photos and an age check, administrator review and streaming bans, live
// settings validated by spec §5 (title, detailed intro, up to three 1:1 detail pictures, linked match
// in progress or starting within the hour, or a custom tag), starting and ending live, stream keys and
// the OBS guide, earnings views, moderators, live records, the anchor list and streamer page, the
// playback call that hands out signed stream URLs, and paid-room unlocks.
//
// The rules live in the Service: service.go (Deps, New) and the domain files apply.go, live.go,
// public.go, earnings.go, admin.go and validate.go. Their methods take a context, the caller's user
// id and typed inputs (Application, Settings, MatchLink, ReviewRequest, BanRequest) and return
// domain values and errcode errors (errors.go); they import neither net/http nor package api. It
// stores through storage/postgres.Anchors and reaches everything else through small interfaces
// declared in ports.go (Roles, Phones, StreamerRoles, Matches, Earnings, UnlockPayer, Media) that
// the engine wires. MediaStore adapts the same store to what gateway/media needs (stream key lookup,
// room rules, unlocks, and a Notifier that records live sessions).
//
// The REST handlers are in http.go (Routes, with the api.Authenticator that says who calls) and
// http_<topic>.go: they decode, authenticate, call the Service and shape the answers (Whether,
// Status, LiveInfo, ListEntry, AnchorPage, ...). No rule lives there.
//
// # Concurrency
//
// Routes must be called before the api.Server serves. After that a Service is safe for concurrent
// use by any number of requests; it holds no mutable state of its own (everything is in Postgres or
// the media Hub). MediaStore is a value with no state and is safe for concurrent use.
package anchor
