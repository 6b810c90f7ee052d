// Browser end-to-end tests of the three routes issue 19 built (decision 0016) against a real node
// with the demo data:
// * /caijian: a guest gets the login modal; a signed-in user reaches it from the profile's
//   "change avatar", is told plainly about a file that is no picture and one over the server's
//   limit, chooses a picture, then drops another, drags and zooms it, saves it, and the header's
//   avatar changes at once to what the crop showed.
// * /jiami: reached from the footer and from the sign-in form; its live check seals a challenge
//   with this session's key, the server opens it, and a changed seal is refused.
// * /{game}/data: reached from the game page and from the library; lists the game's competitions,
//   teams and players; a name that is no game answers 404.
// Screenshots: caijian, jiami, jiami-ar (right to left), game-data.
//
// Needs Postgres (DATABASE_URL) and COURTSIDE_ENV=dev (the verification-code sink).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { clickFooterLink, nodeAndBrowser, png, screenshot } from "./harness.mjs";
import { registerByEmail } from "./journeys.mjs";

const TIMEOUT = 20_000;

const env = nodeAndBrowser();
const { call } = env;

/** A new user signed up with a verified e-mail (the code comes from the dev sink). */
const register = (prefix) => registerByEmail(call, { prefix, password: "odd2026pass" });

/** A browser context in lang, signed in as session when one is given. */
const context = ({ session, lang = "en_US" } = {}) => env.context(session ?? null, { lang });

/** Waits until every step of the check ended, and returns each step's state. */
async function jiamiSteps(p) {
  await p.waitForFunction(() => {
    const el = document.querySelector('[data-testid="jiami-check"]');
    return el && el.getAttribute("data-state") !== "running";
  }, null, { timeout: TIMEOUT });
  const out = {};
  for (const id of ["connection", "crypto", "key", "open", "tamper"]) {
    const step = p.getByTestId(`jiami-step-${id}`);
    out[id] = `${await step.getAttribute("data-state")}: ${(await step.innerText()).replace(/\s+/g, " ")}`;
  }
  return out;
}

describe("the routes of issue 19", () => {
  it("/caijian: a guest is asked to sign in", async () => {
    const ctx = await context();
    const p = await ctx.newPage();
    await p.goto(`${env.node.baseURL}/caijian`);
    await p.getByTestId("caijian-login-required").waitFor({ timeout: TIMEOUT });
    await p.getByTestId("login-modal").waitFor({ timeout: TIMEOUT });
    await ctx.close();
  });

  it("/caijian: crops a dropped picture and saves it as the avatar, refusing what cannot be one", async () => {
    const session = await register("crop");
    const rules = await call("GET", "/user/avatarRules");
    const ctx = await context({ session });
    const p = await ctx.newPage();
    await p.goto(`${env.node.baseURL}/userInfo`);
    await p.getByTestId("profile-change-avatar").waitFor({ timeout: TIMEOUT });
    await screenshot(p, "caijian-profile-link");
    await p.getByTestId("profile-change-avatar").click();
    await p.waitForURL(/\/caijian$/, { timeout: TIMEOUT });
    const before = await p.locator('[data-testid="header-avatar"]').evaluate((el) => el.getAttribute("src") ?? "");

    // Not a picture, then a picture over the server's limit: each said plainly, nothing sent.
    await p.getByTestId("caijian-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
    const error = p.getByTestId("caijian-error");
    await error.waitFor({ timeout: TIMEOUT });
    assert.equal(await error.getAttribute("data-problem"), "notImage");
    const heavy = Buffer.concat([png(8, 8), Buffer.alloc(rules.maxBytes)]);
    await p.getByTestId("caijian-file").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: heavy });
    await p.waitForFunction(() => document.querySelector('[data-testid="caijian-error"]')?.getAttribute("data-problem") === "tooLarge", null, { timeout: TIMEOUT });
    assert.match(await error.innerText(), new RegExp(`${rules.maxBytes / (1024 * 1024)} MB`));

    // A picture chosen with the file input (the harness's PNG) is shown for cropping.
    await p.getByTestId("caijian-file").setInputFiles({ name: "grey.png", mimeType: "image/png", buffer: png(600, 300) });
    const stage = p.getByTestId("caijian-stage");
    await stage.waitFor({ timeout: TIMEOUT });
    assert.equal(await p.getByTestId("caijian-error").count(), 0, "a good picture clears the error");
    await p.getByText("Choose another picture").click();

    // A landscape picture dropped on the drop zone, red on its left half and blue on its right:
    // dragged to the right as far as it goes, the crop is the left square (all red), and zoomed.
    const dt = await p.evaluateHandle(async () => {
      const c = document.createElement("canvas");
      c.width = 600;
      c.height = 300;
      const g = c.getContext("2d");
      g.fillStyle = "#dd0000";
      g.fillRect(0, 0, 300, 300);
      g.fillStyle = "#0000dd";
      g.fillRect(300, 0, 300, 300);
      const blob = await new Promise((r) => c.toBlob(r, "image/png"));
      const d = new DataTransfer();
      d.items.add(new File([blob], "halves.png", { type: "image/png" }));
      return d;
    });
    await p.getByTestId("caijian-drop").dispatchEvent("drop", { dataTransfer: dt });
    await stage.waitFor({ timeout: TIMEOUT });
    const centre = (id) =>
      p.getByTestId(id).evaluate((c) => Array.from(c.getContext("2d").getImageData(c.width / 2, c.height / 2, 1, 1).data.slice(0, 3)));
    const box = await stage.boundingBox();
    await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.mouse.down();
    await p.mouse.move(box.x + box.width / 2 + 250, box.y + box.height / 2 + 10, { steps: 5 });
    await p.mouse.up();
    await p.getByTestId("caijian-zoom").fill("1.6");
    for (const id of ["caijian-round", "caijian-square", "caijian-stage"]) {
      const [r, , b] = await centre(id);
      assert.ok(r > 180 && b < 60, `${id} shows the left (red) part: ${r},${b}`);
    }
    await screenshot(p, "caijian");

    await p.getByTestId("caijian-save").click();
    await p.getByTestId("caijian-done").waitFor({ timeout: TIMEOUT });
    await p.waitForFunction((old) => {
      const src = document.querySelector('[data-testid="header-avatar"]')?.getAttribute("src");
      return src && src !== old;
    }, before, { timeout: TIMEOUT });
    // The header draws it 30 px wide, from the 96 px square the server makes of it (Avatar.tsx avatarSrc).
    const src = await p.locator('img[data-testid="header-avatar"]').getAttribute("src");
    assert.match(src, /^\/java\/user\/avatar\/u\d+-[0-9a-f]+\.png\?s=96$/);
    const stored = src.replace(/\?s=96$/, "");
    const info = await call("GET", "/user/info", { token: session.token });
    assert.equal(info.avatar, stored, "the server keeps the avatar the header shows");
    const served = await fetch(new URL(stored, env.node.baseURL));
    assert.equal(served.status, 200);
    // What the server stored is the crop: red, the left of the picture.
    const [r, , b] = await p.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      const c = document.createElement("canvas");
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      return Array.from(g.getImageData(c.width - 2, c.height / 2, 1, 1).data.slice(0, 3));
    }, stored);
    assert.ok(r > 180 && b < 60, `the stored avatar is the cropped part, even at its right edge: ${r},${b}`);
    await ctx.close();
  });

  it("/jiami: the footer's link, and the live check opens this session's seal and refuses a changed one", async () => {
    const ctx = await context();
    const p = await ctx.newPage();
    await p.goto(env.node.baseURL);
    await clickFooterLink(p, "footer-jiami", /\/jiami$/, TIMEOUT);
    const steps = await jiamiSteps(p);
    for (const [id, s] of Object.entries(steps)) assert.match(s, /^ok:/, `${id}: ${s}`);
    assert.equal(await p.getByTestId("jiami-check").getAttribute("data-state"), "ok");
    await p.evaluate(() => window.scrollTo(0, 0));
    await screenshot(p, "jiami");
    await ctx.close();
  });

  it("/jiami: from the sign-in form, and in Arabic for a signed-in session", async () => {
    const ctx = await context();
    const p = await ctx.newPage();
    await p.goto(env.node.baseURL);
    await p.getByTestId("login-button").click({ timeout: TIMEOUT });
    await p.getByTestId("login-jiami").waitFor({ timeout: TIMEOUT });
    await screenshot(p, "jiami-login-link");
    await p.getByTestId("login-jiami").click();
    await p.waitForURL(/\/jiami$/, { timeout: TIMEOUT });
    assert.equal(await p.getByTestId("login-modal").count(), 0, "the link closes the modal");
    await ctx.close();

    const session = await register("seal");
    const ar = await context({ session, lang: "ar" });
    const q = await ar.newPage();
    await q.goto(`${env.node.baseURL}/jiami`);
    const steps = await jiamiSteps(q);
    for (const [id, s] of Object.entries(steps)) assert.match(s, /^ok:/, `${id}: ${s}`);
    assert.equal(await q.evaluate(() => document.documentElement.dir), "rtl");
    await screenshot(q, "jiami-ar");
    await ar.close();
  });

  it("/{game}/data: from the game page and the library; a name that is no game is not found", async () => {
    for (const [path, want] of [["/soccer/data", 200], ["/notagame/data", 404]]) {
      const res = await fetch(new URL(path, env.node.baseURL));
      assert.equal(res.status, want, path);
    }
    const ctx = await context();
    const p = await ctx.newPage();
    await p.goto(`${env.node.baseURL}/soccer`);
    await p.getByTestId("game-data-link").click({ timeout: TIMEOUT });
    await p.waitForURL(/\/soccer\/data$/, { timeout: TIMEOUT });
    await p.getByTestId("game-data").waitFor({ timeout: TIMEOUT });
    for (const id of ["game-data-league", "game-data-team", "game-data-player"]) {
      await p.getByTestId(id).first().waitFor({ timeout: TIMEOUT });
    }
    await screenshot(p, "game-data");
    await p.getByTestId("game-data-team").first().click();
    await p.waitForURL(/\/squadLibrary\/[^/]+$/, { timeout: TIMEOUT });

    const soccer = (await call("GET", "/game/v3/getPCGameSource")).games.find((g) => g.abbr === "soccer");
    await p.goto(`${env.node.baseURL}/leagueLibrary?game=${soccer.id}`);
    await p.getByTestId("library-game-data").click({ timeout: TIMEOUT });
    await p.waitForURL(/\/soccer\/data$/, { timeout: TIMEOUT });
    await p.getByTestId("game-data").waitFor({ timeout: TIMEOUT });

    await p.goto(`${env.node.baseURL}/notagame/data`);
    await p.getByText("404").first().waitFor({ timeout: TIMEOUT });
    assert.equal(await p.getByTestId("game-data").count(), 0);
    await ctx.close();
  });
});
