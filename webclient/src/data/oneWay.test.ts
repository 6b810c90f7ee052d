// One way to load data (docs/decisions/0006-one-data-layer.md): pages and components read the
// server through useResource / usePaged, never through a hand-written effect or their own loader
// hook. This test finds effects that call src/api/* and home-grown loader hooks. The migration is
// finished (every page is on src/data); the only exceptions are named in NOT_A_LOAD with a reason,
// and an exception whose file no longer needs it fails the test until it goes.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "..");

/**
 * Effects that call src/api/* but load nothing for display (a heartbeat, a view report, a
 * subscription): the file and why. Keep it short; a read for display goes through src/data.
 */
const NOT_A_LOAD: Record<string, string> = {
  "features/live/watch.ts":
    "a store outside React: one ref-counted poll of GET /getAnchorMatchLive into streamedMatchesAtom, shared by every match row on screen (a resource per row would poll once per row)",
  "pages/Jiami/Jiami.tsx": "the live check is a probe: it seals a challenge and POSTs it (and a tampered copy), showing each step as it ends",
  "pages/SelfTest/SelfTest.tsx": "the connection checks time the API, the clock and a socket step by step; the room it plays loads through useResource",
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** The text from the bracket at `open` to its match (a "(" or "{"), brackets inside included. */
function balanced(src: string, open: number): string {
  const o = src[open]!;
  const c = o === "(" ? ")" : "}";
  let depth = 0;
  let i = open;
  for (; i < src.length; i++) {
    if (src[i] === o) depth++;
    else if (src[i] === c && --depth === 0) break;
  }
  return src.slice(open, i + 1);
}

/** The text of `useEffect(...)`'s arguments, for every effect in src. */
function effects(src: string): string[] {
  return [...src.matchAll(/\buseEffect\(/g)].map((m) => balanced(src, m.index + m[0].length - 1));
}

/**
 * The local functions of a file and their bodies: `const f = useCallback(...)`, `const f = (...) => ...`
 * and `function f(...) {...}`. An effect that only names one (`useEffect(load, [load])`) or calls it
 * (`useEffect(() => { void load(); }, [load])`) loads what that function loads.
 */
function localFunctions(src: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of src.matchAll(/\bconst\s+(\w+)\s*=\s*useCallback\(/g)) {
    out.set(m[1]!, balanced(src, m.index + m[0].length - 1));
  }
  for (const m of src.matchAll(/\bconst\s+(\w+)\s*=\s*(?:async\s*)?(?:\([^()]*\)|\w+)\s*(?::\s*[^=]+?)?=>\s*([({]?)/g)) {
    const at = m.index + m[0].length - 1;
    // An arrow with a block or a parenthesised body: the bracket; a bare expression: up to the line's end.
    out.set(m[1]!, m[2] ? balanced(src, at) : src.slice(at + 1, src.indexOf("\n", at + 1)));
  }
  for (const m of src.matchAll(/\bfunction\s+(\w+)\s*(?:<[^>]*>)?\s*\(/g)) {
    const params = balanced(src, m.index + m[0].length - 1);
    const brace = src.indexOf("{", m.index + m[0].length - 1 + params.length);
    if (brace >= 0) out.set(m[1]!, balanced(src, brace));
  }
  return out;
}

/**
 * True when an effect of src calls one of `apis`, directly or through local functions it names
 * (followed to any depth: load() may call fetchAll() which calls the API).
 */
export function effectCallsApi(src: string, apis: string[]): boolean {
  if (!apis.length) return false;
  const callsApi = new RegExp(`\\b(${apis.join("|")})\\s*[.(]`);
  const fns = localFunctions(src);
  // The local functions that reach the API, grown until nothing new joins.
  const reaching = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, body] of fns) {
      if (reaching.has(name)) continue;
      const viaLocal = [...reaching].some((r) => new RegExp(`\\b${r}\\b`).test(body));
      if (callsApi.test(body) || viaLocal) {
        reaching.add(name);
        grew = true;
      }
    }
  }
  const viaLocal = reaching.size ? new RegExp(`\\b(${[...reaching].join("|")})\\b`) : null;
  return effects(src).some((e) => {
    if (callsApi.test(e)) return true;
    if (!viaLocal) return false;
    // The effect's body only (its dependency list names the function without calling it).
    const args = e.slice(1, -1);
    const deps = args.lastIndexOf("[");
    const body = deps > 0 && /^\[[^\]]*\]\s*$/.test(args.slice(deps)) ? args.slice(0, deps) : args;
    return viaLocal.test(body);
  });
}

/** Identifiers imported from the area call modules (src/api/*, not the client itself). */
function apiImports(src: string): string[] {
  const names: string[] = [];
  for (const m of src.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*"[./]*\/?api\/(?!client")[^"]+";/gm)) {
    for (const item of m[1]!.split(",")) {
      const t = item.trim();
      if (!t || t.startsWith("type ")) continue;
      names.push(t.split(/\s+as\s+/).pop()!.trim());
    }
  }
  return names;
}

export function offenders(): string[] {
  const found: string[] = [];
  for (const f of walk(SRC)) {
    const rel = relative(SRC, f);
    if (!/\.tsx?$/.test(f) || /\.test\.tsx?$/.test(f) || rel.startsWith("data/") || rel.startsWith("test/")) continue;
    if (!/^(pages|components|features)\//.test(rel)) continue;
    const src = readFileSync(f, "utf8");
    const why: string[] = [];
    if (/export function use\w*(Load|Fetch|Paged)\w*\s*[<(]/.test(src)) why.push("defines its own loader hook");
    if (/^import\s*\{[^}]*\b(useFetch|usePagedMatches|useLoad|usePagedList|usePaged)\b[^}]*\}\s*from\s*"(?![./]*data")[^"]+";/m.test(src)) why.push("uses an old loader hook");
    if (effectCallsApi(src, apiImports(src))) why.push("calls src/api in an effect");
    if (why.length) found.push(`${rel} (${why.join(", ")})`);
  }
  return found.sort();
}

describe("one way to load data", () => {
  it("no page loads data in a hand-written effect or its own loader hook", () => {
    const fileOf = (o: string) => o.split(" (")[0] ?? o;
    const unexpected = offenders().filter((o) => !(fileOf(o) in NOT_A_LOAD));
    expect(unexpected).toEqual([]);
  });
  it("names only files that still call the API in an effect as not a load", () => {
    const names = offenders().map((o) => o.split(" (")[0] ?? o);
    expect(Object.keys(NOT_A_LOAD).filter((f) => !names.includes(f))).toEqual([]);
  });
});

describe("the rule's reading of effects", () => {
  const apis = ["getThing", "anchorApi"];
  it("sees a call inside the effect", () => {
    expect(effectCallsApi(`useEffect(() => { getThing().then(setX); }, []);`, apis)).toBe(true);
    expect(effectCallsApi(`useEffect(() => { anchorApi.info().then(setX); }, []);`, apis)).toBe(true);
  });
  it("sees a useCallback load the effect names or calls", () => {
    const load = `const load = useCallback(() => {\n  getThing(id).then(setX, setErr);\n}, [id]);\n`;
    expect(effectCallsApi(`${load}useEffect(load, [load]);`, apis)).toBe(true);
    expect(effectCallsApi(`${load}useEffect(() => {\n  void load();\n}, [load]);`, apis)).toBe(true);
  });
  it("follows local functions to any depth, arrows and declarations", () => {
    const src = `async function fetchAll() { return anchorApi.list(); }
const load = async () => { setRows(await fetchAll()); };
useEffect(() => { void load(); }, [load]);`;
    expect(effectCallsApi(src, apis)).toBe(true);
    expect(effectCallsApi(`const load = () => getThing().then(setX);\nuseEffect(() => load(), []);`, apis)).toBe(true);
  });
  it("leaves effects that reach no API, and API calls outside effects (a submit)", () => {
    const submit = `const submit = useCallback(() => { getThing(); }, []);\n`;
    expect(effectCallsApi(`${submit}useEffect(() => { document.title = "x"; }, [submit]);`, apis)).toBe(false);
    expect(effectCallsApi(`${submit}<button onClick={submit} />`, apis)).toBe(false);
    expect(effectCallsApi(`useEffect(() => { getThing(); }, []);`, [])).toBe(false);
  });
});
