// Package sportsdemo generates the demo sports dataset that `make run` plays: a competition for
// every game of the catalogue (36 ids of spec §3), teams with full squads, seasons, stages,
// rounds, base standings, transfers, honours, and a schedule over a window of days around now
// (±7 by default).
//
// Names look local and are invented: clubs of invented towns named the way their country names
// clubs (an English "Rovers", a Spanish "Club Deportivo", a German "SV ... 09"), franchises with
// nicknames, esports organisations with gamer tags, players with given and family names of their
// nationality, coaches, venues with capacities, founding dates, prize money and market values in
// whole US dollars. No name is a real club, league or player. Transfers move players between
// generated sides (the player is in the squad he joined); honours go to past champions and their
// players. Standings are the table at the start of the window (AsOf): the store adds the results
// of the window as the simulator plays them, so the table and the form follow the results shown.
//
// Everything is marked with source "simulator"; the matches are then played live by the
// deterministic feed simulator (courtside/actors/match/feed). Generate is a pure function of the
// Config: the same seed and day give the same fixture ids and times on every run, so restarting
// the node continues the same matches rather than inventing new ones. A match an earlier run left
// in play that the window no longer holds (the node was stopped mid-match and started again more
// than a week later) is abandoned at start, since nothing would play it on (Service.Run).
//
// Concurrency: Generate has no shared state; Seed writes through a SportsStore and is safe to run
// concurrently with the feed (writes are idempotent upserts).
package sportsdemo
