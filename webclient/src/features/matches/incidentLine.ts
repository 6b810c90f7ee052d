// The line of a key event or of text live, written in the reader's language from the incident's
// structured fields (feed.Incident: type, team, player, second player, period, score). The feed's
// own Text is one English sentence: it is shown only on an English page, and only for a type this
// module has no sentence for; every other page gets a translated generic line instead.
import type { TextLine } from "../../api/matches";

/** A translate function as i18next's t, narrowed to what the builder needs. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A piece of a line: text of the sentence, or a name (player, team) the page isolates with dir=auto. */
export type LinePart = string | { name: string };

export interface LineContext {
  t: Translate;
  /** Whether the key exists in the reader's language (i18next's exists). */
  exists: (key: string) => boolean;
  /** BCP-47 tag of the page ("ar", "de"), for numbers. */
  tag: string;
  /** Whether the page is in English: only then may the feed's English Text stand in. */
  english: boolean;
  teams: readonly [string, string];
}

// Types whose sentence names the side's objective (MOBA monsters and structures): one sentence per
// shape, the objective's name from matches.objective.
const OBJECTIVES = new Set(["dragon", "herald", "baron", "tyrant", "overlord", "abyssalDragon", "darkSlayer", "turtle", "lord", "roshan"]);
const FIRST_OBJECTIVES: Record<string, string> = {
  firstDragon: "dragon",
  firstBaron: "baron",
  firstTyrant: "tyrant",
  firstOverlord: "overlord",
  firstRoshan: "roshan",
};

// Names pass through the translation as markers, then come back as parts of their own.
const MARK = /\uE000(\d+)\uE001/;

// A text-live tab writes hundreds of numbers: one formatter per language and width, made once.
const formatters = new Map<string, Intl.NumberFormat>();
function num(n: number, tag: string, digits = 1): string {
  const key = `${tag}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, { useGrouping: false, minimumIntegerDigits: digits });
    formatters.set(key, f);
  }
  return f.format(n);
}

/** Digits of a minute or clock ("45+2'", "Q3 04:12") in the page's numerals, a clock's zeros kept. */
export function localMinute(minute: string, tag: string): string {
  return minute.replace(/\d+/g, (d) => num(Number(d), tag, Math.min(d.length, 21)));
}

/**
 * The score "2-1", home first, in the page's numerals. Word joiners keep it on one line: a long
 * line would otherwise wrap after the hyphen ("(3-" / "2)"). On an Arabic page the digits follow
 * Arabic letters and so read right to left, home on the right, as the page's scoreboard does.
 */
export function localScore(score: readonly [number, number], tag: string): string {
  return `${num(score[0], tag)}\u2060-\u2060${num(score[1], tag)}`;
}

/** The line's parts: sentence text and the names in it. */
export function incidentParts(l: TextLine, ctx: LineContext): LinePart[] {
  const names: string[] = [];
  const mark = (name: string) => {
    names.push(name);
    return `\uE000${names.length - 1}\uE001`;
  };
  const side = l.team === 0 || l.team === 1 ? ctx.teams[l.team] : "";
  const other = l.team === 0 || l.team === 1 ? ctx.teams[1 - l.team] : "";
  const score = l.score ? localScore(l.score, ctx.tag) : "";
  const teamMark = side ? mark(side) : "";
  const vars: Record<string, string | number> = {
    team: teamMark,
    other: other ? mark(other) : "",
    home: mark(ctx.teams[0]),
    away: mark(ctx.teams[1]),
    // A sentence about a player names the side when the feed has no player (a card to a team);
    // "Northbridge (Northbridge)" then shrinks to the side once, below.
    name: l.name ? mark(l.name) : teamMark,
    assist: l.assist ? mark(l.assist) : "",
    n: l.period ? num(l.period, ctx.tag) : "",
    score,
  };
  let key = `matches.line.${l.type}`;
  if (OBJECTIVES.has(l.type) || l.type in FIRST_OBJECTIVES) {
    vars.objective = ctx.t(`matches.objective.${FIRST_OBJECTIVES[l.type] ?? l.type}`);
    key = l.type in FIRST_OBJECTIVES ? "matches.line.firstObjective" : "matches.line.objective";
  } else if (l.type === "finish" && !side) {
    key = "matches.line.draw";
  } else if (ctx.exists(`${key}_assist`) && l.assist) {
    key = `${key}_assist`;
  }
  let text: string;
  if (ctx.exists(key) && (side || !needsSide(l.type))) {
    text = ctx.t(key, vars);
  } else if (ctx.english && l.text) {
    return [l.text];
  } else {
    text = ctx.t(side ? "matches.line.other" : "matches.line.otherNeutral", vars);
  }
  if (!l.name && teamMark) text = text.split(`${teamMark} (${teamMark})`).join(teamMark).split(`${teamMark}（${teamMark}）`).join(teamMark);
  // The score goes where the sentence puts it, or after the sentence.
  if (score && !text.includes(score)) text = ctx.t("matches.line.withScore", { line: text, score });
  return split(text, names);
}

/** The line as plain text (tests, labels). */
export function incidentLine(l: TextLine, ctx: LineContext): string {
  return incidentParts(l, ctx)
    .map((p) => (typeof p === "string" ? p : p.name))
    .join("");
}

// Sentences about a side cannot be written without one (a feed line with team -1 falls back).
function needsSide(type: string): boolean {
  return !["fullTime", "postponed", "cancelled", "abandoned", "periodEnd", "roundEnd", "finish"].includes(type);
}

function split(text: string, names: string[]): LinePart[] {
  const out: LinePart[] = [];
  let rest = text;
  for (let m = MARK.exec(rest); m; m = MARK.exec(rest)) {
    if (m.index > 0) out.push(rest.slice(0, m.index));
    out.push({ name: names[Number(m[1])] ?? "" });
    rest = rest.slice(m.index + m[0].length);
  }
  if (rest) out.push(rest);
  return out;
}
