// The animation tab's field (issue 18): a football pitch, an ice rink, a basketball court, a MOBA
// map, a shooter's bomb sites, an objective shooter's map, a gridiron field or the court of a net
// game (tennis, volleyball, badminton, table tennis) drawn as SVG to scale, with the match's placed incidents
// on it (a marker per kind in the team's colour). Hovering or focusing a marker shows its minute, kind and player;
// every marker has an accessible label and the list under the field says the same in text.
import { useState, type ReactNode } from "react";
import { netCourt, type FieldKind, type MarkerKind, type PlacedEvent } from "./matchviz";
import styles from "./EventMap.module.css";

/** The field's size in its own units (metres or feet): the 0..100 frame is stretched onto it. */
const SIZE: Record<FieldKind, [number, number]> = {
  pitch: [105, 68],
  rink: [100, 42.5],
  court: [94, 50],
  moba: [100, 100],
  sites: [100, 70],
  objective: [100, 60],
  gridiron: [120, 53.3],
  tennis: [23.77, 10.97],
  volleyball: [18, 9],
  badminton: [13.4, 6.1],
  // The 2.74 by 1.525 m table with 0.6 m of floor around it (netCourt.apron in place_net.go).
  tableTennis: [2.74 + 1.2, 1.525 + 1.2],
};

const TEAM_COLOURS = ["var(--brand)", "#2f5ea8"] as const;

export function teamColour(team: number): string {
  return team === 0 || team === 1 ? TEAM_COLOURS[team] : "#6b7687";
}

function Pitch() {
  const goalArea = (x: number, w: number) => <rect x={x} y={34 - 9.16} width={w} height={18.32} />;
  const box = (x: number, w: number) => <rect x={x} y={34 - 20.16} width={w} height={40.32} />;
  return (
    <g>
      <rect className={styles.fieldGround} x="0" y="0" width="105" height="68" />
      <g className={styles.fieldLines}>
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
    <g className={styles.fieldRink}>
      <rect className={styles.fieldIce} x="0" y="0" width="100" height="42.5" rx="14" />
      <g className={styles.fieldLines}>
        <rect x="0" y="0" width="100" height="42.5" rx="14" />
        <line className={styles.fieldRed} x1="50" y1="0" x2="50" y2="42.5" />
        <line className={styles.fieldBlue} x1="37.5" y1="0" x2="37.5" y2="42.5" />
        <line className={styles.fieldBlue} x1="62.5" y1="0" x2="62.5" y2="42.5" />
        <line className={styles.fieldRed} x1="5.5" y1="2" x2="5.5" y2="40.5" />
        <line className={styles.fieldRed} x1="94.5" y1="2" x2="94.5" y2="40.5" />
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
    <g>
      <rect className={styles.fieldWood} x="0" y="0" width="94" height="50" />
      <g className={`${styles.fieldLines} ${styles.fieldLinesDark}`}>
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
    <g>
      <rect className={styles.fieldJungle} x="0" y="0" width="100" height="100" />
      <path className={styles.fieldRiver} d="M0 0 L7 0 L100 93 L100 100 L93 100 L0 7 Z" />
      <g className={styles.fieldLanes}>
        <path d="M6 94 L6 6 L94 6" />
        <path d="M6 94 L94 94 L94 6" />
        <path d="M6 94 L94 6" />
      </g>
      <circle className={styles.fieldPit} cx="34" cy="30" r="4" />
      <circle className={styles.fieldPit} cx="66" cy="70" r="4" />
      <circle cx="6" cy="94" r="6" fill={TEAM_COLOURS[0]} opacity="0.8" />
      <circle cx="94" cy="6" r="6" fill={TEAM_COLOURS[1]} opacity="0.8" />
    </g>
  );
}

function Sites() {
  // y is stretched by 0.7 (the 0..100 frame on a 100x70 field).
  return (
    <g>
      <rect className={styles.fieldFloor} x="0" y="0" width="100" height="70" />
      <g className={styles.fieldWalls}>
        <rect x="4" y="3" width="92" height="64" />
        <path d="M40 66 L40 40 L60 40 L60 66" />
        <path d="M12 40 L12 30 M88 40 L88 30" />
      </g>
      <rect className={styles.fieldSite} x={74 - 13} y={22 * 0.7 - 8} width="26" height="16" rx="2" />
      <rect className={styles.fieldSite} x={26 - 13} y={22 * 0.7 - 8} width="26" height="16" rx="2" />
      <text className={styles.fieldSiteLabel} x="74" y={22 * 0.7 + 4} textAnchor="middle">
        A
      </text>
      <text className={styles.fieldSiteLabel} x="26" y={22 * 0.7 + 4} textAnchor="middle">
        B
      </text>
      <rect className={styles.fieldSpawn} x="42" y={92 * 0.7 - 3} width="16" height="6" rx="1" />
      <rect className={styles.fieldSpawn} x="42" y={6 * 0.7 - 2} width="16" height="5" rx="1" />
    </g>
  );
}

function ObjectiveMap() {
  // The objective (hill, point, payload checkpoint) at the centre, radius 14 of the 0..100 frame
  // (x as is, y stretched by 0.6), the home spawn on the left and the away spawn on the right.
  return (
    <g data-field="objective">
      <rect className={styles.fieldFloor} x="0" y="0" width="100" height="60" />
      <g className={styles.fieldWalls}>
        <rect x="3" y="3" width="94" height="54" />
        <path d="M28 3 L28 18 M72 57 L72 42 M28 57 L28 44 M72 3 L72 16" />
      </g>
      <ellipse className={styles.fieldSite} cx="50" cy="30" rx="14" ry={14 * 0.6} data-testid="viz-objective" />
      <rect x="3" y="22" width="7" height="16" rx="1" fill={TEAM_COLOURS[0]} opacity="0.7" />
      <rect x="90" y="22" width="7" height="16" rx="1" fill={TEAM_COLOURS[1]} opacity="0.7" />
    </g>
  );
}

function Gridiron() {
  // 120 by 53.3 yards: end zones of 10 yards, a line every 5 yards, numbers every 10.
  const lines = [];
  for (let yd = 5; yd <= 95; yd += 5) lines.push(<line key={yd} x1={10 + yd} y1="0" x2={10 + yd} y2="53.3" strokeOpacity={yd % 10 === 0 ? 1 : 0.5} />);
  const numbers = [10, 20, 30, 40, 50, 60, 70, 80, 90].map((yd) => (
    <text key={yd} x={10 + yd} y="49" textAnchor="middle" fontSize="3.2" fontWeight="700" fill="rgba(255, 255, 255, 0.8)">
      {yd <= 50 ? yd : 100 - yd}
    </text>
  ));
  return (
    <g data-field="gridiron">
      <rect className={styles.fieldGround} x="0" y="0" width="120" height="53.3" />
      <rect x="0" y="0" width="10" height="53.3" fill={TEAM_COLOURS[0]} opacity="0.35" />
      <rect x="110" y="0" width="10" height="53.3" fill={TEAM_COLOURS[1]} opacity="0.35" />
      <g className={styles.fieldLines} data-part="yard-lines">
        <rect x="0" y="0" width="120" height="53.3" />
        <line x1="10" y1="0" x2="10" y2="53.3" />
        <line x1="110" y1="0" x2="110" y2="53.3" />
        {lines}
        <line x1="0" y1="23.6" x2="0" y2="29.7" strokeWidth="1" />
        <line x1="120" y1="23.6" x2="120" y2="29.7" strokeWidth="1" />
      </g>
      <g aria-hidden="true">{numbers}</g>
    </g>
  );
}

const COURT_CLASS: Partial<Record<FieldKind, string>> = {
  tennis: styles.fieldCourtTennis,
  volleyball: styles.fieldCourtVolleyball,
  badminton: styles.fieldCourtBadminton,
};

/** The surround of a net court, one and a half metres wide, and the net across the middle. */
function NetCourt({ kind, w, h, children }: { kind: FieldKind; w: number; h: number; children: ReactNode }) {
  const line = w * 0.004;
  return (
    <g data-field={kind}>
      <rect className={styles.fieldSurround} x="-1.5" y="-1.5" width={w + 3} height={h + 3} />
      <rect className={COURT_CLASS[kind]} x="0" y="0" width={w} height={h} />
      <g className={styles.fieldCourtLines} strokeWidth={line} data-part="court-lines">
        <rect x="0" y="0" width={w} height={h} />
        {children}
      </g>
      <line className={styles.fieldNet} x1={w / 2} y1={-0.9} x2={w / 2} y2={h + 0.9} strokeWidth={line * 2.5} data-part="net" />
    </g>
  );
}

function TennisCourt() {
  // 23.77 by 10.97 m (doubles); singles sidelines 1.37 m inside, service lines 6.40 m from the net.
  const [w, h] = SIZE.tennis;
  const s1 = 1.37;
  const sl = [w / 2 - 6.4, w / 2 + 6.4];
  return (
    <NetCourt kind="tennis" w={w} h={h}>
      <line x1="0" y1={s1} x2={w} y2={s1} />
      <line x1="0" y1={h - s1} x2={w} y2={h - s1} />
      {sl.map((x) => (
        <line key={x} x1={x} y1={s1} x2={x} y2={h - s1} />
      ))}
      <line x1={sl[0]} y1={h / 2} x2={sl[1]} y2={h / 2} />
      <line x1="0" y1={h / 2} x2="0.3" y2={h / 2} />
      <line x1={w - 0.3} y1={h / 2} x2={w} y2={h / 2} />
    </NetCourt>
  );
}

function VolleyballCourt() {
  // 18 by 9 m; the attack lines 3 m from the net.
  const [w, h] = SIZE.volleyball;
  return (
    <NetCourt kind="volleyball" w={w} h={h}>
      <line x1={w / 2 - 3} y1="0" x2={w / 2 - 3} y2={h} />
      <line x1={w / 2 + 3} y1="0" x2={w / 2 + 3} y2={h} />
    </NetCourt>
  );
}

function BadmintonCourt() {
  // 13.40 by 6.10 m (doubles); singles sidelines 0.46 m inside, short service lines 1.98 m from
  // the net, the doubles long service lines 0.76 m inside the back lines.
  const [w, h] = SIZE.badminton;
  const s1 = 0.46;
  const short = [w / 2 - 1.98, w / 2 + 1.98];
  return (
    <NetCourt kind="badminton" w={w} h={h}>
      <line x1="0" y1={s1} x2={w} y2={s1} />
      <line x1="0" y1={h - s1} x2={w} y2={h - s1} />
      {[...short, 0.76, w - 0.76].map((x) => (
        <line key={x} x1={x} y1="0" x2={x} y2={h} />
      ))}
      <line x1="0" y1={h / 2} x2={short[0]} y2={h / 2} />
      <line x1={short[1]} y1={h / 2} x2={w} y2={h / 2} />
    </NetCourt>
  );
}

function TableTennisTable() {
  // The frame is the floor: the table 0.6 m in from its edges, white edge lines of 2 cm, the
  // centre line (for doubles) of 3 mm, the net 15.25 cm past each side edge.
  const [w, h] = SIZE.tableTennis;
  const a = 0.6;
  const [tl, tw] = [w - 2 * a, h - 2 * a];
  return (
    <g data-field="tableTennis">
      <rect className={styles.fieldTableFloor} x="0" y="0" width={w} height={h} />
      <rect className={styles.fieldTable} x={a} y={a} width={tl} height={tw} />
      <g className={styles.fieldCourtLines} data-part="court-lines">
        <rect x={a + 0.01} y={a + 0.01} width={tl - 0.02} height={tw - 0.02} strokeWidth="0.02" />
        <line x1={a} y1={h / 2} x2={w - a} y2={h / 2} strokeWidth="0.003" />
      </g>
      <line className={styles.fieldNet} x1={w / 2} y1={a - 0.1525} x2={w / 2} y2={h - a + 0.1525} strokeWidth="0.035" data-part="net" />
    </g>
  );
}

const FIELDS: Record<FieldKind, () => ReactNode> = {
  pitch: Pitch,
  rink: Rink,
  court: Court,
  moba: MobaMap,
  sites: Sites,
  objective: ObjectiveMap,
  gridiron: Gridiron,
  tennis: TennisCourt,
  volleyball: VolleyballCourt,
  badminton: BadmintonCourt,
  tableTennis: TableTennisTable,
};

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
    case "touchdown":
      return (
        <g>
          <ellipse rx={h * 1.1} ry={h * 0.7} fill={c} stroke="#fff" strokeWidth={s * 0.12} />
          <line x1={-h * 0.45} y1="0" x2={h * 0.45} y2="0" stroke="#fff" strokeWidth={s * 0.1} />
        </g>
      );
    case "fieldGoal":
      return (
        <g stroke={c} strokeWidth={s * 0.2} fill="none" strokeLinecap="round">
          <path d={`M${-h * 0.7} ${-h} L${-h * 0.7} 0 L${h * 0.7} 0 L${h * 0.7} ${-h} M0 0 L0 ${h}`} />
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
    case "ace": {
      // A five-pointed star.
      const pts = Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 === 0 ? h * 1.1 : h * 0.45;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        return `${(r * Math.cos(a)).toFixed(3)},${(r * Math.sin(a)).toFixed(3)}`;
      });
      return <polygon points={pts.join(" ")} fill={c} stroke="#fff" strokeWidth={s * 0.1} />;
    }
    case "doubleFault":
      return (
        <g stroke={c} strokeWidth={s * 0.18}>
          <circle r={h * 0.8} fill="#fff" />
          <line x1={-h * 0.5} y1={-h * 0.5} x2={h * 0.5} y2={h * 0.5} />
          <line x1={-h * 0.5} y1={h * 0.5} x2={h * 0.5} y2={-h * 0.5} />
        </g>
      );
    case "winner":
      return <circle r={h * 0.8} fill={c} stroke="#fff" strokeWidth={s * 0.16} />;
    case "breakWon":
      return <path d={`M0 ${-h * 1.1} L${h * 1.1} 0 L0 ${h * 1.1} L${-h * 1.1} 0 Z`} fill={c} stroke="#fff" strokeWidth={s * 0.14} />;
    case "block":
      return <rect x={-h * 0.35} y={-h * 1.1} width={h * 0.7} height={h * 2.2} rx={s * 0.08} fill={c} stroke="#fff" strokeWidth={s * 0.1} />;
    case "smash":
      return <path d={`M${-h} ${-h * 0.8} L${h} ${-h * 0.8} L0 ${h} Z`} fill={c} stroke="#fff" strokeWidth={s * 0.12} />;
    case "edgeBall":
      // Half a ball: it clipped the edge.
      return (
        <g stroke={c} strokeWidth={s * 0.14}>
          <circle r={h * 0.8} fill="#fff" />
          <path d={`M${-h * 0.8} 0 A${h * 0.8} ${h * 0.8} 0 0 0 ${h * 0.8} 0 Z`} fill={c} />
        </g>
      );
    case "netCord":
      // A ball beside a stretch of net.
      return (
        <g>
          <line x1={-h * 0.75} y1={-h} x2={-h * 0.75} y2={h} stroke="#1b1f27" strokeWidth={s * 0.14} />
          <circle cx={h * 0.2} r={h * 0.7} fill={c} stroke="#fff" strokeWidth={s * 0.12} />
        </g>
      );
    case "error":
      return (
        <g stroke={c} strokeWidth={s * 0.16}>
          <rect x={-h * 0.75} y={-h * 0.75} width={h * 1.5} height={h * 1.5} rx={s * 0.12} fill="#fff" />
          <line x1={-h * 0.4} y1={h * 0.4} x2={h * 0.4} y2={-h * 0.4} />
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
  const sides = field === "pitch" || field === "rink" || field === "court" || field === "gridiron" || field === "objective" || netCourt(field);
  // The margin around the field and where the sides' names go: in field units, so a court of a few
  // metres keeps its surround (1.5 m) and names close under it.
  const net = netCourt(field);
  // The table's frame already holds the floor around it: a thin margin is enough.
  const pad = field === "tableTennis" ? 0.1 : 2;
  const below = net ? pad + s * 1.3 : 5;
  const foot = net ? 2 * pad + s * 2 : 8;
  const tip = shown && describe(shown);
  const tipW = tip ? Math.min(w * 0.9, tip.length * s * 0.42 + s) : 0;
  return (
    <figure className={styles.vizField} data-testid="viz-field" data-field={field}>
      <svg viewBox={`${-pad} ${-pad} ${w + 2 * pad} ${h + (sides ? foot : 2 * pad)}`} role="group" aria-label={label} width="100%" onMouseLeave={() => setActive(null)}>
        <title>{label}</title>
        <Field />
        {sides && (
          <g className={styles.vizFieldSides} aria-hidden="true" fontSize={s * 0.9}>
            <text x={net ? 0 : 1} y={h + below} fill={TEAM_COLOURS[0]}>
              {teams[0]} →
            </text>
            <text x={net ? w : w - 1} y={h + below} textAnchor="end" fill={TEAM_COLOURS[1]}>
              ← {teams[1]}
            </text>
          </g>
        )}
        {events.map((e) => (
          <g
            key={e.seq}
            className={`${styles.vizEvent}${e.seq === active ? ` ${styles.vizEventOn}` : ""}${e.seq === newest ? ` ${styles.vizEventNew}` : ""}`}
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
            <circle className={styles.vizEventHit} r={s} fill="transparent" />
            <MarkerShape kind={e.marker} c={teamColour(e.team)} s={s} />
          </g>
        ))}
        {shown && tip && (
          <g className={styles.vizTip} aria-hidden="true" data-testid="viz-tip" pointerEvents="none">
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
