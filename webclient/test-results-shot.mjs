// throwaway screenshot helper (not committed)
import { chromium } from "playwright-core";
const [,, base, lang, ...pairs] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await ctx.addCookies([{ name: "lang", value: lang, url: base }]);
const page = await ctx.newPage();
page.on("pageerror", (e) => console.log("pageerror", e.message));
for (let i = 0; i < pairs.length; i += 2) {
  const res = await page.goto(base + pairs[i]);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/work/wt/shots/schedule-${pairs[i + 1]}.png`, fullPage: false });
  console.log(pairs[i], res.status(), await page.title());
}
await browser.close();
