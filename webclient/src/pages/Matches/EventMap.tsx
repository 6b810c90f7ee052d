// The animation tab's field (issue 18): a football pitch, an ice rink, a basketball court, a MOBA
// map or a shooter's bomb sites drawn as SVG, with the match's placed incidents on it (a marker
// per kind in the team's colour). Hovering or focusing a marker shows its minute, kind and player;
// every marker has an accessible label and the list under the field says the same in text.
import { useState, type ReactNode } from "react";
import type { FieldKind, MarkerKind, PlacedEvent } from "./matchviz";

/** The field's size in its own units (metres or feet): the 0..100 frame is stretched onto it. */
const SIZE: Record<FieldKind, [number, number]> = {
  pitch: [105, 68],
  rink: [100, 42.5],
  court: [94, 50],
  moba: [100, 100],
  sites: [100, 70],
};

const TEAM_COLOURS = ["var(--brand)", "#2f5ea8"] as const;

export function teamColour(team: number): string {
  return team === 0 || team === 1 ? TEAM_COLOURS[team] : "#6b7687";
}

function Pitch() {
  const goalArea = (x: number, w: number) => <rect x={x} y={34 - 9.16} width={w} height={18.32} />;
  const box = (x: number, w: number) => <rect x={x} y={34 - 20.16} width={w} height={40.32} />;
  return (
    <g className="field field--pitch">
      <rect className="field__ground" x="0" y="0" width="105" height="68" />
      <g className="field__lines">
        <rect x="0" y="0" width="105" height="68" />
        <line x1="52.5" y1="0" x2="52.5" y2="68" />
        <circle cx="52.5" cy="34" r="9.15" />
        {box(0, 16.5)}
        {box(105 - 16.5, 16.5)}
        {goalArea(0, 5.5)}
        {goalArea(105 - 5.5, 5.5)}
        <rect x="-1.5" y={34 - 3.66} width="1.5" height="7.32" />
        <rect x="105" y={34 - 3.66} width="1.5" height="7.32" />
        <circle cx="11" cy="34" r="0.3" />
        <circle cx="94" cy="34" r="0.3" />
      </g>
    </g>
  );
}

function Rink() {
  return (
    <g className="field field--rink">
      <rect className="field__ice" x="0" y="0" width="100" height="42.5" rx="14" />
      <g className="field__lines">
        <rect x="0" y="0" width="100" height="42.5" rx="14" />
        <line className="field__red" x1="50" y1="0" x2="50" y2="42.5" />
        <line className="field__blue" x1="37.5" y1="0" x2="37.5" y2="42.5" />
        <line className="field__blue" x1="62.5" y1="0" x2="62.5" y2="42.5" />
        <line className="field__red" x1="5.5" y1="2" x2="5.5" y2="40.5" />
        <line className="field__red" x1="94.5" y1="2" x2="94.5" y2="40.5" />
        <circle cx="50" cy="21.25" r="7.5" />
        <path d="M5.5 18.25 a3 3 0 0 1 0 6" />
        <path d="M94.5 18.25 a3 3 0 0 0 0 6" />
      </g>
    </g>
  );
}

function Court() {
  // Three-point line: 22 ft in the corners, an arc of 23.75 ft around the basket (5.25 ft in).
  const cornerX = 5.25 + Math.sqrt(23.75 * 23.75 - 22 * 22);
  const end = (flip: boolean) => {
    const fx = (x: number) => (flip ? 94 - x : x);
    return (
      <g>
        <rect x={flip ? 94 - 19 : 0} y={25 - 8} width="19" height="16" />
        <circle cx={fx(19)} cy="25" r="6" />
        <circle cx={fx(5.25)} cy="25" r="0.75" />
        <line x1={fx(0)} y1="3" x2={fx(cornerX)} y2="3" />
        <line x1={fx(0)} y1="47" x2={fx(cornerX)} y2="47" />
        <path d={`M${fx(cornerX)} 3 A23.75 23.75 0 0 ${flip ? 0 : 1} ${fx(cornerX)} 47`} />
      </g>
    );
  };
  return (
    <g className="field field--court">
      <rect className="field__wood" x="0" y="0" width="94" height="50" />
      <g className="field__lines field__lines--dark">
        <rect x="0" y="0" width="94" height="50" />
        <line x1="47" y1="0" x2="47" y2="50" />
        <circle cx="47" cy="25" r="6" />
        {end(false)}
        {end(true)}
      </g>
    </g>
  );
}

function MobaMap() {
  return (
    <g className="field field--moba">
      <rect className="field__jungle" x="0" y="0" width="100" height="100" />
      <path className="field__river" d="M0 0 L7 0 L100 93 L100 100 L93 100 L0 7 Z" />
      <g className="field__lanes">
        <path d="M6 94 L6 6 L94 6" />
        <path d="M6 94 L94 94 L94 6" />
        <path d="M6 94 L94 6" />
      </g>
      <circle className="field__pit" cx="34" cy="30" r="4" />
      <circle className="field__pit" cx="66" cy="70" r="4" />
      <circle cx="6" cy="94" r="6" fill={TEAM_COLOURS[0]} opacity="0.8" />
      <circle cx="94" cy="6" r="6" fill={TEAM_COLOURS[1]} opacity="0.8" />
    </g>
  );
}

function Sites() {
  // y is stretched by 0.7 (the 0..100 frame on a 100x70 field).
  return (
    <g className="field field--sites">
      <rect className="field__floor" x="0" y="0" width="100" height="70" />
      <g className="field__walls">
        <rect x="4" y="3" width="92" height="64" />
        <path d="M40 66 L40 40 L60 40 L60 66" />
        <path d="M12 40 L12 30 M88 40 L88 30" />
      </g>
      <rect className="field__site" x={74 - 13} y={22 * 0.7 - 8} width="26" height="16" rx="2" />
      <rect className="field__site" x={26 - 13} y={22 * 0.7 - 8} width="26" height="16" rx="2" />
      <text className="field__site-label" x="74" y={22 * 0.7 + 4} textAnchor="middle">
        A
      </text>
      <text className="field__site-label" x="26" y={22 * 0.7 + 4} textAnchor="middle">
        B
      </text>
      <rect className="field__spawn" x="42" y={92 * 0.7 - 3} width="16" height="6" rx="1" />
      <rect className="field__spawn" x="42" y={6 * 0.7 - 2} width="16" height="5" rx="1" />
    </g>
  );
}

const FIELDS: Record<FieldKind, () => ReactNode> = { pitch: Pitch, rink: Rink, court: Court, moba: MobaMap, sites: Sites };

/** A marker's shape at 0,0 in field units (size s), in the team's colour c. */
export function MarkerShape({ kind, c, s }: { kind: MarkerKind; c: string; s: number }) {
  const h = s / 2;
  switch (kind) {
    case "goal":
      return <circle r={h} fill={c} stroke="#fff" strokeWidth={s * 0.18} />;
    case "ownGoal":
      return <circle r={h} fill={c} stroke="#fff" strokeWidth={s * 0.18} strokeDasharray={`${s * 0.3} ${s * 0.2}`} />;
    case "shot":
      return <circle r={h * 0.8} fill="none" stroke={c} strokeWidth={s * 0.2} />;
    case "save":
      return (
        <g>
          <circle r={h * 0.8} fill="#fff" stroke={c} strokeWidth={s * 0.2} />
          <circle r={h * 0.3} fill={c} />
        </g>
      );
    case "miss":
      return (
        <g stroke={c} strokeWidth={s * 0.2}>
          <circle r={h * 0.8} fill="#fff" />
          <line x1={-h * 0.6} y1={-h * 0.6} x2={h * 0.6} y2={h * 0.6} />
        </g>
      );
    case "penalty":
      return <rect x={-h * 0.8} y={-h * 0.8} width={h * 1.6} height={h * 1.6} fill="#fff" stroke={c} strokeWidth={s * 0.2} />;
    case "yellowCard":
    case "redCard":
      return <rect x={-h * 0.6} y={-h} width={h * 1.2} height={s} rx={s * 0.08} fill={kind === "yellowCard" ? "#f5c518" : "#d62c2c"} stroke={c} strokeWidth={s * 0.16} />;
    case "three":
      return (
        <g>
          <circle r={h} fill={c} stroke="#fff" strokeWidth={s * 0.12} />
          <text y={h * 0.45} textAnchor="middle" fontSize={s * 0.75} fontWeight="700" fill="#fff">
            3
          </text>
        </g>
      );
    case "kill":
    case "firstBlood":
      return (
        <g stroke={kind === "firstBlood" ? "#d62c2c" : c} strokeWidth={s * (kind === "firstBlood" ? 0.34 : 0.26)} strokeLinecap="round">
          <line x1={-h * 0.7} y1={-h * 0.7} x2={h * 0.7} y2={h * 0.7} />
          <line x1={-h * 0.7} y1={h * 0.7} x2={h * 0.7} y2={-h * 0.7} />
        </g>
      );
    case "tower":
      return <path d={`M0 ${-h} L${h} ${h} L${-h} ${h} Z`} fill={c} stroke="#fff" strokeWidth={s * 0.12} />;
    case "objective":
      return <path d={`M0 ${-h * 1.2} L${h * 1.2} 0 L0 ${h * 1.2} L${-h * 1.2} 0 Z`} fill={c} stroke="#fff" strokeWidth={s * 0.14} />;
    case "plant":
      return (
        <g>
          <circle r={h} fill={c} stroke="#fff" strokeWidth={s * 0.12} />
          <circle r={h * 0.35} fill="#fff" />
        </g>
      );
    case "defuse":
      return (
        <g stroke={c} strokeWidth={s * 0.2}>
          <circle r={h} fill="#fff" />
          <line x1={-h * 0.55} y1="0" x2={h * 0.55} y2="0" />
          <line x1="0" y1={-h * 0.55} x2="0" y2={h * 0.55} />
        </g>
      );
    default:
      return <circle r={h * 0.6} fill={c} />;
  }
}

interface Props {
  field: FieldKind;
  events: PlacedEvent[];
  /** The accessible name of the picture. */
  label: string;
  /** A marker's text: minute, kind, player and side. */
  describe: (e: PlacedEvent) => string;
  teams: [string, string];
}

export function EventMap({ field, events, label, describe, teams }: Props) {
  const [active, setActive] = useState<number | null>(null);
  const [w, h] = SIZE[field];
  const s = Math.max(w, h) * 0.028;
  const px = (x: number) => (x / 100) * w;
  const py = (y: number) => (y / 100) * h;
  const Field = FIELDS[field];
  const shown = events.find((e) => e.seq === active);
  const newest = events.length > 0 ? events[events.length - 1]!.seq : -1;
  const sides = field === "pitch" || field === "rink" || field === "court";
  const tip = shown && describe(shown);
  const tipW = tip ? Math.min(w * 0.9, tip.length * s * 0.42 + s) : 0;
  return (
    <figure className="viz-field" data-testid="viz-field" data-field={field}>
      <svg viewBox={`-2 -2 ${w + 4} ${h + (sides ? 8 : 4)}`} role="group" aria-label={label} width="100%" onMouseLeave={() => setActive(null)}>
        <title>{label}</title>
        <Field />
        {sides && (
          <g className="viz-field__sides" aria-hidden="true" fontSize={s * 0.9}>
            <text x="1" y={h + 5} fill={TEAM_COLOURS[0]}>
              {teams[0]} →
            </text>
            <text x={w - 1} y={h + 5} textAnchor="end" fill={TEAM_COLOURS[1]}>
              ← {teams[1]}
            </text>
          </g>
        )}
        {events.map((e) => (
          <g
            key={e.seq}
            className={`viz-event${e.seq === active ? " viz-event--on" : ""}${e.seq === newest ? " viz-event--new" : ""}`}
            transform={`translate(${px(e.x).toFixed(2)} ${py(e.y).toFixed(2)})`}
            tabIndex={0}
            role="img"
            aria-label={describe(e)}
            data-testid="viz-event"
            data-type={e.type}
            data-team={e.team}
            onMouseEnter={() => setActive(e.seq)}
            onFocus={() => setActive(e.seq)}
            onBlur={() => setActive((a) => (a === e.seq ? null : a))}
          >
            <circle className="viz-event__hit" r={s} fill="transparent" />
            <MarkerShape kind={e.marker} c={teamColour(e.team)} s={s} />
          </g>
        ))}
        {shown && tip && (
          <g className="viz-tip" aria-hidden="true" data-testid="viz-tip" pointerEvents="none">
            {(() => {
              const x = Math.min(Math.max(px(shown.x) - tipW / 2, 0), w - tipW);
              const y = py(shown.y) > s * 3 ? py(shown.y) - s * 2.6 : py(shown.y) + s * 1.2;
              return (
                <>
                  <rect x={x} y={y} width={tipW} height={s * 1.5} rx={s * 0.3} />
                  <text x={x + tipW / 2} y={y + s * 1.05} textAnchor="middle" fontSize={s * 0.8}>
                    {tip}
                  </text>
                </>
              );
            })()}
          </g>
        )}
      </svg>
    </figure>
  );
}
