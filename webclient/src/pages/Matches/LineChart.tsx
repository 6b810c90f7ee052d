// A line chart of several series drawn as inline SVG: labelled axes with round ticks, a legend,
// and a title for screen readers. Used by the trends (odds per bookmaker, score), the odds tab and
// the momentum graph of the animation tab.
import { niceTicks, timeTicks } from "./matchviz";

export interface ChartSeries {
  name: string;
  points: [number, number][];
  /** A class of MatchDetail.css (line--home, line--away, line--draw) or a colour. */
  cls?: string;
  color?: string;
  /** Draw the area under the line (momentum). */
  area?: boolean;
}

interface Props {
  series: ChartSeries[];
  /** What the chart shows, for screen readers. */
  label: string;
  xLabel?: string;
  yLabel?: string;
  /** "time": x is unix ms; "number": x is a plain value (game minutes). */
  xKind?: "time" | "number";
  formatX?: (v: number) => string;
  formatY?: (v: number) => string;
  /** Start the y axis at 0 (counts, pressure) instead of the lowest value (odds). */
  yFromZero?: boolean;
  height?: number;
  testId?: string;
  /** What shows when there is not enough to draw. */
  empty?: React.ReactNode;
}

const W = 600;
const PAD = { left: 52, right: 12, top: 10, bottom: 40 };

export function LineChart({ series, label, xLabel, yLabel, xKind = "time", formatX, formatY, yFromZero, height = 200, testId, empty = null }: Props) {
  const all = series.flatMap((s) => s.points);
  if (all.length < 2) return <>{empty}</>;
  const H = height;
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (yFromZero) y0 = Math.min(0, y0);
  if (y1 === y0) [y0, y1] = [y0 - 1, y1 + 1];
  else {
    const pad = (y1 - y0) * 0.08;
    [y0, y1] = [yFromZero && y0 === 0 ? 0 : y0 - pad, y1 + pad];
  }
  const iw = W - PAD.left - PAD.right;
  const ih = H - PAD.top - PAD.bottom;
  const sx = (x: number) => PAD.left + (x1 === x0 ? iw / 2 : ((x - x0) / (x1 - x0)) * iw);
  const sy = (y: number) => PAD.top + ih - ((y - y0) / (y1 - y0)) * ih;
  const xt = xKind === "time" ? timeTicks(x0, x1, 5) : niceTicks(x0, x1, 6);
  const yt = niceTicks(y0, y1, 4).filter((v) => v >= y0 && v <= y1);
  const fx = formatX ?? ((v: number) => String(v));
  const fy = formatY ?? ((v: number) => String(Number(v.toFixed(2))));
  const stroke = (s: ChartSeries) => (s.color ? { stroke: s.color } : undefined);
  return (
    <figure className="chart" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} width="100%">
        <title>{label}</title>
        <g className="chart__grid" aria-hidden="true">
          {yt.map((v) => (
            <g key={`y${v}`}>
              <line x1={PAD.left} x2={W - PAD.right} y1={sy(v)} y2={sy(v)} />
              <text x={PAD.left - 6} y={sy(v) + 4} textAnchor="end" className="chart__tick">
                {fy(v)}
              </text>
            </g>
          ))}
          {xt.map((v) => (
            <g key={`x${v}`}>
              <line x1={sx(v)} x2={sx(v)} y1={PAD.top} y2={PAD.top + ih} />
              <text x={sx(v)} y={PAD.top + ih + 14} textAnchor="middle" className="chart__tick">
                {fx(v)}
              </text>
            </g>
          ))}
        </g>
        <rect className="chart__frame" x={PAD.left} y={PAD.top} width={iw} height={ih} fill="none" />
        {xLabel && (
          <text className="chart__axis" x={PAD.left + iw / 2} y={H - 4} textAnchor="middle" data-testid="chart-x-label">
            {xLabel}
          </text>
        )}
        {yLabel && (
          <text className="chart__axis" x={12} y={PAD.top + ih / 2} textAnchor="middle" transform={`rotate(-90 12 ${PAD.top + ih / 2})`} data-testid="chart-y-label">
            {yLabel}
          </text>
        )}
        {series.map((s) => {
          const pts = s.points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`);
          return (
            <g key={s.name} className={s.cls} data-series={s.name}>
              {s.area && s.points.length > 1 && (
                <polygon
                  className="chart__area"
                  style={s.color ? { fill: s.color } : undefined}
                  points={[`${sx(s.points[0]![0]).toFixed(1)},${sy(Math.max(y0, 0)).toFixed(1)}`, ...pts, `${sx(s.points[s.points.length - 1]![0]).toFixed(1)},${sy(Math.max(y0, 0)).toFixed(1)}`].join(" ")}
                />
              )}
              <polyline className={s.cls} style={stroke(s)} fill="none" strokeWidth="2" points={pts.join(" ")} />
              {s.points.length <= 40 &&
                s.points.map(([x, y], i) => <circle key={i} className="chart__dot" style={s.color ? { fill: s.color } : undefined} cx={sx(x)} cy={sy(y)} r="2.2" />)}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart__legend">
        {series.map((s) => (
          <span key={s.name} className={`chart__key ${s.cls ?? ""}`} style={s.color ? { color: s.color } : undefined}>
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
