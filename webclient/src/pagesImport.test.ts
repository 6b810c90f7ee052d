// Pages never import pages (docs/decisions/0009-lint-and-import-rules.md). A page folder under
// src/pages/ is one route's screens; what two areas need lives in src/components/ (presentational
// parts) or src/features/<area>/ (one domain's hooks and parts, e.g. the match list a live page shows).
// Without this rule every new page reaches into whichever page had the piece first, and moving or
// rewriting that page breaks the others. Below src/pages/, and from features or components, an import
// into another page folder fails here. Only the router composes pages; tests may drive two areas.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname);
const EXTENSIONS = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"];
/** Files allowed to import any page: the route table and the app's entry. */
const COMPOSERS = new Set(["router.tsx", "main.tsx"]);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const ext of EXTENSIONS) {
    try {
      if (statSync(base + ext).isFile()) return base + ext;
    } catch {
      // not this extension
    }
  }
  return undefined;
}

/** The page folder a file belongs to ("Matches" for pages/Matches/x.tsx), or undefined outside src/pages. */
export function pageOf(file: string): string | undefined {
  const parts = relative(SRC, file).split(/[\\/]/);
  if (parts[0] !== "pages" || parts.length < 2) return undefined;
  return parts[1]!.replace(/\.[^.]+$/, "");
}

/** The imports of one file (its path and text) that cross into a page folder it does not belong to. */
export function crossingsOf(file: string, source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["'](\.\.?\/[^"']+)["']/g)) {
    const target = resolveImport(file, m[1]!);
    const page = target && pageOf(target);
    if (page && page !== pageOf(file)) out.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
  }
  return out;
}

describe("pages never import pages", () => {
  it("no file outside a page folder (but the router) imports into it", () => {
    const sources = walk(SRC).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !COMPOSERS.has(relative(SRC, f)));
    expect(sources.flatMap((f) => crossingsOf(f, readFileSync(f, "utf8")))).toEqual([]);
  });

  it("tells a crossing from an import inside the page or from a feature", () => {
    const livePage = join(SRC, "pages/Live/Probe.tsx");
    expect(crossingsOf(livePage, 'import Protocol from "../Protocol/Protocol";')).toEqual(["pages/Live/Probe.tsx -> pages/Protocol/Protocol.tsx"]);
    expect(crossingsOf(livePage, 'const P = lazy(() => import("../Protocol/Protocol"));')).toHaveLength(1);
    expect(crossingsOf(livePage, 'import { LivePage } from "./LivePage";')).toEqual([]);
    expect(crossingsOf(livePage, 'import { useLiveCards } from "../../features/live/hooks";')).toEqual([]);
    const feature = join(SRC, "features/live/Probe.tsx");
    expect(crossingsOf(feature, 'import "../../pages/Protocol/Protocol";')).toEqual(["features/live/Probe.tsx -> pages/Protocol/Protocol.tsx"]);
    expect(pageOf(join(SRC, "pages/Matches/MatchDetail.tsx"))).toBe("Matches");
    expect(pageOf(join(SRC, "features/matches/hooks.ts"))).toBeUndefined();
  });
});
