// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { alignPoints, axisWidth, uniqueLabels, buildOptions, DEFAULT_THEME, drawable, indexSplits, plotData, tableRows, withAlpha, yRange, type OptionsInput } from "./shape";
import type uPlot from "uplot";

const input = (over: Partial<OptionsInput> = {}): OptionsInput => ({
  data: { x: [0, 1, 2], series: [{ name: "Home", color: "#e8591a", values: [1, 2, 3] }] },
  xKind: "number",
  width: 600,
  height: 200,
  formatX: (v) => `x${v}`,
  formatY: (v) => `y${v}`,
  yFromZero: false,
  theme: DEFAULT_THEME,
  ...over,
});
const fakeU = {} as uPlot;

describe("alignPoints", () => {
  it("puts series with their own x values on one sorted axis, null where a series has no point", () => {
    const { x, values } = alignPoints([
      { points: [[30, 2.1], [10, 2.0]] },
      { points: [[20, 3.5], [30, 3.4]] },
    ]);
    expect(x).toEqual([10, 20, 30]);
    expect(values).toEqual([
      [2.0, null, 2.1],
      [null, 3.5, 3.4],
    ]);
  });
});

describe("drawable", () => {
  it("needs two x values and one value", () => {
    expect(drawable({ x: [1], series: [{ name: "a", color: "#000000", values: [1] }] })).toBe(false);
    expect(drawable({ x: [1, 2], series: [{ name: "a", color: "#000000", values: [null, null] }] })).toBe(false);
    expect(drawable({ x: [1, 2], series: [{ name: "a", color: "#000000", values: [0, null] }] })).toBe(true);
  });
});

describe("yRange", () => {
  const data = (values: (number | null)[]) => ({ x: values.map((_, i) => i), series: [{ name: "a", color: "#000000", values }] });
  it("pads the values 8% (odds) or starts at zero (counts)", () => {
    const [lo, hi] = yRange(data([2, 3]), false);
    expect(lo).toBeCloseTo(1.92);
    expect(hi).toBeCloseTo(3.08);
    expect(yRange(data([0, 10]), true)).toEqual([0, 10.8]);
  });
  it("gives a flat series room around its value", () => {
    expect(yRange(data([5, 5]), false)).toEqual([4, 6]);
    expect(yRange(data([0, 0]), true)).toEqual([0, 1]);
  });
});

describe("axis labels and the screen-reader table", () => {
  it("labels about eight slots of an index axis, always the last", () => {
    expect(indexSplits(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const thirty = indexSplits(30);
    expect(thirty.length).toBeLessThanOrEqual(8);
    expect(thirty[thirty.length - 1]).toBe(29);
  });
  it("reads every row of a short chart and at most 40, first and last included, of a long one", () => {
    expect(tableRows(5)).toEqual([0, 1, 2, 3, 4]);
    const rows = tableRows(500);
    expect(rows.length).toBeLessThanOrEqual(40);
    expect(rows[0]).toBe(0);
    expect(rows[rows.length - 1]).toBe(499);
  });
  it("makes the y axis as wide as its longest label", () => {
    expect(axisWidth(["1", "2"])).toBe(32);
    expect(axisWidth(["¥1,000.00"])).toBeGreaterThan(axisWidth(["10"]));
  });
  it("does not print the same y label twice", () => {
    expect(uniqueLabels(["¥0.00", "¥0.01", "¥0.01"])).toEqual(["¥0.00", "¥0.01", ""]);
  });
  it("turns a hex colour into a translucent fill", () => {
    expect(withAlpha("#e8591a", 0.16)).toBe("rgba(232, 89, 26, 0.16)");
    expect(withAlpha("var(--brand)", 0.16)).toBe("var(--brand)");
  });
});

describe("plotData", () => {
  it("gives uPlot seconds for time and slots for an index axis", () => {
    const data = { x: [60_000, 120_000], series: [{ name: "a", color: "#000000", values: [1, 2] }] };
    expect(plotData(data, "time")).toEqual([[60, 120], [1, 2]]);
    expect(plotData({ ...data, x: [20261101, 20261102] }, "index")[0]).toEqual([0, 1]);
  });
});

describe("buildOptions", () => {
  it("formats the axes with the reader's formatters, x of a time axis back in ms", () => {
    const o = buildOptions(input({ xKind: "time" }));
    const [xAxis, yAxis] = o.axes!;
    expect((xAxis!.values as (u: uPlot, s: number[]) => string[])(fakeU, [60, 120])).toEqual(["x60000", "x120000"]);
    expect((yAxis!.values as (u: uPlot, s: number[]) => string[])(fakeU, [1.5])).toEqual(["y1.5"]);
    expect(o.scales!.x!.time).toBe(true);
    expect(o.legend!.show).toBe(false);
  });

  it("labels an index axis only at whole slots and pads half a slot at both ends for bars", () => {
    const o = buildOptions(input({ xKind: "index", data: { x: [0, 1, 2], series: [{ name: "Coins", color: "#e8591a", bars: true, values: [0, 5, 2] }] } }));
    const xAxis = o.axes![0]!;
    expect((xAxis.values as (u: uPlot, s: number[]) => string[])(fakeU, [0, 0.5, 1])).toEqual(["x0", "", "x1"]);
    expect((o.scales!.x!.range as unknown as () => number[])()).toEqual([-0.5, 2.5]);
    // bars always stand on zero
    expect((o.scales!.y!.range as unknown as () => number[])()[0]).toBe(0);
  });

  it("draws bars with uPlot's bar paths at the series' width, lines with points when few", () => {
    const bars = vi.fn(() => (() => null) as unknown as uPlot.Series.PathBuilder);
    const o = buildOptions(
      input({
        bars,
        data: {
          x: [0, 1],
          series: [
            { name: "Coins", color: "#e8591a", bars: true, values: [1, 2] },
            { name: "Diamonds", color: "#2f6fed", bars: true, barWidth: 0.3, values: [1, 0] },
            { name: "Line", color: "#1f9d55", area: true, values: [1, 1] },
          ],
        },
      }),
    );
    expect(bars.mock.calls.map((c) => (c as unknown as [{ size: number[] }])[0].size[0])).toEqual([0.7, 0.3]);
    const line = o.series[3]!;
    expect(line.width).toBe(2);
    expect(line.fill).toBe("rgba(31, 157, 85, 0.16)");
    expect(line.paths).toBeUndefined();
  });

  it("runs the line of an index axis from the first slot to the last, without the bars' half slots", () => {
    const o = buildOptions(input({ xKind: "index" }));
    expect((o.scales!.x!.range as unknown as () => number[])()).toEqual([0, 2]);
  });

  it("keeps a fixed range (a rate from 0 to 1)", () => {
    const o = buildOptions(input({ yMin: 0, yMax: 1 }));
    expect((o.scales!.y!.range as unknown as () => number[])()).toEqual([0, 1]);
  });

  it("reports the point under the cursor, null when it leaves", () => {
    const onCursor = vi.fn();
    const o = buildOptions(input({ onCursor }));
    const hook = o.hooks!.setCursor![0]!;
    hook({ cursor: { idx: 2, left: 100, top: 40 } } as unknown as uPlot);
    hook({ cursor: { idx: null, left: -10, top: -10 } } as unknown as uPlot);
    expect(onCursor.mock.calls).toEqual([
      [2, 100, 40],
      [null, -10, -10],
    ]);
  });
});
