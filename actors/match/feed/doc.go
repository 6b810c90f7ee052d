// Package feed is the sports data model as a data provider delivers it, the feed ingestion
// interface, and a deterministic simulator behind that interface.
//
// A provider pushes Events: fixtures, line-ups, odds and live events (status, score, period and
// clock, sport-specific detail, statistics, incidents, player statistics). Every event of one
// match carries a per-match sequence number, 1, 2, 3, ... without holes; consumers apply them
// exactly once and in order (the match actor in package courtside/actors/match does).
// State.Apply is the pure state machine that folds an event into the live state of a match; it
// enforces the status transitions of spec §4 (Transition) and refuses impossible values (a
// negative or absurd score, a score going back without Score.Correction, an absurd clock, a team
// playing itself, malformed statistics): feed input is untrusted. A refused event is consumed
// (its sequence number is used) and changes nothing.
//
// Every game of the catalogue (Games, GameByID, Groups: the ids of spec §3) has a Profile: its
// family (how it is played and scored), squad positions, default series length, the statistics
// it reports and the hard limits State.Apply enforces.
//
// The Simulator plays believable matches of all 36 games by family: football and esports
// football, ice hockey (sports-other), basketball and esports basketball, tennis, volleyball,
// badminton, table tennis, snooker, baseball, Twenty20 cricket, American football, mixed martial
// arts, the MOBAs (League of Legends and its mobile version, Dota 2, Honor of Kings, Arena of
// Valor, Mobile Legends), round-based shooters (CS2 as catalogue id 2 "cs:go", Valorant, Rainbow
// Six, CrossFire), mode shooters (Call of Duty), hero shooters (Overwatch), battle royales (PUBG,
// PUBG Mobile, Naraka), car football (Rocket League), real-time strategy (StarCraft II, Warcraft
// III), card games (Hearthstone) and generic arena esports (ids 0, 27, 28). It includes
// postponed, cancelled and abandoned fixtures (a postponed first leg of a tie is rescheduled two
// days later, before its second leg: RescheduledFirstLegAfter), half-times and breaks, overtime
// and penalties, line-ups, key incidents placed on the pitch or map, player statistics that fit
// each position, and odds from two bookmakers drifting with the play (with the esports lines of
// spec §3). Heroes,
// maps, bookmakers and weapons carry invented or generic names, never a game's trademarks. Its
// output is a pure function of (Seed, fixture, rosters): replaying it after a restart yields the
// same events with the same sequence numbers, so consumers simply drop what they have already
// applied. Everything it produces is marked Source "simulator"; nothing simulated is ever
// presented as real.
//
// Provider adapters live in subpackages of providers (courtside/actors/match/feed/providers).
//
// Concurrency: the types are plain values. A Simulator is safe for one goroutine at a time (its
// Run loop); Script and the catalogue and profile functions are safe for concurrent use.
package feed
