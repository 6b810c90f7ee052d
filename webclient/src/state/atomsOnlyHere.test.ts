// @vitest-environment node
// style.md React 1: atoms are defined in src/state/ only; everything else imports them.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe("jotai atoms", () => {
  it("are created only under src/state/", () => {
    const offenders = sources(SRC)
      .filter((f) => !relative(SRC, f).startsWith("state/"))
      .filter((f) => {
        const text = readFileSync(f, "utf8");
        return /import\s*\{[^}]*\batom\b[^}]*\}\s*from\s*["']jotai(\/utils)?["']/.test(text) || /\batomFamily\s*\(/.test(text);
      })
      .map((f) => relative(SRC, f));
    expect(offenders).toEqual([]);
  });
});
