// Catalogue ids to the game slugs of page paths (spec §3; the same slugs as routes.json).
export const GAME_SLUG_BY_ID: Readonly<Record<number, string>> = {
  202: "soccer", 201: "basketball", 1: "lol", 14: "valorant", 4: "dota2", 2: "csgo", 210: "cricket", 3: "kog", 7: "lolmobile",
  203: "tennis", 204: "snooker", 205: "baseball", 209: "americanfootball", 206: "volleyball", 208: "tabletennis", 207: "badminton",
  26: "naraka", 25: "mobilelegends", 24: "aov", 23: "wow3", 22: "nba2k", 21: "hearthstone", 20: "rainbow6", 19: "rocketleagues",
  18: "starcraft2", 17: "overwatch", 16: "cf", 15: "mma", 9: "fifa", 8: "codmw", 6: "pubgmobile", 5: "pubg",
  27: "game27", 28: "game28", 200: "sports-other", 0: "esports-other",
};

export const GAME_ID_BY_SLUG: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(GAME_SLUG_BY_ID).map(([id, slug]) => [slug, Number(id)]),
);
