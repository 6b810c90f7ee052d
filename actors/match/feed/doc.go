// Package feed is the sports data model as a data provider delivers it, the feed ingestion
// interface, and a deterministic simulator behind that interface.
//
// A provider pushes Events: fixtures, line-ups, odds and live events (status, score, period and
// clock, sport-specific detail, statistics, incidents). Every event of one match carries a
// per-match sequence number, 1, 2, 3, ... without holes; consumers apply them exactly once and in
// order (the match actor in package courtside/actors/match does). State.Apply is the pure state
// machine that folds an event into the live state of a match; it enforces the status transitions of
// spec §4 (Transition).
//
// The Simulator plays believable matches for soccer, basketball, tennis, baseball, League of
// Legends, CS2 (catalogue id 2, "cs:go"), Dota 2 and Valorant, including postponed and cancelled
// fixtures and drifting odds. Its output is a pure function of (Seed, fixture): replaying it after a
// restart yields the same events with the same sequence numbers, so consumers simply drop what they
// have already applied. Everything it produces is marked Source "simulator"; nothing simulated is
// ever presented as real.
//
// The game catalogue (Games, GameByID, Groups) carries the ids of spec §3.
//
// Concurrency: the types are plain values. A Simulator is safe for one goroutine at a time (its
// Run loop); Script and the catalogue functions are safe for concurrent use.
package feed
