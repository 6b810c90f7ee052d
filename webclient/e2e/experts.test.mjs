// Browser end-to-end test of experts and paid plans (issue 20) against a real node: a user applies
// for an expert account in the creator centre, an administrator approves over REST (the back
// office's staff call), the expert publishes a refund-if-not-winning plan on a demo match through
// the plan form and its match picker, staff approve the plan, a fan buys it with coins and reads
// the content at once, the simulator plays the match to its end (the back office's demo clock) and
// the settlement service settles the plan from that result: the fan sees it won, or lost and
// refunded with the coins back; the expert's record shows it. Screenshots:
// experts-home, experts-apply, experts-plan-form, experts-plan-bought, experts-my-plans-settled,
// experts-plan-settled, experts-creator-board, experts-expert-page.
//
// Needs Postgres (DATABASE_URL) and COURTSIDE_ENV=dev (the harness sets it: dev codes).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, nodeAndBrowser, playDemoMatch, screenshotFromTop as screenshot, until } from "./harness.mjs";
import { registerByMobile as signUpByMobile } from "./journeys.mjs";

const TIMEOUT = 30_000;

const env = nodeAndBrowser();
const { call, context } = env;

const registerByMobile = () => signUpByMobile(call, { prefix: "e", password: "expert2026x", mobilePrefix: "137" });
/** Polls every second, a failing call counting as "not yet" (the demo's simulator fills the data). */
const poll = (fn, ms, what) => until(fn, what, ms, { every: 1000, ignoreErrors: true });

describe("experts and paid plans", () => {
  it("applies, publishes, sells, and settles a plan from the match result", { timeout: 480_000 }, async () => {
    // The demo's experts appear once the simulator has played the past days.
    await poll(async () => {
      const experts = (await call("GET", "/expert/recommendExpert")).list.length;
      const plans = (await call("GET", "/expert/getHomeExpertPlans")).total;
      return experts >= 5 && plans > 0 ? true : null;
    }, 180_000, "demo experts and their plans on sale");
    const guest = await context(null);
    const home = await guest.newPage();
    await home.goto(`${env.node.baseURL}/expert`);
    await home.getByTestId("expert-card").first().waitFor({ timeout: TIMEOUT });
    await home.getByTestId("plan-card").first().waitFor({ timeout: TIMEOUT });
    await home.getByTestId("experts-ranking").getByRole("listitem").first().waitFor({ timeout: TIMEOUT });
    assert.ok(await home.getByTestId("nav-experts").isVisible(), "an Experts link in the header");
    await screenshot(home, "experts-home");
    await home.getByTestId("experts-specialists-link").click();
    await home.getByTestId("specialist-game").first().waitFor({ timeout: TIMEOUT });
    await home.getByTestId("experts-specialists").getByTestId("expert-card").first().waitFor({ timeout: TIMEOUT });
    await screenshot(home, "experts-specialists");
    await guest.close();

    const expert = await registerByMobile();
    const admin = await administrator(call);
    const ectx = await context(expert);
    const page = await ectx.newPage();

    // 1. Apply in the creator centre.
    await page.goto(`${env.node.baseURL}/creatorCenter`);
    await page.getByTestId("creator-apply").waitFor({ timeout: TIMEOUT });
    await page.getByTestId("apply-nickname").fill("Nadia Voss");
    await page.getByTestId("apply-realName").fill("Nadia Voss");
    await page.getByTestId("apply-idNumber").fill("DE19900101");
    await page.getByTestId("apply-intro").fill("Late goals and tired legs: I price fatigue.");
    await screenshot(page, "experts-apply");
    await page.getByTestId("apply-submit").click();
    await page.getByTestId("apply-status").waitFor({ timeout: TIMEOUT });

    // 2. Staff approve in the back office (audit-logged): the applications screen, waiting list.
    const actx = await context(admin);
    const apage = await actx.newPage();
    await apage.goto(`${env.node.baseURL}/admin/experts`);
    const application = apage.getByTestId("admin-expert-application").filter({ hasText: "Nadia Voss" });
    await application.waitFor({ timeout: TIMEOUT });
    await screenshot(apage, "experts-admin-applications");
    await application.getByTestId("admin-expert-approve").click();
    await poll(async () => ((await call("POST", "/user/expertApplyStart", { token: expert.token })).status === "approved" ? true : null),
      TIMEOUT, "the approval");

    // The approved expert's chat lines carry the verified badge; it opens on the expert's record.
    await page.goto(`${env.node.baseURL}/live/1002`);
    await page.getByTestId("chat-input").fill("Nadia here: watching the press");
    await page.getByTestId("chat-send").click();
    const line = page.getByTestId("chat-line").filter({ hasText: "watching the press" });
    await line.getByTestId("expert-badge").click({ timeout: TIMEOUT });
    await line.getByTestId("expert-badge-card").waitFor({ timeout: TIMEOUT });
    await screenshot(page, "experts-chat-badge");
    await page.getByTestId("plan-linker").click(); // an expert may link a plan on the room's match
    await page.getByTestId("plan-linker-menu").waitFor({ timeout: TIMEOUT });

    // 3. Publish a refund-if-not-winning plan through the form and the match picker.
    await page.goto(`${env.node.baseURL}/creatorCenter/progComponent`);
    await page.getByTestId("picker-match").first().click();
    await page.getByTestId("form-type-1x2").click();
    await page.getByTestId("form-pick-home").click();
    await page.getByTestId("form-title").fill("Home side press late");
    await page.getByTestId("form-content").fill("The visitors have conceded after the hour in most away games; the hosts rotate well.");
    await page.getByTestId("form-price").fill("30");
    await page.getByTestId("form-refund").check();
    await screenshot(page, "experts-plan-form");
    await page.getByTestId("form-submit").click();
    await page.waitForURL(/\/expert\/plan\/\d+/, { timeout: TIMEOUT });
    const planId = page.url().split("/").pop();
    const hash = (await page.getByTestId("plan-hash").textContent()).trim();
    assert.match(hash, /^[0-9a-f]{64}$/);
    const { plan } = await call("GET", "/expert_plan/getExpertPlanInfo", { token: expert.token, query: { id: planId } });
    assert.equal(plan.state, "review");
    await apage.goto(`${env.node.baseURL}/admin/experts/plans`);
    const queued = apage.getByTestId("admin-expert-plan").filter({ hasText: "Home side press late" });
    await queued.waitFor({ timeout: TIMEOUT });
    await screenshot(apage, "experts-admin-plans");
    await queued.getByTestId("admin-plan-approve").click();
    await poll(async () => {
      const r = await call("GET", "/expert_plan/getExpertPlanInfo", { token: expert.token, query: { id: planId } });
      return r.plan.state === "published" ? true : null;
    }, TIMEOUT, "the plan's publication");
    await actx.close();

    // 4. A fan finds it on the match page's Experts tab, buys it with coins and reads the content at once.
    const fan = await registerByMobile();
    const before = await call("GET", "/expert_plan/checkGold", { token: fan.token, query: { id: planId } });
    assert.equal(before.enough, true);
    const fctx = await context(fan);
    const fpage = await fctx.newPage();
    const game = (await call("GET", "/expert_plan/getExpertPlanInfo", { token: fan.token, query: { id: planId } })).plan.gameId;
    const slug = (await call("GET", "/game/v3/getPCGameSource")).games.find((g) => g.id === game)?.abbr ?? String(game);
    await fpage.goto(`${env.node.baseURL}/${slug}/${encodeURIComponent(plan.matchId)}?tab=experts`);
    await fpage.getByTestId("match-experts").getByTestId("plan-card").first().waitFor({ timeout: TIMEOUT });
    await screenshot(fpage, "experts-match-tab");
    await fpage.getByTestId("match-experts").getByTestId("plan-card").filter({ hasText: "Home side press late" }).click();
    await fpage.waitForURL(/\/expert\/plan\/\d+/, { timeout: TIMEOUT });
    await fpage.getByTestId("plan-buy").click();
    await fpage.getByTestId("charge-ok").click(); // the price confirmation (issue 17)
    await fpage.getByTestId("plan-content").waitFor({ timeout: TIMEOUT });
    assert.match(await fpage.getByTestId("plan-content").textContent(), /conceded after the hour/);
    assert.equal((await fpage.getByTestId("plan-hash").textContent()).trim(), hash, "the buyer sees the same sealed record");
    await screenshot(fpage, "experts-plan-bought");
    const after = await call("GET", "/expert_plan/checkGold", { token: fan.token, query: { id: planId } });
    assert.equal(after.gold, before.gold - 30);

    // 5. The simulator plays the match to its end now (the back office's demo clock: whatever the
    // hour of the demo schedule) and the settlement service settles the plan from the result: won
    // on a home win; lost (and refunded, because of the flag) on a draw or an away win; void and
    // refunded if the demo postponed or cancelled it.
    const settled = await playDemoMatch(call, admin.token, plan.matchId, async () => {
      const r = await call("GET", "/expert_plan/getExpertPlanInfo", { token: fan.token, query: { id: planId } });
      return r.plan.outcome ? r : null;
    });
    const outcome = settled.plan.outcome;
    const refundDue = outcome !== "won";
    if (outcome === "won" || outcome === "lost") {
      const [h, a] = settled.plan.result.split("-").map(Number);
      assert.equal(outcome, h > a ? "won" : "lost", `a home pick on ${settled.plan.result}`);
    } else {
      assert.equal(outcome, "void", `outcome ${outcome}`);
    }
    const refunded = await call("GET", "/expert_plan/checkGold", { token: fan.token, query: { id: planId } });
    assert.equal(refunded.gold, refundDue ? before.gold : before.gold - 30, refundDue ? "refund-if-not-winning gave the coins back" : "a won plan keeps its price");
    console.log(`experts e2e: the simulator finished ${plan.matchId} ${settled.plan.result ?? ""}: plan ${outcome}`);

    await fpage.goto(`${env.node.baseURL}/expert/myPlans`);
    if (refundDue) await fpage.getByTestId("bought-refunded").waitFor({ timeout: TIMEOUT });
    await fpage.getByTestId("plan-outcome").first().waitFor({ timeout: TIMEOUT });
    assert.equal(await fpage.getByTestId("plan-outcome").first().getAttribute("data-outcome"), outcome);
    await screenshot(fpage, "experts-my-plans-settled");
    await fpage.goto(`${env.node.baseURL}/expert/plan/${planId}`);
    await fpage.getByTestId("plan-outcome").waitFor({ timeout: TIMEOUT });
    await screenshot(fpage, "experts-plan-settled");

    // 6. The expert's board and public record show it.
    await page.goto(`${env.node.baseURL}/creatorCenter/dataShow`);
    await page.getByTestId("creator-board").waitFor({ timeout: TIMEOUT });
    await screenshot(page, "experts-creator-board");
    await page.goto(`${env.node.baseURL}/expert/${expert.user.uid.startsWith("u") ? expert.user.uid : `u${expert.user.uid}`}`);
    await page.getByTestId("expert-name").waitFor({ timeout: TIMEOUT });
    assert.equal((await page.getByTestId("expert-name").textContent()).trim(), "Nadia Voss");
    await page.getByTestId("plan-outcome").first().waitFor({ timeout: TIMEOUT });
    await screenshot(page, "experts-expert-page");
    await ectx.close();
    await fctx.close();
  });
});
