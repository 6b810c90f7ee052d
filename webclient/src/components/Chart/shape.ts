// The chart's data shaping and uPlot options as pure functions: no DOM, no canvas and no uPlot at
// run time (only its types), so they are tested in jsdom and the page that draws a chart fetches
// uPlot itself only when the chart mounts (see plot.ts, loaded with a dynamic import).
import type uPlot from "uplot";

/** One line or set of bars; `values[i]` belongs to `x[i]`, null where the series has no value. */
export interface ChartSeries {
  name: string;
  values: (number | null)[];
  /** A CSS colour readable on light and dark surfaces (see SERIES_COLOURS). */
  color: string;
  /** Bars (a value per day) instead of a line. */
  bars?: boolean;
  /** A bar's share of its slot (0..1); a thinner series drawn over a wider one shows both. */
  barWidth?: number;
  /** Fill the area under the line (momentum). */
  area?: boolean;
}

/**
 * How x is read: "time" = unix ms (ticks at round times), "number" = a plain value (game minutes),
 * "index" = 0..n-1, one slot per value (days), labelled by formatX(index).
 */
export type XKind = "time" | "number" | "index";

export interface ChartData {
  x: number[];
  series: ChartSeries[];
}

/** Mid-tone colours that keep their contrast on a white and on a dark surface, in order of use. */
export const SERIES_COLOURS = ["#e8591a", "#2f6fed", "#1f9d55", "#8e44ad", "#d23b3b", "#16a0b5", "#7f8c8d", "#c98a04"];

/** The colours of axes and grid, read from the page's CSS custom properties when drawn. */
export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  font: string;
}

export const DEFAULT_THEME: ChartTheme = { text: "#17202e", muted: "#6b7687", grid: "#e2e6ee", font: "12px system-ui, sans-serif" };

/**
 * Series whose points have x values of their own (odds per bookmaker, each quoting at its own
 * moments) on one shared, sorted x axis: each series has null where it has no point, and the line
 * spans those gaps.
 */
export function alignPoints(lines: { points: readonly (readonly [number, number])[] }[]): { x: number[]; values: (number | null)[][] } {
  const x = [...new Set(lines.flatMap((l) => l.points.map((p) => p[0])))].sort((a, b) => a - b);
  const at = new Map(x.map((v, i) => [v, i]));
  const values = lines.map((l) => {
    const out: (number | null)[] = new Array<number | null>(x.length).fill(null);
    for (const [px, py] of l.points) out[at.get(px)!] = py;
    return out;
  });
  return { x, values };
}

/** True when there is enough to draw: two x values and at least one value. */
export function drawable({ x, series }: ChartData): boolean {
  return x.length >= 2 && series.some((s) => s.values.some((v) => v !== null && Number.isFinite(v)));
}

/**
 * The y range: from the lowest value (odds) or from zero (counts, bars), padded 8% so lines do not
 * touch the frame; a flat series gets ±1 around its value.
 */
export function yRange(data: ChartData, fromZero: boolean): [number, number] {
  const ys = data.series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  if (ys.length === 0) return [0, 1];
  const hi = Math.max(...ys);
  const lo = fromZero ? Math.min(0, ...ys) : Math.min(...ys);
  if (hi === lo) return fromZero && lo === 0 ? [0, 1] : [lo - 1, hi + 1];
  const pad = (hi - lo) * 0.08;
  return [fromZero && lo === 0 ? 0 : lo - pad, hi + pad];
}

/** Which indices of an index axis get a label: about `most` of them, always the last (today). */
export function indexSplits(n: number, most = 8): number[] {
  const every = Math.max(1, Math.ceil(n / most));
  const out: number[] = [];
  for (let i = n - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

/**
 * At most `most` rows of the chart for the screen-reader table, evenly spread and always with the
 * first and the last: a 500-point odds history read row by row helps nobody.
 */
export function tableRows(n: number, most = 40): number[] {
  if (n <= most) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < most; k++) out.add(Math.round((k * (n - 1)) / (most - 1)));
  return [...out];
}

/** A #rrggbb colour with an alpha, for the area under a line. */
export function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const n = parseInt(m[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export interface OptionsInput {
  data: ChartData;
  xKind: XKind;
  width: number;
  height: number;
  formatX: (v: number) => string;
  formatY: (v: number) => string;
  yFromZero: boolean;
  /** A fixed y range (a rate from 0 to 1) instead of one from the values. */
  yMin?: number;
  yMax?: number;
  theme: ChartTheme;
  /** uPlot.paths.bars, passed in so this module never loads uPlot. */
  bars?: (opts: { size: [number, number]; align: 0 }) => uPlot.Series.PathBuilder;
  /** Called with the index under the cursor (null when it leaves) and its position in the plot. */
  onCursor?: (idx: number | null, left: number, top: number) => void;
}

/** The data as uPlot takes it: x first, then one array per series. Time goes to seconds. */
export function plotData({ x, series }: ChartData, xKind: XKind): uPlot.AlignedData {
  const xs = xKind === "time" ? x.map((v) => v / 1000) : xKind === "index" ? x.map((_, i) => i) : x;
  return [xs, ...series.map((s) => s.values)] as uPlot.AlignedData;
}

/** Labels with a repeat blanked: ticks closer than the format shows (0.5 fen as "¥0.01") say nothing twice. */
export function uniqueLabels(labels: string[]): string[] {
  return labels.map((l, i) => (i > 0 && l === labels[i - 1] ? "" : l));
}

/** The width of the y axis for its labels: about 7 px a character and room for the ticks. */
export function axisWidth(labels: readonly string[] | null): number {
  const longest = Math.max(0, ...(labels ?? []).map((l) => l.length));
  return Math.max(32, Math.ceil(longest * 7) + 16);
}

/** The uPlot options of a chart: axes in the reader's language, our own legend and tooltip. */
export function buildOptions(o: OptionsInput): uPlot.Options {
  const { data, xKind, theme } = o;
  const hasBars = data.series.some((s) => s.bars);
  const [y0, y1] = yRange(data, o.yFromZero || hasBars);
  const yRangeFixed: [number, number] = [o.yMin ?? y0, o.yMax ?? y1];
  const n = data.x.length;
  const axis = { stroke: theme.muted, font: theme.font, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid, width: 1, size: 4 } };
  const xOf = (v: number) => (xKind === "time" ? v * 1000 : v);
  const cursorHook = o.onCursor;
  return {
    width: o.width,
    height: o.height,
    // The legend is ours (HTML, in the page's direction); the values under the cursor go to the tooltip.
    legend: { show: false },
    cursor: { y: false, points: { size: 7 }, drag: { x: false, y: false } },
    scales: {
      x: xKind === "index" ? { time: false, range: () => (hasBars ? [-0.5, n - 0.5] : [0, n - 1]) } : { time: xKind === "time" },
      y: { range: () => yRangeFixed },
    },
    axes: [
      {
        ...axis,
        size: 30,
        // Room for a label such as "12:30 PM" between two ticks; an index axis labels as many
        // slots as its width holds (every day of a week, every few days of a month).
        space: xKind === "time" ? 90 : 56,
        ...(xKind === "index" ? { splits: (u: uPlot) => indexSplits(n, Math.max(2, Math.floor(u.width / 64))) } : {}),
        values: (_u: uPlot, splits: number[]) => splits.map((v) => (xKind === "index" && !Number.isInteger(v) ? "" : o.formatX(xOf(v)))),
      },
      {
        ...axis,
        // As wide as its longest label ("¥1,000.00" needs more room than "2").
        size: (_u: uPlot, values: string[] | null) => axisWidth(values),
        values: (_u: uPlot, splits: number[]) => uniqueLabels(splits.map((v) => o.formatY(v))),
      },
    ],
    series: [
      {},
      ...data.series.map((s): uPlot.Series => ({
        label: s.name,
        stroke: s.color,
        width: s.bars ? 0 : 2,
        spanGaps: true,
        fill: s.bars ? s.color : s.area ? withAlpha(s.color, 0.16) : undefined,
        points: { show: !s.bars && n <= 40, size: 5, fill: s.color },
        ...(s.bars && o.bars ? { paths: o.bars({ size: [s.barWidth ?? 0.7, 48], align: 0 }) } : {}),
      })),
    ],
    hooks: cursorHook
      ? {
          setCursor: [
            (u: uPlot) => {
              const { idx, left = -1, top = -1 } = u.cursor;
              cursorHook(idx ?? null, left, top);
            },
          ],
        }
      : {},
  };
}
