// Game slugs that may open a /:game/:id match page (spec §3 game catalogue): every abbr of the
// catalogue (actors/match/feed/games.go), the provisional game27/game28 and the catch-alls
// sports-other/esports-other included, as routes.json's params.game (src/routeTable.test.ts).
// Anything else in the first path segment is not a match page.
export const GAME_SLUGS: ReadonlySet<string> = new Set([
  "soccer", "basketball", "lol", "valorant", "dota2", "csgo", "cricket", "kog", "lolmobile",
  "tennis", "snooker", "baseball", "americanfootball", "volleyball", "tabletennis", "badminton",
  "naraka", "mobilelegends", "aov", "wow3", "nba2k", "hearthstone", "rainbow6", "rocketleagues",
  "starcraft2", "overwatch", "cf", "mma", "fifa", "codmw", "pubgmobile", "pubg",
  "game27", "game28", "sports-other", "esports-other",
]);
