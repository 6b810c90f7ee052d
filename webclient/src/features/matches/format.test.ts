// @vitest-environment node
import { describe, expect, it } from "vitest";
import { clockSeconds, dayFrom, formatClock, formatCount, formatDateTime, formatRelative, formatTime, isoDay, offsetOf, relativeParts, weekStrip } from "./format";

describe("formatCount (spec §9: k with one decimal from 1000)", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1.0k"],
    [1234, "1.2k"],
    [1999, "1.9k"],
    [25_560, "25.5k"],
    [-1500, "-1.5k"],
  ])("%d -> %s", (n, want) => expect(formatCount(n)).toBe(want));
});

describe("relative time (minutes, hours, days, weeks, months of 30 days)", () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const MIN = 60_000;
  it.each([
    [-30 * 1000, 0, "minute"],
    [-5 * MIN, -5, "minute"],
    [-59 * MIN, -59, "minute"],
    [-60 * MIN, -1, "hour"],
    [3 * 60 * MIN, 3, "hour"],
    [-25 * 60 * MIN, -1, "day"],
    [-6 * 24 * 60 * MIN, -6, "day"],
    [-7 * 24 * 60 * MIN, -1, "week"],
    [-29 * 24 * 60 * MIN, -4, "week"],
    [-30 * 24 * 60 * MIN, -1, "month"],
    [-95 * 24 * 60 * MIN, -3, "month"],
  ])("%d ms -> %d %s", (diff, value, unit) => expect(relativeParts(now + diff, now)).toEqual({ value, unit }));

  it("is localized", () => {
    expect(formatRelative(now - 3 * 60 * MIN, now, "en-US")).toBe("3 hours ago");
    expect(formatRelative(now + 2 * 24 * 60 * MIN, now, "de")).toBe("übermorgen");
  });
});

describe("date tabs and the week strip", () => {
  const today = new Date(2026, 2, 27); // the Friday before a DST change in many zones
  it("steps calendar days, not 24-hour blocks", () => {
    expect(isoDay(dayFrom(today, -1))).toBe("2026-03-26");
    expect(isoDay(dayFrom(today, 1))).toBe("2026-03-28");
    expect(isoDay(dayFrom(today, 3))).toBe("2026-03-30");
    expect(isoDay(dayFrom(today, 5))).toBe("2026-04-01");
  });

  it("lists seven days from the first offset with their weekdays", () => {
    const week = weekStrip(today, -6);
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual({ date: "2026-03-21", weekday: 6, offset: -6 });
    expect(week[6]).toEqual({ date: "2026-03-27", weekday: 5, offset: 0 });
  });

  it("turns a date back into its offset", () => {
    expect(offsetOf(today, "2026-03-27")).toBe(0);
    expect(offsetOf(today, "2026-04-02")).toBe(6);
    expect(offsetOf(today, "2026-03-21")).toBe(-6);
  });
});

describe("match clock", () => {
  it("advances a running clock and stops a countdown at zero", () => {
    expect(clockSeconds({ s: 600, r: true, at: 0 }, 30_500)).toBe(630);
    expect(clockSeconds({ s: 600, r: false, at: 0 }, 30_500)).toBe(600);
    expect(clockSeconds({ s: 20, r: true, d: true, at: 0 }, 30_000)).toBe(0);
    expect(clockSeconds({ s: 720, r: true, d: true, at: 0 }, 12_000)).toBe(708);
  });
  it("formats mm:ss and the football minute", () => {
    expect(formatClock(708)).toBe("11:48");
    expect(formatClock(0, true)).toBe("1'");
    expect(formatClock(44 * 60 + 59, true)).toBe("45'");
  });
});

describe("Intl formatters (issue 19: made once per language, not per row and render)", () => {
  it("formats a list's times with one formatter per language and kind", () => {
    const intl = Intl as { DateTimeFormat: typeof Intl.DateTimeFormat; RelativeTimeFormat: typeof Intl.RelativeTimeFormat };
    const [RealDate, RealRel] = [intl.DateTimeFormat, intl.RelativeTimeFormat];
    const made = { date: 0, rel: 0 };
    intl.DateTimeFormat = class extends RealDate {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made.date++;
      }
    } as typeof Intl.DateTimeFormat;
    intl.RelativeTimeFormat = class extends RealRel {
      constructor(...args: ConstructorParameters<typeof Intl.RelativeTimeFormat>) {
        super(...args);
        made.rel++;
      }
    } as typeof Intl.RelativeTimeFormat;
    try {
      const at = Date.UTC(2026, 10, 22, 15, 5);
      const out = Array.from({ length: 50 }, () => [formatDateTime(at, "fr-CA"), formatTime(at, "fr-CA"), formatRelative(at, at - 3_600_000, "fr-CA")]);
      expect(made).toEqual({ date: 2, rel: 1 });
      expect(out[49]).toEqual(out[0]);
      expect(out[0]![2]).toBe("dans 1 heure");
    } finally {
      intl.DateTimeFormat = RealDate;
      intl.RelativeTimeFormat = RealRel;
    }
  });
});
