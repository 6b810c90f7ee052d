// @vitest-environment node
// Every statistic key the feed simulator reports (statKeys.json, generated and checked by
// TestStatKeysFileIsCurrent in actors/match/feed) has a label of its own in every language,
// and statLabel shows that label rather than the raw key.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../i18n/locales";
import { statLabel } from "../../features/matches/DetailTabs";
import statKeys from "./statKeys.json";

type Labels = Record<string, unknown>;
const dir = join(__dirname, "..", "..", "i18n", "locales", "matches");
const matchesOf = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), "utf8")) as { stat?: Labels };

describe("statKeys.json", () => {
  it("is a sorted list of distinct keys", () => {
    expect(statKeys.length).toBeGreaterThan(0);
    expect([...new Set(statKeys)].sort()).toEqual(statKeys);
  });
});

describe("statistic labels", () => {
  for (const code of LOCALES) {
    const stat = matchesOf(code).stat ?? {};

    it(`${code}: every statistic key has a non-empty label`, () => {
      const missing = statKeys.filter((k) => typeof stat[k] !== "string" || (stat[k] as string).trim() === "");
      expect(missing, `no label in matches/${code}.json`).toEqual([]);
    });

    it(`${code}: no label is its raw key`, () => {
      const raw = statKeys.filter((k) => typeof stat[k] === "string" && (stat[k] as string).trim() === k);
      expect(raw, `raw keys as labels in matches/${code}.json`).toEqual([]);
    });

    it(`${code}: statLabel shows the label`, async () => {
      const i18n = createInstance();
      await i18n.init({ lng: code, resources: { [code]: { translation: { matches: matchesOf(code) } } } });
      const t = i18n.t as unknown as Parameters<typeof statLabel>[0];
      const wrong = statKeys.filter((k) => statLabel(t, k) !== stat[k]);
      expect(wrong).toEqual([]);
    });
  }
});
