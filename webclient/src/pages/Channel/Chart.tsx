import styles from "./Channel.module.css";
// A small SVG line chart of the statistics: one line per series over the days, with the days on
// the x axis and a few round numbers on the y axis. Right-to-left pages mirror nothing: time runs
// left to right in charts everywhere.
export interface Series {
  name: string;
  color: string;
  values: number[];
}

export function LineChart({ labels, series, height = 220 }: { labels: string[]; series: Series[]; height?: number }) {
  const width = 720;
  const pad = { l: 40, r: 12, t: 12, b: 28 };
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const x = (i: number) => pad.l + (labels.length <= 1 ? 0 : (i * (width - pad.l - pad.r)) / (labels.length - 1));
  const y = (v: number) => pad.t + (1 - v / top) * (height - pad.t - pad.b);
  const ticks = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  const every = Math.max(1, Math.ceil(labels.length / 8));
  return (
    <div className={styles.chanChart} dir="ltr">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={series.map((s) => s.name).join(", ")}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.l} x2={width - pad.r} y1={y(v)} y2={y(v)} stroke="var(--border, #e3e6ea)" strokeWidth="1" />
            <text x={pad.l - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="var(--muted, #7a808a)">{v}</text>
          </g>
        ))}
        {labels.map((l, i) =>
          i % every === 0 ? (
            <text key={l} x={x(i)} y={height - 8} textAnchor="middle" fontSize="11" fill="var(--muted, #7a808a)">{l}</text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.name}>
            <polyline fill="none" stroke={s.color} strokeWidth="2.2" points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(" ")} />
            {s.values.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r="2.8" fill={s.color} />
            ))}
          </g>
        ))}
      </svg>
      <div className={styles.chanLegend}>
        {series.map((s) => (
          <span key={s.name}>
            <i style={{ background: s.color }} />
            {s.name}
          </span>
        ))}
      </div>
    </div>
  );
}

function niceStep(max: number): number {
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (raw <= m * mag) return Math.max(1, m * mag);
  return Math.max(1, 10 * mag);
}
