// The chart component in jsdom: uPlot's part (./plot) is replaced by a fake, and the canvas is
// stubbed so the component believes it can draw. What is tested is what the component adds around
// the canvas: its accessible name, legend, axis titles, the table for screen readers, the tooltip,
// resizing with its container and cleaning up.
import { act } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18next from "i18next";
import { initI18n } from "../../i18n";
import type { OptionsInput } from "./shape";
import { testRoot } from "../../test/root";

const made: { el: HTMLElement; input: Omit<OptionsInput, "bars">; setSize: ReturnType<typeof vi.fn>; destroy: ReturnType<typeof vi.fn> }[] = [];
vi.mock("./plot", () => ({
  createPlot: (el: HTMLElement, input: Omit<OptionsInput, "bars">) => {
    const p = { el, input, setSize: vi.fn(), destroy: vi.fn() };
    made.push(p);
    return p;
  },
}));

let resized: (() => void) | null = null;
class FakeResizeObserver {
  constructor(cb: () => void) {
    resized = cb;
  }
  observe() {}
  disconnect() {
    resized = null;
  }
}

const { Chart } = await import("./Chart");

const { root, host } = testRoot();
const q = (sel: string) => host().querySelector(sel);

beforeAll(async () => {
  await initI18n("en_US");
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({} as unknown as CanvasRenderingContext2D);
});

beforeEach(() => {
  made.length = 0;
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en_US");
});

const odds = {
  label: "Home win odds",
  xKind: "time" as const,
  x: [Date.UTC(2026, 10, 29, 12, 0), Date.UTC(2026, 10, 29, 12, 30)],
  xLabel: "Time",
  yLabel: "Decimal odds",
  series: [
    { name: "Northgate", color: "#e8591a", values: [2.1, 2.5] },
    { name: "Meridian", color: "#2f6fed", values: [null, 2.4] },
  ],
};

async function render(node: React.ReactNode) {
  await act(async () => root().render(node));
  // the dynamic import of ./plot resolves
  await act(async () => {
    await vi.waitFor(() => expect(made.length).toBeGreaterThan(0));
  });
}

describe("Chart", () => {
  it("names the plot, labels the axes, lists the series and gives screen readers the values", async () => {
    await render(<Chart {...odds} testId="odds" formatY={(v) => v.toFixed(2)} />);
    expect(q('[data-testid="chart-plot"]')!.getAttribute("role")).toBe("img");
    expect(q('[data-testid="chart-plot"]')!.getAttribute("aria-label")).toBe("Home win odds");
    expect(q('[data-testid="chart-x-label"]')!.textContent).toBe("Time");
    expect(q('[data-testid="chart-y-label"]')!.textContent).toBe("Decimal odds");
    expect([...host().querySelectorAll("[data-series]")].map((e) => e.getAttribute("data-series"))).toEqual(["Northgate", "Meridian"]);
    expect(q('[data-testid="odds"]')!.getAttribute("data-points")).toBe("2");
    const table = q('[data-testid="chart-table"]')!;
    expect(table.querySelector("caption")!.textContent).toBe("Home win odds");
    const cells = [...table.querySelectorAll("tbody tr")].map((r) => [...r.children].map((c) => c.textContent));
    expect(cells).toHaveLength(2);
    expect(cells[0]!.slice(1)).toEqual(["2.10", "–"]);
    expect(cells[1]!.slice(1)).toEqual(["2.50", "2.40"]);
  });

  it("keeps the plot left to right on a right-to-left page", async () => {
    await render(
      <div dir="rtl">
        <Chart {...odds} />
      </div>,
    );
    expect(q('[data-testid="chart-plot"]')!.getAttribute("dir")).toBe("ltr");
  });

  it("formats values for the reader's language", async () => {
    await act(async () => {
      await i18next.changeLanguage("de");
    });
    await render(<Chart label="Momentum" x={[0, 1]} series={[{ name: "A", color: "#e8591a", values: [1.5, 1234.25] }]} />);
    const cells = [...host().querySelectorAll('[data-testid="chart-table"] tbody td')].map((c) => c.textContent);
    expect(cells).toEqual(["1,5", "1.234,25"]);
    // the axes use the same formatter
    expect(made[0]!.input.formatY(1.5)).toBe("1,5");
  });

  it("draws axis labels without bidi marks, which a left-to-right canvas would put out of order", async () => {
    await render(<Chart {...odds} formatX={() => "18\u200f/11"} formatY={() => "\u061c1,5"} />);
    expect(made[0]!.input.formatX(0)).toBe("18/11");
    expect(made[0]!.input.formatY(0)).toBe("1,5");
  });

  it("draws at its container's width and follows it when it resizes, and cleans up", async () => {
    await render(<Chart {...odds} height={180} />);
    const plot = made[0]!;
    expect(plot.input.height).toBe(180);
    expect(plot.input.xKind).toBe("time");
    Object.defineProperty(plot.el, "clientWidth", { configurable: true, value: 420 });
    resized!();
    expect(plot.setSize).toHaveBeenCalledWith({ width: 420, height: 180 });
    await act(async () => root().unmount());
    expect(plot.destroy).toHaveBeenCalled();
    expect(resized).toBeNull();
  });

  it("shows the values under the cursor in a tooltip and hides it when the cursor leaves", async () => {
    await render(<Chart {...odds} formatX={() => "12:30"} formatY={(v) => v.toFixed(2)} />);
    await act(async () => made[0]!.input.onCursor!(1, 200, 50));
    const tip = q('[data-testid="chart-tooltip"]')!;
    expect(tip.textContent).toContain("12:30");
    expect(tip.textContent).toContain("Northgate 2.50");
    expect(tip.textContent).toContain("Meridian 2.40");
    expect(tip.getAttribute("aria-hidden")).toBe("true");
    await act(async () => made[0]!.input.onCursor!(null, -1, -1));
    expect(q('[data-testid="chart-tooltip"]')).toBeNull();
  });

  it("does not draw again when the page renders the same data", async () => {
    const el = (
      <Chart label="a" x={[0, 1]} series={[{ name: "A", color: "#e8591a", values: [1, 2] }]} />
    );
    await render(el);
    await act(async () => root().render(<Chart label="a" x={[0, 1]} series={[{ name: "A", color: "#e8591a", values: [1, 2] }]} />));
    expect(made).toHaveLength(1);
    await act(async () => root().render(<Chart label="a" x={[0, 1]} series={[{ name: "A", color: "#e8591a", values: [1, 3] }]} />));
    await vi.waitFor(() => expect(made).toHaveLength(2));
    expect(made[0]!.destroy).toHaveBeenCalled();
  });

  it("shows what the page gives for too little data, without loading uPlot", async () => {
    await act(async () => root().render(<Chart label="a" x={[0]} series={[{ name: "A", color: "#e8591a", values: [1] }]} empty={<p data-testid="none">none</p>} />));
    expect(q('[data-testid="none"]')).not.toBeNull();
    expect(q("figure")).toBeNull();
    expect(made).toHaveLength(0);
  });
});
