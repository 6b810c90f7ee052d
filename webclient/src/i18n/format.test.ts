import { describe, expect, it } from "vitest";
import { formatCompactMoney, formatDate, formatNumber, localeTag, regionName } from "./format";

describe("site-wide formatting", () => {
  it("maps interface languages to BCP-47 tags", () => {
    expect(localeTag("jp")).toBe("ja");
    expect(localeTag("thai")).toBe("th");
    expect(localeTag("xx")).toBe("en-US");
  });
  it("writes transfer fees and prize money as compact sums, never '$5750.0k'", () => {
    expect(formatCompactMoney(5_750_000, "USD", "en-US")).toBe("$5.75M");
    expect(formatCompactMoney(120_000, "USD", "en-US")).toBe("$120K");
    expect(formatCompactMoney(0, "USD", "en-US")).toBe("–");
    expect(formatCompactMoney(5_750_000, "USD", "de")).toMatch(/5,75\s?Mio\.\s?\$/);
  });
  it("formats dates and numbers per language", () => {
    expect(formatDate("2026-11-20", "en-US")).toBe("Nov 20, 2026");
    expect(formatDate("0001-01-01T00:00:00Z", "en-US")).toBe("–");
    expect(formatDate(undefined, "en-US")).toBe("–");
    expect(formatNumber(10000, "en-US")).toBe("10,000");
  });
  it("names countries in the reader's language, but keeps sporting nations the code cannot say", () => {
    expect(regionName("Spain", "ES", "de")).toBe("Spanien");
    expect(regionName("Spain", "ES", "ja")).toBe("スペイン");
    expect(regionName("England", "GB", "de")).toBe("England");
    expect(regionName("Spain", undefined, "de")).toBe("Spain");
    expect(regionName("", "ES", "de")).toBe("");
  });
});
