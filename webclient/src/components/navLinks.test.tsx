// Every link of the header and the footer opens a page of the route table (public/routes.json),
// never the not-found page: the header's Videos once pointed at a bare /videos the spec does not
// have. (The signed-in user menu is a lazy chunk; its links are covered by the user-area tests.)
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import table from "../../public/routes.json";
import { initI18n } from "../i18n";
import { StateProvider } from "../state/hooks";
import { testRoot } from "../test/root";
import { Footer } from "./Footer";
import { Header } from "./Header";

const games = table.params.game.join("|");
const patterns = table.routes
  .filter((r) => !("missing" in r))
  .map((r) => new RegExp(`^${r.path.replace(/:game\b/g, `(${games})`).replace(/:[a-zA-Z]+/g, "[^/]+")}$`));

/** Whether an in-site href opens a built page of the route table. */
export function isRoute(href: string): boolean {
  const path = href.replace(/[?#].*$/, "");
  return patterns.some((p) => p.test(path));
}

describe("header and footer links", () => {
  const view = testRoot();
  beforeAll(async () => {
    await initI18n("en_US");
  });

  it("tells a page of the table from a made-up one", () => {
    expect(isRoute("/videos/videoList")).toBe(true);
    expect(isRoute("/videos/soccer/videoList?kind=clip")).toBe(true);
    expect(isRoute("/videos")).toBe(false);
    expect(isRoute("/nowhere/at/all")).toBe(false);
  });

  it("opens a page of the route table from every link", async () => {
    await view.render(
      <StateProvider>
        <MemoryRouter>
          <Header />
          <Footer />
        </MemoryRouter>
      </StateProvider>,
    );
    const hrefs = view.all("a[href^='/']").map((a) => a.getAttribute("href")!);
    expect(hrefs.length).toBeGreaterThan(20);
    expect(hrefs.filter((h) => !isRoute(h))).toEqual([]);
  });
});
