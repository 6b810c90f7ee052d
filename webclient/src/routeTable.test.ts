// The route table (public/routes.json) is the one list of the site's pages: the Go server
// answers 200 for its paths and 404 for anything else (api/routes.go). This test keeps the
// React router and the table from drifting: every page the router builds is in the table,
// and every built page of the table is a route of the router.
import { describe, expect, it } from "vitest";
import type { RouteObject } from "react-router";
import table from "../public/routes.json";
import { routes } from "./router";
import { GAME_SLUGS } from "./seo/games";

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
});
