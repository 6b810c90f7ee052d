// The site's one chart (docs/decisions/0008-chart-and-qr-libraries.md): lines and bars drawn by
// uPlot on a canvas, with what a canvas cannot give in HTML around it — the axis titles, a legend
// and a tooltip in the page's language and direction, and a table of the values for screen
// readers. uPlot is loaded only when a chart mounts (./plot, a dynamic import).
//
// Time runs left to right in every language, as in printed sports charts, so the plot itself is
// always left-to-right; legend, titles and tooltip follow the page (right-to-left in Arabic, Urdu...).
// uPlot draws without animation; the tooltip's fade is off when the reader asks for reduced motion.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocaleTag } from "../../i18n/format";
import { DEFAULT_THEME, drawable, tableRows, type ChartSeries, type ChartTheme, type XKind } from "./shape";
import type { Plot } from "./plot";
import styles from "./Chart.module.css";

export { alignPoints, SERIES_COLOURS, type ChartSeries, type XKind } from "./shape";

export interface ChartProps {
  /** What the chart shows: its accessible name and the caption of its table for screen readers. */
  label: string;
  /** The x values: unix ms ("time"), plain numbers ("number") or one per slot ("index", e.g. days). */
  x: number[];
  series: ChartSeries[];
  xKind?: XKind;
  xLabel?: string;
  yLabel?: string;
  /** An x value (for "index": its index) as the reader reads it. */
  formatX?: (v: number) => string;
  formatY?: (v: number) => string;
  /** Start the y axis at 0 (counts, pressure; always for bars) instead of near the lowest value (odds). */
  yFromZero?: boolean;
  yMin?: number;
  yMax?: number;
  /** The height of the plot in CSS pixels; the width follows the container. */
  height?: number;
  /** A legend of the series (on by default when there are several). */
  legend?: boolean;
  testId?: string;
  /** What shows when there is not enough to draw. */
  empty?: ReactNode;
  className?: string;
}

/** True where the browser can draw on a canvas (not in jsdom), checked once. */
let canvasOk: boolean | undefined;
function canDraw(): boolean {
  if (canvasOk === undefined) {
    try {
      canvasOk = !!document.createElement("canvas").getContext("2d");
    } catch {
      canvasOk = false;
    }
  }
  return canvasOk;
}

/** The page's colours for axes and grid (its CSS custom properties), so the chart reads on light and dark pages. */
function readTheme(el: HTMLElement): ChartTheme {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    text: css.color || DEFAULT_THEME.text,
    muted: v("--muted", DEFAULT_THEME.muted),
    grid: v("--line", DEFAULT_THEME.grid),
    font: `${css.fontSize ? `${Math.round(parseFloat(css.fontSize) * 0.85)}px` : "12px"} ${css.fontFamily || "system-ui, sans-serif"}`,
  };
}

/** Bumps when the reader's colour scheme changes, so the chart redraws with the page's new colours. */
function useColourScheme(): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    const mq = typeof window.matchMedia === "function" ? window.matchMedia("(prefers-color-scheme: dark)") : null;
    const bump = () => setN((k) => k + 1);
    mq?.addEventListener?.("change", bump);
    return () => mq?.removeEventListener?.("change", bump);
  }, []);
  return n;
}

interface Tip {
  idx: number;
  left: number;
  top: number;
  /** Past the middle of the plot the tooltip opens towards the start, so it stays inside. */
  flip: boolean;
}

/**
 * An axis label as the canvas draws it. The plot is drawn left to right in every language, and some
 * languages' dates and numbers carry bidi marks (Arabic's "18‏/11") that a left-to-right canvas
 * draws out of order ("1811/"); without the marks the label reads as printed.
 */
export function canvasText(s: string): string {
  return s.replace(/[\u200e\u200f\u061c]/g, "");
}

export function Chart({
  label,
  x,
  series,
  xKind = "number",
  xLabel,
  yLabel,
  formatX,
  formatY,
  yFromZero = false,
  yMin,
  yMax,
  height = 200,
  legend,
  testId,
  empty = null,
  className,
}: ChartProps) {
  const tag = useLocaleTag();
  const scheme = useColourScheme();
  const figRef = useRef<HTMLElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const [tip, setTip] = useState<Tip | null>(null);

  const fmt = useMemo(() => {
    const num = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
    const time = new Intl.DateTimeFormat(tag, { hour: "numeric", minute: "2-digit" });
    return {
      x: formatX ?? ((v: number) => (xKind === "time" ? time.format(v) : num.format(v))),
      y: formatY ?? ((v: number) => num.format(v)),
    };
  }, [tag, formatX, formatY, xKind]);
  // The axes read the formatters when they draw: the latest ones, without a new plot per render.
  const fmtRef = useRef(fmt);
  useEffect(() => {
    fmtRef.current = fmt;
  }, [fmt]);

  const data = useMemo(() => ({ x, series }), [x, series]);
  const ok = drawable(data);
  // A new plot only when what it draws changes, not when a caller passes new (equal) arrays.
  const key = JSON.stringify([x, series, xKind, yFromZero, yMin, yMax, height, tag, scheme]);
  const dataRef = useRef(data);
  useEffect(() => {
    dataRef.current = data;
  }, [data]);

  useEffect(() => {
    const el = plotRef.current;
    const fig = figRef.current;
    if (!ok || !el || !fig || !canDraw()) return;
    let plot: Plot | null = null;
    let gone = false;
    let observer: ResizeObserver | null = null;
    void import("./plot").then(({ createPlot }) => {
      if (gone) return;
      plot = createPlot(el, {
        data: dataRef.current,
        xKind,
        width: Math.max(120, el.clientWidth),
        height,
        formatX: (v) => canvasText(fmtRef.current.x(v)),
        formatY: (v) => canvasText(fmtRef.current.y(v)),
        yFromZero,
        yMin,
        yMax,
        theme: readTheme(fig),
        onCursor: (idx, left, top) => setTip(idx === null || left < 0 ? null : { idx, left, top, flip: left > el.clientWidth / 2 }),
      });
      if (typeof ResizeObserver === "function") {
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(120, el.clientWidth), height }));
        observer.observe(el);
      }
    });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
      setTip(null);
    };
    // key stands for data, xKind, the y options, height, language and colour scheme.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ok]);

  if (!ok) return <>{empty}</>;
  const showLegend = legend ?? series.length > 1;
  const xAt = (i: number) => fmt.x(xKind === "index" ? i : x[i]!);
  const rows = tableRows(x.length);
  return (
    <figure ref={figRef} className={[styles.chart, className].filter(Boolean).join(" ")} data-testid={testId} data-points={x.length}>
      {yLabel && (
        <div className={styles.yLabel} data-testid="chart-y-label">
          {yLabel}
        </div>
      )}
      <div className={styles.plotArea} style={{ minHeight: height }} onMouseLeave={() => setTip(null)}>
        <div ref={plotRef} className={styles.plot} dir="ltr" role="img" aria-label={label} data-testid="chart-plot" />
        {tip && (
          <div
            className={styles.tooltip}
            aria-hidden="true"
            data-testid="chart-tooltip"
            style={{ left: tip.left, top: tip.top, transform: tip.flip ? "translate(calc(-100% - 12px), -50%)" : "translate(12px, -50%)" }}
          >
            <div className={styles.tipX}>{xAt(tip.idx)}</div>
            {series.map((s) =>
              s.values[tip.idx] == null ? null : (
                <div key={s.name} className={styles.tipRow}>
                  <i className={styles.swatch} style={{ background: s.color }} />
                  <span>{s.name}</span> <strong>{fmt.y(s.values[tip.idx]!)}</strong>
                </div>
              ),
            )}
          </div>
        )}
      </div>
      {xLabel && (
        <div className={styles.xLabel} data-testid="chart-x-label">
          {xLabel}
        </div>
      )}
      {showLegend && (
        <ul className={styles.legend}>
          {series.map((s) => (
            <li key={s.name} data-series={s.name}>
              <i className={s.bars ? styles.swatch : styles.line} style={{ background: s.color }} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <table className={styles.srOnly} data-testid="chart-table">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{xLabel ?? ""}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((i) => (
            <tr key={i}>
              <th scope="row">{xAt(i)}</th>
              {series.map((s) => (
                <td key={s.name}>{s.values[i] == null ? "–" : fmt.y(s.values[i]!)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
