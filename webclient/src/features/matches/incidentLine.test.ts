// @vitest-environment node
// Key events and text live are written in the reader's language from the incident's fields
// (issue 19): never the feed's English sentence on a non-English page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance, type i18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { TextLine } from "../../api/matches";
import { LOCALES, HTML_LANG, type Locale } from "../../i18n/locales";
import { incidentLine as lineWithJoiners, incidentParts, localMinute, localScore, type LineContext } from "./incidentLine";

// The score's word joiners are invisible; the sentences below are compared without them.
const incidentLine = (l: TextLine, c: LineContext) => lineWithJoiners(l, c).replaceAll("\u2060", "");

const dir = join(__dirname, "..", "..", "i18n", "locales", "matches");
const matchesOf = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), "utf8")) as Record<string, unknown>;

let i18: i18n;
beforeAll(async () => {
  i18 = createInstance();
  await i18.init({
    lng: "en_US",
    fallbackLng: "en_US",
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(LOCALES.map((c) => [c, { translation: { matches: matchesOf(c) } }])),
  });
});

function ctx(code: Locale): LineContext {
  const t = i18.getFixedT(code);
  return {
    t: (key, vars) => t(key as "matches.detail.keyEvents", vars) as string,
    exists: (key) => i18.exists(key, { lng: code, fallbackLng: false }),
    tag: HTML_LANG[code],
    english: code === "en_US",
    teams: ["Northbridge", "Southport"],
  };
}

const line = (type: string, extra: Partial<TextLine> = {}): TextLine => ({
  seq: 1,
  at: 0,
  minute: "45+2'",
  type,
  team: 0,
  text: `45+2' ENGLISH FEED TEXT for ${type}`,
  ...extra,
});

// Every incident type the simulators and the API-Football mapping send (feed.Incident's Type,
// actors/match/feed/sim_ranges_test.go's lists and mapping.go's "var").
const FEED_TYPES = [
  "fullTime", "postponed", "cancelled", "abandoned", "goal", "ownGoal", "goalDisallowed", "var", "yellowCard", "secondYellow",
  "redCard", "penaltyAwarded", "penaltyScored", "penaltyMissed", "substitution", "shot", "shotSaved", "penalty", "threePointer",
  "periodEnd", "break", "setWon", "ace", "doubleFault", "winner", "block", "smash", "century", "frameWon", "homeRun",
  "pitchingChange", "toss", "wicket", "fifty", "hundred", "touchdown", "fieldGoal", "missedFieldGoal", "safety", "interception",
  "fumble", "knockdown", "finish", "roundEnd", "mapWin", "gameWin", "teamEliminated", "gg", "kill", "firstBlood", "firstTower",
  "dragon", "herald", "baron", "firstDragon", "firstBaron", "tyrant", "overlord", "firstTyrant", "firstOverlord", "abyssalDragon",
  "darkSlayer", "turtle", "lord", "roshan", "firstRoshan", "pistolRound", "bombPlant", "bombDefuse", "spikePlant", "spikeDefuse",
  "defuserPlant", "defuserDisable",
];

describe("incident lines", () => {
  it("write a goal with scorer, side, assist and score in German", () => {
    const l = line("goal", { name: "Jack Hargreaves", assist: "Tom Reyes", score: [2, 1] });
    expect(incidentLine(l, ctx("de"))).toBe("Tor! Jack Hargreaves trifft für Northbridge, Vorlage von Tom Reyes (2-1)");
  });

  it("write a goal in Arabic with the names as parts of their own (the page isolates them with dir=auto)", () => {
    const l = line("goal", { team: 1, name: "Jack Hargreaves", score: [2, 1] });
    expect(incidentLine(l, ctx("ar"))).toBe("هدف! Jack Hargreaves يسجل لـSouthport (2-1)");
    expect(incidentParts(l, ctx("ar")).filter((p) => typeof p !== "string")).toEqual([{ name: "Jack Hargreaves" }, { name: "Southport" }]);
  });

  it("put the score where full time says it", () => {
    const l = line("fullTime", { team: -1, minute: "", score: [3, 0] });
    expect(incidentLine(l, ctx("de"))).toBe("Abpfiff: Northbridge 3-0 Southport");
    expect(incidentLine(l, ctx("ar"))).toBe("نهاية المباراة: Northbridge 3-0 Southport");
    expect(incidentLine(l, ctx("en_US"))).toBe("Full time: Northbridge 3-0 Southport");
  });

  it("write a substitution as player on, player off", () => {
    const l = line("substitution", { team: 1, name: "A. On", assist: "B. Off" });
    expect(incidentLine(l, ctx("de"))).toBe("Wechsel Southport: A. On kommt, B. Off geht");
    expect(incidentLine(l, ctx("en_US"))).toBe("Substitution Southport: A. On on, B. Off off");
  });

  it("name the side once when a card has no player", () => {
    expect(incidentLine(line("yellowCard"), ctx("de"))).toBe("Gelbe Karte: Northbridge");
    expect(incidentLine(line("yellowCard", { name: "C. Hard" }), ctx("de"))).toBe("Gelbe Karte: C. Hard (Northbridge)");
  });

  it("write objectives with the objective's name in the language, and map wins with their number", () => {
    expect(incidentLine(line("firstBaron", { team: 1 }), ctx("de"))).toBe("Erster Baron Nashor für Southport");
    expect(incidentLine(line("roshan", { team: 1 }), ctx("ar"))).toBe("Southport يسيطر على روشان");
    expect(incidentLine(line("mapWin", { period: 2, score: [1, 1] }), ctx("de"))).toBe("Map 2 an Northbridge (1-1)");
  });

  it("fall back to a translated generic line for an unknown type, and to the feed's text only in English", () => {
    const l = line("somethingNew", { team: 1 });
    expect(incidentLine(l, ctx("ar"))).toBe("حدث في المباراة · Southport");
    expect(incidentLine(l, ctx("de"))).toBe("Spielereignis · Southport");
    expect(incidentLine({ ...l, team: -1 }, ctx("de"))).toBe("Spielereignis");
    expect(incidentLine(l, ctx("en_US"))).toBe("45+2' ENGLISH FEED TEXT for somethingNew");
    expect(incidentLine({ ...l, text: "" }, ctx("en_US"))).toBe("Match event · Southport");
  });

  it("never show the feed's English text on a non-English page, for any type the feed sends", { timeout: 30_000 }, () => {
    for (const code of LOCALES.filter((c) => c !== "en_US")) {
      for (const type of FEED_TYPES) {
        const out = incidentLine(line(type, { name: "P. Layer", assist: "Q. Other", period: 1, score: [1, 0] }), ctx(code));
        expect(out, `${code} ${type}`).not.toContain("ENGLISH FEED TEXT");
        expect(out, `${code} ${type}`).not.toMatch(/\{\{|\uE000|\uE001/);
      }
    }
  });

  it("have a sentence of their own for every type the feed sends", () => {
    const c = ctx("en_US");
    for (const type of FEED_TYPES) {
      const out = incidentLine(line(type, { name: "P. Layer", period: 1 }), c);
      expect(out, type).not.toContain("ENGLISH FEED TEXT");
      expect(out, type).not.toContain("Match event");
    }
  });
});

describe("localScore", () => {
  it("keeps the score on one line, home first", () => {
    expect(localScore([2, 1], "de")).toBe("2\u2060-\u20601");
  });
});

describe("localMinute", () => {
  it("writes the minute's digits as the language does and keeps a clock's zeros", () => {
    expect(localMinute("45+2'", "de")).toBe("45+2'");
    expect(localMinute("Q3 04:12", "en-US")).toBe("Q3 04:12");
    expect(localMinute("45+2'", "ar-EG")).toBe("٤٥+٢'");
    expect(localMinute("M2 08:40", "ar-EG")).toBe("M٢ ٠٨:٤٠");
  });
});
