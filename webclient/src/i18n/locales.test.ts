// @vitest-environment node
// Every locale must have exactly the keys of en_US, none empty, with the same
// {{placeholders}}, and must be a translation rather than a copy of the English text.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES, detectLocale, normalizeLocale } from "./locales";

type Tree = { [k: string]: string | Tree };
const root = join(__dirname, "locales");
// The shell's keys live in locales/<code>.json; each feature's in locales/<feature>/<code>.json.
const features = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const file = (dir: string, code: string) => join(dir, `${code}.json`);
const loadFrom = (dir: string, code: string): Tree =>
  existsSync(file(dir, code)) ? (JSON.parse(readFileSync(file(dir, code), "utf8")) as Tree) : {};
const load = (code: string): Tree => {
  const tree = loadFrom(root, code);
  for (const f of features) tree[f] = loadFrom(join(root, f), code);
  return tree;
};

function flatten(t: Tree, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === "object") flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = flatten(load("en_US"));

describe("locale files", () => {
  for (const dir of [root, ...features.map((f) => join(root, f))]) {
    it(`are exactly the 22 locales of the spec in ${dir.slice(root.length) || "locales/"}`, () => {
      const files = readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, "")).sort();
      expect(files).toEqual([...LOCALES].sort());
    });
  }

  for (const code of LOCALES.filter((c) => c !== "en_US")) {
    describe(code, () => {
      const loc = flatten(load(code));

      it("has every key of en_US, non-empty", () => {
        const missing = [...en.keys()].filter((k) => typeof loc.get(k) !== "string" || (loc.get(k) as string).trim() === "");
        expect(missing, `missing or empty in ${code}`).toEqual([]);
      });

      it("has no keys that en_US lacks", () => {
        const extra = [...loc.keys()].filter((k) => !en.has(k));
        expect(extra, `extra in ${code}`).toEqual([]);
      });

      it("keeps the interpolation placeholders", () => {
        const wrong = [...en.entries()].filter(
          ([k, v]) => typeof loc.get(k) === "string" && placeholders(v as string).join() !== placeholders(loc.get(k) as string).join(),
        );
        expect(wrong.map(([k]) => k)).toEqual([]);
      });

      it("is translated, not an English copy", () => {
        const same = [...en.entries()].filter(([k, v]) => loc.get(k) === v).map(([k]) => k);
        // A few short words (e.g. "Chat", "Tennis") are shared across languages.
        expect(same.length, `untranslated in ${code}: ${same.join(", ")}`).toBeLessThanOrEqual(Math.ceil(en.size * 0.08));
      });
    });
  }
});

describe("detectLocale", () => {
  it("prefers the lang cookie", () => expect(detectLocale("ko", ["fr-FR"])).toBe("ko"));
  it("follows a language named in the address (hreflang links) over the cookie, as the server's head does", () => {
    expect(detectLocale("de", ["en-US"], "de", "fr")).toBe("fr");
    expect(detectLocale("de", ["en-US"], "de", "nope")).toBe("de");
    expect(detectLocale("de", ["en-US"], "de", null)).toBe("de");
  });
  it("maps the browser languages when there is no cookie", () => {
    expect(detectLocale(undefined, ["xx", "zh-Hant-HK"])).toBe("zh_tw");
    expect(detectLocale(undefined, ["th-TH"])).toBe("thai");
    expect(detectLocale(undefined, ["ja"])).toBe("jp");
  });
  it("falls back to zh_CN", () => expect(detectLocale("bogus", ["xx-YY"])).toBe("zh_CN"));
  it("takes the server's answer (country of the address included) before the browser's", () => {
    expect(detectLocale(undefined, ["fr-FR"], "vi")).toBe("vi");
    expect(detectLocale("ko", ["fr-FR"], "vi")).toBe("ko");
    expect(detectLocale(undefined, ["fr-FR"], "bogus")).toBe("fr");
  });
  it("normalizes our own codes and BCP-47 tags", () => {
    expect(normalizeLocale("zh_tw")).toBe("zh_tw");
    expect(normalizeLocale("en-GB")).toBe("en_US");
    expect(normalizeLocale("fil-PH")).toBe("tl");
  });
});
