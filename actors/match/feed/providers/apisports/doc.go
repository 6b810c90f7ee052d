// Package apisports is the feed.Source for API-Sports (https://api-sports.io): football from
// API-Football v3 and basketball from API-Basketball v1, with one API key (the free plan gives
// 100 requests a day per API and 10 a minute; paid plans more).
//
// What it maps, to the model of courtside/actors/match/feed:
//
//   - football schedule and results: GET /fixtures?date= (yesterday to Days ahead, or per league
//     with ?league=&season=): the fixture with league, season, round, teams, venue and referee,
//     the status (TBD/NS, 1H, HT, 2H, ET, BT, P, FT/AET/PEN, INT, SUSP, PST, CANC, ABD, AWD, WO),
//     the clock (elapsed and extra minutes), the score with its halves, extra time and the
//     shoot-out;
//   - football live: GET /fixtures?live=all, then GET /fixtures?ids=a-b-... (20 at a time) for
//     the matches in play or due: events (goals, own goals, penalties, cards, substitutions,
//     video reviews; a goal ruled out is sent as a score correction), line-ups with formations
//     and coaches, team statistics, player statistics by position;
//   - line-ups of matches starting within the hour (the same ids request);
//   - odds: GET /odds/live (one request for every match in play) and GET /odds?fixture= for the
//     next matches: the match winner, the main Asian handicap and the main over/under line;
//   - basketball: GET /games?date= (schedule, status Q1-Q4/OT/BT/HT/FT/AOT/POST/CANC/SUSP/ABD,
//     scores by quarter, the quarter clock) and GET /odds?game=.
//
// Two-legged ties (ties.go): API-Football has no leg field, but both legs of a cup tie share
// league, season and round with the teams swapped. The adapter remembers the fixtures of every
// round that is not "Regular Season - n" and maps a fixture whose swapped pair played in the same
// round up to 60 days earlier as the second leg (Fixture.Leg 2, a knockout on aggregate, detail
// "agg" over both legs and, once finished, "through"); the earlier one as the first leg (Leg 1).
// A second leg whose first leg was postponed, cancelled or abandoned carries "leg1" instead of an
// aggregate (a knockout only when the first leg was cancelled), as the simulator does. A cup
// fixture without a known pair (after a restart, the first leg is in no answer any more) makes
// the adapter read its round once, GET /fixtures?league=&season=&round=, so the second leg is
// mapped with its first leg from the start (one request per cup round while the adapter runs).
//
// Leagues, seasons, stages, rounds, teams and players go to Config.Reference. Ids are the
// provider's, prefixed: "as-fb-1001" (a football fixture), "as-fb-t4101" (a team),
// "as-bb-3001" (a basketball game).
//
// Rate limits: every answer's x-ratelimit-requests-remaining (per day, spread evenly over what
// is left of the day) and X-RateLimit-Remaining (per minute) headers pace the requests; a 429
// waits for its Retry-After; the errors API-Sports reports inside a 200 answer ({"rateLimit"},
// {"requests"}, {"token"}) wait a minute, wait for midnight UTC, or stop the adapter. Network
// errors and 5xx are retried with exponential backoff.
//
// Out-of-order and repeated answers: a providers.Tracker keeps each match's state as its
// consumers hold it, sends only what changed with gapless sequence numbers (resuming from the
// store after a restart, Config.Resume), drops a lagging answer (an earlier period or minute)
// and refuses what would make a match go back (status, score without a video review). Every
// answer is bounded and checked; a malformed or impossible one is logged with its reason and
// skipped (decoders are fuzzed: FuzzDecodeFootball, FuzzDecodeOdds, FuzzDecodeBasketball).
//
// Switching the site from the simulator to this adapter: COURTSIDE_FEED=apisports with
// COURTSIDE_FEED_API_KEY (see ../README.md for every variable); ConfigFromEnv reads them.
//
// Concurrency: Run (or Poll) is called from one goroutine; the adapter is not safe for
// concurrent use.
package apisports
