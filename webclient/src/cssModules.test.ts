// Component-scoped styles (docs/decisions/0007-css-modules.md): a page reads its classes as
// styles.name from the X.module.css it imports. A misspelt name is `undefined` at run time (no class,
// no style, no error), so this test reads every module and every use and fails on a name the module
// does not define. It also keeps global CSS to the tokens and resets of src/index.css.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const files = walk(SRC);

/** The names a module exports under Vite's localsConvention "camelCase": each class and its camel form. */
function moduleNames(cssFile: string): Set<string> {
  const css = readFileSync(cssFile, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/url\([^)]*\)/g, "")
    .replace(/\{[^{}]*\}/g, "{}");
  const names = new Set<string>();
  for (const m of css.matchAll(/(?<![\w-])\.(-?[_a-zA-Z][\w-]*)/g)) {
    const cls = m[1]!;
    names.add(cls);
    names.add(cls.replace(/[-_]+(\w)/g, (_, c: string) => c.toUpperCase()));
  }
  return names;
}

describe("CSS Modules", () => {
  it("every styles.name a component reads is a class of its module", () => {
    const missing: string[] = [];
    for (const f of files.filter((p) => /\.tsx?$/.test(p))) {
      const src = readFileSync(f, "utf8");
      for (const imp of src.matchAll(/^import (\w+) from "([^"]+\.module\.css)";/gm)) {
        const ident = imp[1]!;
        const spec = imp[2]!;
        const names = moduleNames(resolve(dirname(f), spec));
        const uses = [
          ...[...src.matchAll(new RegExp(`\\b${ident}\\.(\\w+)`, "g"))].map((m) => m[1]!),
          ...[...src.matchAll(new RegExp(`\\b${ident}\\[["']([^"']+)["']\\]`, "g"))].map((m) => m[1]!),
        ];
        for (const u of uses) if (!names.has(u)) missing.push(`${relative(SRC, f)}: ${ident}.${u} (${spec})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("no component names a module's class as plain text (it would match nothing: module classes are hashed)", () => {
    const globals = moduleNames(join(SRC, "index.css"));
    const owned = new Map<string, string>();
    for (const css of files.filter((p) => p.endsWith(".module.css"))) {
      // :global(.x) names a global class on purpose: not the module's.
      const raw = readFileSync(css, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/:global\([^)]*\)/g, "")
        .replace(/\{[^{}]*\}/g, "{}");
      for (const m of raw.matchAll(/(?<![\w-])\.(-?[_a-zA-Z][\w-]*)/g)) if (!globals.has(m[1]!)) owned.set(m[1]!, relative(SRC, css));
    }
    const plain: string[] = [];
    for (const f of files.filter((p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p))) {
      const src = readFileSync(f, "utf8");
      // The string parts of className="…", className={…} and *ClassName props.
      for (const m of src.matchAll(/[cC]lassName=(?:"([^"]*)"|\{([^}]*)\})/g)) {
        const text = m[1] ?? [...(m[2] ?? "").matchAll(/["'`]([^"'`]*)["'`]/g)].map((x) => x[1]).join(" ");
        for (const tok of text.split(/[\s${}]+/)) {
          if (owned.has(tok)) plain.push(`${relative(SRC, f)}: "${tok}" (${owned.get(tok)})`);
        }
      }
    }
    expect(plain).toEqual([]);
  });

  it("modules are imported by name (a bare import of a module applies nothing)", () => {
    const bare = files
      .filter((p) => /\.tsx?$/.test(p))
      .flatMap((f) => [...readFileSync(f, "utf8").matchAll(/^import "([^"]+\.module\.css)";/gm)].map((m) => `${relative(SRC, f)}: ${m[1]!}`));
    expect(bare).toEqual([]);
  });
  // A symbol ("☆", "◉", arrows, dingbats) is in none of the text fonts the site names (index.css):
  // the browser looks up a fallback font for it at every size and weight it is drawn in, in the
  // render that first shows it (the match rows' star: 14 lookups in the home page's first render,
  // docs/BENCHMARKS.md). Draw such marks as shapes (a mask or borders) in the text's colour.
  it("draws no symbol characters with content:", () => {
    const found: string[] = [];
    for (const f of files.filter((p) => p.endsWith(".css"))) {
      const css = readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
      for (const m of css.matchAll(/content:\s*("[^"]*"|'[^']*')/g)) {
        if ([...m[1]!].some((ch) => ch.codePointAt(0)! >= 0x2190 && ch.codePointAt(0)! <= 0x2bff)) found.push(`${relative(SRC, f)}: content: ${m[1]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
