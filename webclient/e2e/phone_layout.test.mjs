// At phone width (412 px) no page is wider than the screen, in English and in Arabic (right to
// left): a table scrolls inside its own box, a long name is cut or wraps, a side column goes under
// the main one. The test starts from the site's sections and follows the first links of each kind
// it finds (a competition, a team, a player, a match, an article, a video, an expert, a shop item, a
// room), so a new page of a known kind is covered without being listed here.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { nodeAndBrowser, screenshot } from "./harness.mjs";

const SECTIONS = ["/", "/live", "/schedule", "/leagueLibrary", "/squadLibrary", "/playerLibrary", "/news", "/videos/videoList", "/expert", "/mall", "/anchor/anchorList", "/search/harbor", "/about", "/protocol/1"];
/** Pages of one kind share a shape: the first path segment and the depth. */
const kindOf = (path) => {
  const segs = path.replace(/[?#].*$/, "").split("/");
  return `${segs[1]}/${segs.length}`;
};
const MAX_PAGES = 40;

const env = nodeAndBrowser();

/** What of the page sticks out of the viewport sideways (outside any box that scrolls or clips). */
function overflowOf() {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || (r.right <= width + 1 && r.left >= -1)) continue;
    let clipped = false;
    for (let p = el.parentElement; p && !clipped; p = p.parentElement) clipped = getComputedStyle(p).overflowX !== "visible";
    if (!clipped) out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]} (${Math.round(r.left)}..${Math.round(r.right)})`);
  }
  return { scrollWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 5) };
}

async function walk(lang) {
  const ctx = await env.browser.newContext({ viewport: { width: 412, height: 823 } });
  await ctx.addCookies([{ name: "lang", value: lang, url: env.node.baseURL }]);
  const page = await ctx.newPage();
  const queue = [...SECTIONS];
  const seen = new Set();
  const kinds = new Set(SECTIONS.map(kindOf));
  const wide = [];
  let visited = 0;
  while (queue.length && visited < MAX_PAGES) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    visited++;
    await page.goto(`${env.node.baseURL}${path}`, { waitUntil: "networkidle", timeout: 20_000 }).catch(() => {});
    await page.waitForTimeout(800); // lazy parts and fonts settle
    const r = await page.evaluate(overflowOf);
    if (r.scrollWidth > r.width) {
      wide.push(`${path}: ${r.scrollWidth}px > ${r.width}px: ${r.out.join(", ")}`);
      await screenshot(page, `phone-wide-${lang}-${path.replace(/[^a-z0-9]+/gi, "_")}`);
    }
    for (const href of await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      if (!href || href.startsWith("/admin") || seen.has(href) || kinds.has(kindOf(href))) continue;
      kinds.add(kindOf(href));
      queue.push(href);
    }
  }
  await ctx.close();
  return { visited, wide };
}

// The two languages walk at once, each in its own context: most of a page's time is waiting for
// the network to go quiet, not the machine.
describe("phone layout", { concurrency: 2 }, () => {
  for (const lang of ["en_US", "ar"]) {
    it(`no page is wider than a phone (${lang})`, async () => {
      const { visited, wide } = await walk(lang);
      assert.ok(visited >= 20, `only ${visited} pages reached`);
      assert.deepEqual(wide, []);
    });
  }
});
