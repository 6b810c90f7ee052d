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

// A parameter listed under params takes only those values (as api/routes.go matches it); any
// other takes one segment; `:name?` may be absent.
const values: Record<string, string[]> = table.params;
const patterns = table.routes
  .filter((r) => !("missing" in r))
  .map((r) => {
    const re = r.path.replace(/\/:([a-zA-Z]+)(\?)?/g, (_, name: string, optional?: string) => {
      const seg = `/(${values[name] ? values[name].join("|") : "[^/]+"})`;
      return optional ? `(${seg})?` : seg;
    });
    return new RegExp(`^${re.replace(/\/\*$/, "(/.*)?")}$`);
  });

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
    expect(isRoute("/match")).toBe(true);
    expect(isRoute("/match/esports")).toBe(true);
    expect(isRoute("/match/lol")).toBe(true);
    expect(isRoute("/match/nonsense")).toBe(false);
  });

  it("opens a page of the route table from every link", async () => {
    await view.render(
      <StateProvider>
        {/* On the match list the header also shows the game groups' bar (/match/<group>). */}
        <MemoryRouter initialEntries={["/match"]}>
          <Header />
          <Footer />
        </MemoryRouter>
      </StateProvider>,
    );
    const hrefs = view.all("a[href^='/']").map((a) => a.getAttribute("href")!);
    expect(hrefs.length).toBeGreaterThan(20);
    expect(hrefs).toContain("/match/esports");
    expect(hrefs.filter((h) => !isRoute(h))).toEqual([]);
  });
});
