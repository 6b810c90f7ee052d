// A Vite plugin that makes one module per interface language: virtual:locale-bundles/<code>
// imports the language's shell file (src/i18n/locales/<code>.json) and every feature's
// (src/i18n/locales/<feature>/<code>.json, under the key <feature>) and exports them as one
// resource tree. virtual:locale-bundles exports a loader per language that imports it lazily,
// so each language is one chunk, fetched only when it is used, and the first chunk carries a
// table of 22 loaders instead of one per file (a glob of every file made that table 770 lines).
// A new feature folder is picked up on the next build (restart `npm run dev`).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

export const LOCALE_BUNDLES = "virtual:locale-bundles";
const RESOLVED = `\0${LOCALE_BUNDLES}`;

/** The module text of virtual:locale-bundles for the locale files in dir. */
export function loadersModule(dir: string): string {
  const codes = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
  const lines = codes.map((c) => `  ${JSON.stringify(c)}: () => import(${JSON.stringify(`${LOCALE_BUNDLES}/${c}`)}).then((m) => m.default),`);
  return `export default {\n${lines.join("\n")}\n};\n`;
}

/** The module text of virtual:locale-bundles/<code>: the language's files as one tree. */
export function bundleModule(dir: string, code: string): string {
  const features = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, `${code}.json`)))
    .map((d) => d.name)
    .sort();
  const imports = [`import shell from ${JSON.stringify(join(dir, `${code}.json`))};`];
  const fields = ["...shell"];
  features.forEach((f, i) => {
    imports.push(`import f${i} from ${JSON.stringify(join(dir, f, `${code}.json`))};`);
    fields.push(`${JSON.stringify(f)}: f${i}`);
  });
  return `${imports.join("\n")}\nexport default { ${fields.join(", ")} };\n`;
}

/** The plugin; dir is the folder of the locale files (src/i18n/locales). */
export function localeBundles(dir: string): Plugin {
  return {
    name: "courtside-locale-bundles",
    resolveId(id) {
      if (id === LOCALE_BUNDLES || id.startsWith(`${LOCALE_BUNDLES}/`)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === RESOLVED) return loadersModule(dir);
      if (id.startsWith(`${RESOLVED}/`)) {
        const code = id.slice(RESOLVED.length + 1);
        if (!/^[A-Za-z_]+$/.test(code) || !existsSync(join(dir, `${code}.json`))) this.error(`no locale file for ${code}`);
        return bundleModule(dir, code);
      }
      return null;
    },
  };
}
