// England, Scotland, Wales and Northern Ireland are countries to a sports fan but not to Intl (their
// code is GB): their names come from the locale files, in every language; other countries from Intl.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { act } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../i18n";
import { homeNation } from "../i18n/format";
import { testRoot } from "../test/root";
import { Region } from "./Region";

describe("region names", () => {
  const view = testRoot();
  beforeAll(async () => {
    await initI18n("ar");
  });

  it("finds a home nation by its English name beside GB, or by its ISO 3166-2 code", () => {
    expect(homeNation("England", "GB")).toBe("GB-ENG");
    expect(homeNation("Scotland", undefined)).toBe("GB-SCT");
    expect(homeNation("Wales", "GB-WLS")).toBe("GB-WLS");
    expect(homeNation("United Kingdom", "GB")).toBeUndefined();
    expect(homeNation("England", "ES")).toBeUndefined();
  });

  it("names England and Spain in Arabic, and England in German", async () => {
    await view.render(
      <>
        <Region name="England" code="GB" />|<Region name="Spain" code="ES" />
      </>,
    );
    expect(view.text()).toBe("إنجلترا|إسبانيا");
    await act(async () => {
      await initI18n("de");
    });
    await view.render(<Region name="Scotland" code="GB" />);
    expect(view.text()).toBe("Schottland");
  });

  it("has the four home nations in all 22 languages", () => {
    const dir = join(__dirname, "../i18n/locales");
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(files).toHaveLength(22);
    for (const f of files) {
      const region = (JSON.parse(readFileSync(join(dir, f), "utf8")) as { region?: Record<string, string> }).region ?? {};
      expect(Object.keys(region).sort(), f).toEqual(["GB-ENG", "GB-NIR", "GB-SCT", "GB-WLS"]);
      expect(Object.values(region).every((n) => n.trim().length > 1), f).toBe(true);
    }
  });
});
