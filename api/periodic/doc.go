// Package periodic is the one loop behind the services' periodic jobs: a sweep of unpaid orders
// (wallet, shop), of due settlements (settlement), of old videos (videos), a reload of an index
// (matches, search, engine's news indexing and banned words) or a session purge (engine). Every
// calls a job every period until its context ends; a failing run is logged and the loop keeps
// going, so one bad run never stops the job. NowAndEvery runs the job once at start as well.
//
// A leaf: it imports only the standard library and zap. The loop runs on the caller's goroutine
// (a Service's Run, under the engine's errgroup); the job is never called concurrently with itself.
package periodic
