// Package providers holds what the adapters of real data providers share: an HTTP client that
// honours a provider's rate limits and retries with backoff (Client), and the Tracker that turns
// what a provider says about a match at some moment (a Snapshot) into feed events.
//
// Providers are polled: each answer is a picture of a match, not a stream of changes, answers
// can arrive out of order (a cached or lagging edge), skip steps (a match seen not started, then
// finished) or repeat themselves. The Tracker keeps, per match, the state its consumers hold and
// emits only what changed, as feed events with sequence numbers that continue the match's stream
// without holes (after a restart it resumes from the stored state, see ResumeFunc). It never
// makes a match go back: an older snapshot is dropped, a status that would return to an earlier
// phase is refused, a score that goes down is refused unless the provider marks it a correction.
// Every event is tried on a copy of the state first (feed.State.Apply); what the state machine
// refuses is logged with its reason and not sent, so it uses no sequence number. Feed input is
// untrusted: adapters bound what they read, reject malformed payloads with a logged reason and
// never panic on them (each adapter fuzzes its decoder).
//
// Adapters live in subpackages: apisports (API-Football and API-Basketball of API-Sports) and
// pandascore (PandaScore esports). Each implements feed.Source; the engine chooses the source
// from COURTSIDE_FEED (README.md in this folder).
//
// Concurrency: a Tracker and a Client are used by one adapter goroutine (its Run loop); they are
// not safe for concurrent use. ResumeFunc and ReferenceFunc are called from that goroutine.
package providers
