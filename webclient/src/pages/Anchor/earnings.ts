// Geometry of the earnings chart (spec §2 streamer centre: 7/14/30-day views), drawn as inline
// SVG bars without a chart library. Pure, so the views can be tested without a browser.
import type { AnchorDayTotal, EarningDays } from "../../api/anchor";

export const EARNING_VIEWS: readonly EarningDays[] = [7, 14, 30];

export interface Bar {
  date: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** Top of the value axis: a round number at or above the largest day. */
  max: number;
  bars: Bar[];
  /** Dates printed under the axis (every bar for 7 days, fewer for longer views). */
  labels: { x: number; text: string }[];
}

/** The smallest 1, 2 or 5 × 10^n at or above v (at least 1). */
export function niceMax(v: number): number {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/**
 * Fills the days the server did not list with zeros so the chart always has `days` bars, oldest
 * first, ending today (UTC).
 */
export function fillDays(daily: AnchorDayTotal[], days: EarningDays, today: Date): AnchorDayTotal[] {
  const byDate = new Map(daily.map((d) => [d.date, d]));
  const out: AnchorDayTotal[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i));
    const key = d.toISOString().slice(0, 10);
    out.push(byDate.get(key) ?? { date: key, coins: 0, diamonds: 0 });
  }
  return out;
}

export function chartGeometry(
  daily: AnchorDayTotal[],
  pick: (d: AnchorDayTotal) => number,
  size = { width: 640, height: 200, left: 44, right: 18, bottom: 22, top: 8 },
): ChartGeometry {
  const values = daily.map(pick);
  const max = niceMax(Math.max(0, ...values));
  const plotW = size.width - size.left - size.right;
  const plotH = size.height - size.bottom - size.top;
  const slot = daily.length > 0 ? plotW / daily.length : plotW;
  const barW = Math.max(2, slot * 0.7);
  const every = daily.length <= 7 ? 1 : daily.length <= 14 ? 2 : 5;
  const bars = daily.map((d, i) => {
    const value = values[i]!;
    const h = (Math.max(0, value) / max) * plotH;
    return { date: d.date, value, x: size.left + i * slot + (slot - barW) / 2, y: size.top + plotH - h, width: barW, height: h };
  });
  const labels = bars
    .map((b, i) => ({ i, x: b.x + b.width / 2, text: b.date.slice(5) }))
    .filter(({ i }) => (daily.length - 1 - i) % every === 0)
    .map(({ x, text }) => ({ x, text }));
  return { width: size.width, height: size.height, max, bars, labels };
}
