// Package sportsdemo generates the demo sports dataset that `make run` plays: leagues and esports
// series for the eight simulated games, teams with full squads, seasons, stages, rounds, base
// standings, transfers, honours, and a schedule over a window of days around now (±7 by default).
//
// Everything is fictitious, named "Simulated ..." and marked with source "simulator"; the
// matches are then played live by the deterministic feed simulator (courtside/actors/match/feed).
// Generate is a pure function of the Config: the same seed and day give the same fixture ids and
// times on every run, so restarting the node continues the same matches rather than inventing
// new ones.
//
// Concurrency: Generate has no shared state; Seed writes through a SportsStore and is safe to run
// concurrently with the feed (writes are idempotent upserts).
package sportsdemo
