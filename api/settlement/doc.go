// Package settlement settles what was staked on a match once its result is known: the one
// settlement service of issue 20, built for expert plans and meant to be reused by later features
// (in-room predictions) that register their own Settler.
//
// A result comes from the match actor (Service implements match.ResultSink: the actor delivers a
// finished match at least once, and again after a crash until acknowledged), from the sweep
// (Service.Run: every SweepEvery it asks each Settler which matches with a final state still have
// something unsettled, which covers postponed and cancelled matches and anything a restart left
// behind), or from a staff correction (Service.Correct). Results are kept in Postgres with a
// revision; a Settler settles each of its items once per revision, under a row lock, with its
// ledger movements in the same transaction, so the same result delivered twice, on two nodes or
// across a restart moves nothing twice.
//
// Grade is the pure part: the outcome of a market (1X2, handicap, over/under, with Asian quarter
// lines split into two halves) on a result.
//
// Concurrency: a Service is safe for concurrent use; Run is its only goroutine.
package settlement
