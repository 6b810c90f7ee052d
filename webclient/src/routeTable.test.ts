// The route table (public/routes.json) is the one list of the site's pages: the Go server
// answers 200 for its paths and 404 for anything else (api/routes.go). This test keeps the
// React router and the table from drifting: every page the router builds is in the table,
// and every built page of the table is a route of the router.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RouteObject } from "react-router";
import table from "../public/routes.json";
import { routes } from "./router";
import { GAME_SLUGS } from "./seo/games";
import { GAME_GROUPS } from "./components/headerNav";
import { GAME_SLUG_BY_ID } from "./components/Article/games";

function routerPaths(routes: RouteObject[], parent: string): string[] {
  const out: string[] = [];
  for (const r of routes) {
    if (r.path === "*") continue;
    const here = !r.path ? parent : r.path.startsWith("/") ? r.path : `${parent.replace(/\/$/, "")}/${r.path}`;
    if (r.index || (r.path && !r.children?.some((c) => c.index))) out.push(here);
    if (r.children) out.push(...routerPaths(r.children, here));
  }
  return out;
}

describe("route table", () => {
  const built = table.routes.filter((r) => !("missing" in r)).map((r) => r.path);
  const fromRouter = [...new Set(routerPaths(routes, "/"))];

  it("lists every page the React router builds", () => {
    expect(fromRouter.filter((p) => !built.includes(p))).toEqual([]);
  });

  it("lists no built page the React router lacks", () => {
    expect(built.filter((p) => !fromRouter.includes(p))).toEqual([]);
  });

  it("gives each path and page name once", () => {
    const paths = table.routes.map((r) => r.path);
    const pages = table.routes.map((r) => r.page);
    expect(paths.length).toBe(new Set(paths).size);
    expect(pages.length).toBe(new Set(pages).size);
  });

  it("knows the same game slugs as the match pages", () => {
    expect([...table.params.game].sort()).toEqual([...GAME_SLUGS].sort());
  });

  // The pages link each match and each game by its catalogue abbr (gameSlug): a game the table
  // lacks answers 404 from the server (game27, game28, sports-other and esports-other once did).
  it("takes every game of the catalogue (actors/match/feed/games.go) as :game", () => {
    const src = readFileSync(join(__dirname, "..", "..", "actors", "match", "feed", "games.go"), "utf8");
    const abbrs = [...src.matchAll(/\bg\(\d+, "[^"]*", "([^"]+)"/g)].map((m) => m[1]);
    expect(abbrs.length).toBeGreaterThan(30);
    expect([...table.params.game].sort()).toEqual([...abbrs].sort());
    // An article's match card links /<slug>/<id> by the game's id (components/Article/games.ts).
    expect(Object.values(GAME_SLUG_BY_ID).sort()).toEqual([...abbrs].sort());
  });

  // The header links /match/<group> (GAME_GROUPS) and the match pages link /match/<game>: the
  // server answers 404 for a value the table does not list (the groups once did).
  it("takes every game and every header group, once, as the match list's :list", () => {
    const route = table.routes.find((r) => r.page === "matchList");
    expect(route?.path).toBe("/match/:list?");
    expect(table.params.list.length).toBe(new Set(table.params.list).size);
    expect([...table.params.list].sort()).toEqual([...new Set([...GAME_SLUGS, ...GAME_GROUPS])].sort());
  });
});
