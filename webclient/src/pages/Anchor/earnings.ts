// The days of the earnings chart (spec §2 streamer centre: 7/14/30-day views). Pure, so the views
// can be tested without a browser; the chart itself is components/Chart.
import type { AnchorDayTotal, EarningDays } from "../../api/anchor";

export const EARNING_VIEWS: readonly EarningDays[] = [7, 14, 30];

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
