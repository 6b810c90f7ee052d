// Package pandascore is the feed.Source for PandaScore (https://pandascore.co), the esports data
// API: League of Legends, CS2, Dota 2, Valorant, Honor of Kings, Rainbow Six, Overwatch, Rocket
// League, PUBG, EA FC, Call of Duty, StarCraft II, Wild Rift, Mobile Legends and others (Games
// maps its videogame slugs to the catalogue ids of spec §3). Its fixtures plan (schedules,
// results and context data) allows 1,000 requests an hour; odds come with its betting product.
//
// What it maps, to the model of courtside/actors/match/feed:
//
//   - schedule and results: GET /matches/upcoming?range[scheduled_at]= and
//     /matches/past?range[end_at]= (per videogame with Config.Videogames), 100 a page: the
//     league, serie (season) and tournament (stage), the two opponents, best-of, start time;
//   - running series: GET /matches/running, and GET /matches/{id} for a series that left the
//     running list (its final state): the status (a break between maps shows as halftime), the
//     series score, one period per map started (1 for the side that won it), the map in play
//     with its clock from the game's begin_at, the map's name, a mapWin incident per map
//     (reference "game:<id>") and the end;
//   - line-ups: GET /matches/{id}/opponents for series starting within two hours: players with
//     their role, nationality and birthday (also stored as reference players);
//   - odds (Config.Odds): GET /betting/matches/{id}/markets: the series winner, the main
//     handicap, the total of maps, and the per-map kills, rounds and duration totals (the esports
//     lines of spec §3: duration over 33 minutes, kills over 26.5, rounds over 26.5). A plan
//     without the betting product answers 403: odds are turned off with a log line.
//
// Ids are the provider's, prefixed: "ps-m5001" (a match), "ps-t301" (a team), "ps-p3010" (a
// player), "ps-l4197" (a league), "ps-s9001" (a serie).
//
// Rate limits: X-Rate-Limit-Remaining (requests left in the hour) paces the requests (when it
// reaches 0 the client waits for the next full hour: PandaScore does not document the reset); a
// 429 waits for Retry-After, else backs off; network errors and 5xx are retried with backoff; a
// 401 stops the adapter.
//
// Out-of-order answers: every match carries modified_at; a providers.Tracker drops an answer
// older than one applied, refuses what would make a series go back, and keeps each stream's
// sequence numbers gapless (resuming from the store after a restart, Config.Resume). Malformed
// answers are refused with a logged reason; the decoders are fuzzed (FuzzDecodeMatches,
// FuzzDecodeMarkets, FuzzDecodeOpponents).
//
// Not mapped: in-game events (kills, objectives, rounds as they happen) come from PandaScore's
// real-time WebSocket plans, which this adapter does not use; the statistics of a map are
// PandaScore's post-game "detailed stats", not read either.
//
// Switching the site from the simulator to this adapter: COURTSIDE_FEED=pandascore with
// COURTSIDE_FEED_API_KEY (see ../README.md for every variable); ConfigFromEnv reads them.
//
// Concurrency: Run (or Poll) is called from one goroutine; the adapter is not safe for
// concurrent use.
package pandascore
