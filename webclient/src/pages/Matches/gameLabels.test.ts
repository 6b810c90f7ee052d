// @vitest-environment node
// Every game of the catalogue (actors/match/feed/games.go) has a display name of its own in every
// language (matches.game, keyed by abbr), and gameLabel shows it rather than the raw slug.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import type { GameInfo } from "../../api/matches";
import { LOCALES } from "../../i18n/locales";
import { gameLabel } from "../../features/matches/hooks";

// The 36 abbrs of the catalogue, in its display order.
const ABBRS = [
  "soccer", "basketball", "tennis", "baseball", "cricket", "snooker", "americanfootball", "volleyball",
  "tabletennis", "badminton", "mma", "sports-other", "lol", "valorant", "dota2", "csgo", "kog", "lolmobile",
  "game28", "game27", "naraka", "mobilelegends", "aov", "wow3", "nba2k", "hearthstone", "rainbow6",
  "rocketleagues", "starcraft2", "overwatch", "cf", "fifa", "codmw", "pubgmobile", "pubg", "esports-other",
];

type Labels = Record<string, unknown>;
const dir = join(__dirname, "..", "..", "i18n", "locales", "matches");
const matchesOf = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), "utf8")) as { game?: Labels };
const game = (id: number, abbr: string): GameInfo => ({ id, abbr, name: abbr }) as GameInfo;

describe("the catalogue's abbrs", () => {
  it("are the 36 abbrs of actors/match/feed/games.go", () => {
    const src = readFileSync(join(__dirname, "..", "..", "..", "..", "actors", "match", "feed", "games.go"), "utf8");
    const fromGo = [...src.matchAll(/\bg\(\d+, "[^"]*", "([^"]+)"/g)].map((m) => m[1]);
    expect(fromGo).toEqual(ABBRS);
  });
});

describe("game labels", () => {
  for (const code of LOCALES) {
    const labels = matchesOf(code).game ?? {};

    it(`${code}: every game has a non-empty label that is not its slug`, () => {
      const bad = ABBRS.filter((k) => typeof labels[k] !== "string" || (labels[k] as string).trim() === "" || labels[k] === k);
      expect(bad, `missing or raw labels in matches/${code}.json`).toEqual([]);
    });

    it(`${code}: gameLabel shows the label`, async () => {
      const i18n = createInstance();
      await i18n.init({ lng: code, resources: { [code]: { translation: { matches: matchesOf(code) } } } });
      const t = i18n.t as unknown as Parameters<typeof gameLabel>[0];
      const wrong = ABBRS.filter((k, i) => gameLabel(t, game(i, k)) !== labels[k]);
      expect(wrong).toEqual([]);
      expect(gameLabel(t, game(99, "CSGO"))).toBe(labels.csgo);
    });
  }

  it("falls back to the catalogue name, then to the fallback", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: "en_US", resources: { en_US: { translation: { matches: matchesOf("en_US") } } } });
    const t = i18n.t as unknown as Parameters<typeof gameLabel>[0];
    expect(gameLabel(t, { id: 77, abbr: "newgame", name: "New Game" } as GameInfo)).toBe("New Game");
    expect(gameLabel(t, undefined, "Other")).toBe("Other");
  });
});
