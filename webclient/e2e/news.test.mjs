// News and comments (issue 22) in a browser: a staff member (second factor passed) writes an article
// in the back office's editor, previews it and publishes it; a fan opens it from the game's news list
// and comments; another user reports the comment; staff remove it from the reported comments, and
// readers see it removed. Also: a user's post waits for review until staff approve it; the demo articles, an Arabic article
// right to left, the home page's and the match detail's previews. Screenshots go to
// test-results/screenshots/news-*.png.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import { administrator, clickFooterLink, nodeAndBrowser, screenshot, SCREENSHOT_DIR } from "./harness.mjs";
import { rand, registerByEmail } from "./journeys.mjs";

/** A screenshot of the viewport only (the home page's lists are long). */
async function viewport(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

const TIMEOUT = 30_000;

const env = nodeAndBrowser();
const { call } = env;

const register = (prefix) => registerByEmail(call, { prefix, password: "news2026pass" });
const context = (session, lang = "en_US") => env.context(session, { lang });

/** Waits for the pictures on screen: lazy ones below the fold do not load until scrolled to. */
async function imagesLoaded(page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("img")]
        .filter((i) => {
          const r = i.getBoundingClientRect();
          return i.loading !== "lazy" || (r.bottom > 0 && r.top < window.innerHeight);
        })
        .every((i) => i.complete),
    null,
    { timeout: TIMEOUT },
  );
}

/** Waits until the demo articles are written (the node writes them once its demo matches exist). */
async function demoArticles() {
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    const page = await call("GET", "/news/list", { query: { type: "preview", pageSize: 5 } });
    if (page.total > 0) return page.list;
    if (Date.now() > deadline) throw new Error("no demo previews");
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe("news and comments", () => {
  it("staff publish an article, a fan comments, another user reports it, staff remove it", async () => {
    const [editor, fan, other] = await Promise.all([administrator(call), register("fan"), register("rep")]);
    const title = `Harbour derby talking points ${rand()}`;

    // The editor: write, preview, publish.
    const ectx = await context(editor);
    const ep = await ectx.newPage();
    await ep.goto(`${env.node.baseURL}/admin/news`);
    await ep.getByTestId("news-admin").waitFor({ timeout: TIMEOUT });
    await ep.getByTestId("news-new").click();
    await ep.getByTestId("editor-title").fill(title);
    await ep.getByTestId("editor-summary").fill("Five things we learned from a tense, scrappy derby.");
    await ep.getByTestId("block-p").fill("The home side pressed high from the first whistle and forced three turnovers in the opening ten minutes.");
    await ep.getByTestId("editor-preview").click();
    await ep.getByTestId("editor-preview-pane").getByText(title).waitFor({ timeout: TIMEOUT });
    await imagesLoaded(ep);
    await screenshot(ep, "news-admin-editor");
    await ep.getByTestId("editor-publish").click();
    await ep.locator('[data-testid="editor-state"]', { hasText: "Published" }).waitFor({ timeout: TIMEOUT });

    // The fan finds it in the site search (the header's box) at once: publishing indexed it.
    const fctx = await context(fan);
    const fp = await fctx.newPage();
    await fp.goto(`${env.node.baseURL}/`);
    await fp.getByTestId("header-search").fill(title.split(" ").slice(0, 3).join(" "));
    await fp.getByTestId("header-search").press("Enter");
    await fp.getByTestId("search-group-news").locator('[data-testid="search-hit"]', { hasText: title }).waitFor({ timeout: TIMEOUT });
    await screenshot(fp, "news-found-by-search");

    // And in the soccer channel (the footer's News link, then the channel), where the fan comments.
    await fp.goto(`${env.node.baseURL}/`);
    // Click once the home page's list is drawn: a CI run clicked the footer while the page was
    // still filling in above it, and the click did not reach the link.
    await fp.locator('[data-testid="match-row"], [data-testid="no-data"]').first().waitFor({ timeout: TIMEOUT });
    await clickFooterLink(fp, "footer-news", /\/news$/, TIMEOUT);
    await fp.getByTestId("news-list-page").waitFor({ timeout: TIMEOUT });
    await fp.getByTestId("news-channel-soccer").click();
    await fp.locator('[data-testid="news-card"]', { hasText: title }).first().click();
    await fp.getByTestId("article-title").filter({ hasText: title }).waitFor({ timeout: TIMEOUT });
    assert.match(fp.url(), /\/news\/soccer\/\d+$/);
    const text = "That press was relentless, best half of the season.";
    await fp.getByTestId("comment-input").fill(text);
    await fp.getByTestId("comment-send").click();
    const mine = fp.locator('[data-testid="comment"]', { hasText: text });
    await mine.waitFor({ timeout: TIMEOUT });
    await imagesLoaded(fp);
    await screenshot(fp, "news-article");
    const articleURL = fp.url();

    // Another user reports it.
    const octx = await context(other);
    const op = await octx.newPage();
    await op.goto(articleURL);
    const reported = op.locator('[data-testid="comment"]', { hasText: text });
    await reported.getByTestId("comment-report").click();
    await screenshot(op, "news-report-menu");
    await op.getByTestId("report-attack").click();
    await op.getByText("Thank you, staff will review this comment").waitFor({ timeout: TIMEOUT });

    // Staff remove it from the reported comments.
    await ep.goto(`${env.node.baseURL}/admin/comments`);
    const row = ep.locator('[data-testid="reported-comment"]', { hasText: text });
    await row.waitFor({ timeout: TIMEOUT });
    await screenshot(ep, "news-admin-reports");
    await row.getByTestId("report-remove").click();
    await row.waitFor({ state: "detached", timeout: TIMEOUT });

    // Readers see it removed; the audit log has the deletion.
    await fp.reload();
    await fp.getByTestId("comment-removed").first().waitFor({ timeout: TIMEOUT });
    assert.equal(await fp.getByText(text).count(), 0);
    const audit = await call("GET", "/admin/audit", { token: editor.token, query: { targetKind: "comment" } });
    assert.ok((audit.list ?? audit).some((e) => e.action === "comment.delete"), "the deletion is in the audit log");

    // The fan's own lists: comments (still theirs, removed ones left out) and a post waiting for review.
    await fp.goto(`${env.node.baseURL}/userInfo/userNews`);
    const postTitle = `Why the derby press will decide the title ${rand()}`;
    await fp.getByTestId("post-title").fill(postTitle);
    await fp.getByTestId("post-body").fill("Pressing teams have won four of the last five titles.\n\nThis season looks no different.");
    await fp.getByTestId("post-submit").click();
    const myPost = fp.locator('[data-testid="my-post"]', { hasText: postTitle });
    await myPost.getByTestId("my-post-state").filter({ hasText: "Under review" }).waitFor({ timeout: TIMEOUT });
    await screenshot(fp, "news-user-posts");

    // Staff approve it in the review screen; the fan sees it published.
    await ep.goto(`${env.node.baseURL}/admin/news/review`);
    const pending = ep.locator('[data-testid="pending-post"]', { hasText: postTitle });
    await pending.waitFor({ timeout: TIMEOUT });
    await screenshot(ep, "news-admin-review");
    await pending.getByTestId("post-approve").click();
    await pending.waitFor({ state: "detached", timeout: TIMEOUT });
    await fp.reload();
    await myPost.getByTestId("my-post-state").filter({ hasText: "Published" }).waitFor({ timeout: TIMEOUT });
    // Another user sees it on the fan's public profile.
    const uid = fan.user.uid.startsWith("u") ? fan.user.uid : `u${fan.user.uid}`;
    await op.goto(`${env.node.baseURL}/userInfo/${uid}`);
    await op.getByTestId("profile-posts").getByText(postTitle).waitFor({ timeout: TIMEOUT });
    await screenshot(op, "news-profile-posts");
    for (const c of [ectx, fctx, octx]) await c.close();
  });

  it("shows the demo news, an Arabic article right to left, and match previews", async () => {
    const previews = await demoArticles();
    const ctx = await context(null);
    const page = await ctx.newPage();
    await page.goto(`${env.node.baseURL}/news`);
    await page.locator('[data-testid="news-card"]').nth(5).waitFor({ timeout: TIMEOUT });
    await imagesLoaded(page);
    await screenshot(page, "news-list");

    // The home page's match-preview tab shows the latest previews; the match detail's preview tab its own.
    await page.goto(`${env.node.baseURL}/?tab=preview`);
    await page.getByTestId("home-previews").waitFor({ timeout: TIMEOUT });
    await imagesLoaded(page);
    await viewport(page, "news-home-previews");
    const preview = previews[0];
    const detail = await call("GET", `/news/detail/${preview.id}`);
    await page.goto(`${env.node.baseURL}/${preview.game}/${encodeURIComponent(detail.matchIds[0])}?tab=preview`);
    await page.getByTestId("match-preview-article").waitFor({ timeout: TIMEOUT });
    await imagesLoaded(page);
    await viewport(page, "news-match-preview");

    // An Arabic reader: the page and the Arabic article read right to left.
    const ar = await context(null, "ar");
    const ap = await ar.newPage();
    const arabic = (await call("GET", "/news/list", { query: { pageSize: 100 } })).list.find((a) => a.lang === "ar");
    assert.ok(arabic, "a demo article in Arabic");
    await ap.goto(`${env.node.baseURL}${arabic.link}`);
    await ap.getByTestId("article-title").waitFor({ timeout: TIMEOUT });
    assert.equal(await ap.evaluate(() => document.documentElement.dir), "rtl");
    assert.equal(await ap.getByTestId("news-article-text").getAttribute("dir"), "rtl");
    await imagesLoaded(ap);
    await screenshot(ap, "news-article-ar");
    // The server answers the page routes: an article readers see is a page, another id is not.
    assert.equal((await fetch(`${env.node.baseURL}${arabic.link}`)).status, 200);
    assert.equal((await fetch(`${env.node.baseURL}/news/${arabic.id}`)).status, 200);
    assert.equal((await fetch(`${env.node.baseURL}/news/99999999`)).status, 404);
    assert.equal((await fetch(`${env.node.baseURL}/news/basketball/99999999`)).status, 404);
    // No team plays itself in a demo preview.
    for (const p of previews) assert.notEqual(p.teamIds[0], p.teamIds[1]);
    await ctx.close();
    await ar.close();
  });
});
