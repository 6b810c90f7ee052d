// Colour contrast (issue 19, WCAG 2.1 AA): text needs 4.5:1 against what it sits on, large text
// (24 px, or 18.66 px bold) 3:1. This test reads the tokens of src/index.css and computes the ratio of
// every pair the site uses for text, so a token change that makes text unreadable fails here and not
// in a Lighthouse run weeks later.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** The custom properties of :root in index.css whose value is a #rrggbb colour. */
function tokens(css: string): Record<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  const out: Record<string, string> = {};
  for (const m of root.matchAll(/--([\w-]+)\s*:\s*(#[0-9a-fA-F]{6})\s*;/g)) out[m[1]!] = m[2]!.toLowerCase();
  return out;
}

/** Relative luminance (WCAG 2.1, sRGB). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const AA_TEXT = 4.5;

const css = readFileSync(resolve(__dirname, "index.css"), "utf8");
const t = tokens(css);
const WHITE = "#ffffff";

/** [text, background, why]: the pairs the site draws body text with. */
const PAIRS: [string, string, string][] = [
  ["text", "bg", "body text on the page"],
  ["text", "surface", "body text on cards"],
  ["muted", "bg", "secondary text (dates, counts, hints) on the page"],
  ["muted", "surface", "secondary text on cards"],
  ["brand-dark", "bg", "links on the page"],
  ["brand-dark", "surface", "links on cards"],
  ["ok", "surface", "success messages"],
  ["bad", "bg", "error messages on the page"],
  ["bad", "surface", "error messages on cards"],
  ["header-text", "header-bg", "the header's text"],
  ["live", "bg", "live states on the page"],
  ["live", "surface", "live states on cards"],
];

/** White labels on a filled token (buttons, badges, toasts). */
const ON_FILL: [string, string][] = [
  ["brand", "primary buttons, active tabs, badges (decision 0018)"],
  ["brand-dark", "pressed and hovered buttons"],
  ["bad", "error toasts and danger buttons"],
  ["ok", "success badges"],
  ["live", "live badges and watch-live links"],
];

describe("colour contrast of the tokens in index.css", () => {
  it("reads the tokens", () => {
    for (const name of ["bg", "surface", "text", "muted", "brand", "brand-dark", "ok", "bad", "header-bg", "header-text"]) expect(t[name], name).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("computes WCAG ratios (known values)", () => {
    expect(contrast("#000000", WHITE)).toBeCloseTo(21, 5);
    expect(contrast("#777777", WHITE)).toBeCloseTo(4.48, 2);
    // The old --muted on the old page background: what Lighthouse flagged.
    expect(contrast("#6b7687", "#f3f5f8")).toBeLessThan(AA_TEXT);
  });

  it.each(PAIRS)("--%s on --%s (%s) is at least 4.5:1", (fg, bg) => {
    expect(contrast(t[fg]!, t[bg]!)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(ON_FILL)("white on --%s (%s) is at least 4.5:1", (fill) => {
    expect(contrast(WHITE, t[fill]!)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
