// One way to load data (docs/decisions/0006-one-data-layer.md): pages and components read the
// server through useResource / usePaged, never through a hand-written effect or their own loader
// hook. This test finds effects that call src/api/* and home-grown loader hooks. Files still on the
// old way are listed below while the migration runs; the list may only shrink (a file that no
// longer needs its entry fails the test until the entry goes).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "..");

/** Files that still load the old way; delete a line when its file moves to src/data. */
const NOT_YET: string[] = [
  "components/Article/MatchPreviewArticle.tsx",
  "components/Article/MatchPreviews.tsx",
  "components/Comments/Comments.tsx",
  "components/GiftLeaderboard/GiftLeaderboard.tsx",
  "components/HeaderSearch.tsx",
  "components/LiveNotice/LiveNoticeToast.tsx",
  "components/LoginModal/ThirdPartyButtons.tsx",
  "components/ModPresets/ModPresetsForm.tsx",
  "components/Player/Player.tsx",
  "components/Proclamation/ProclamationBanner.tsx",
  "pages/Admin/ops/DashboardCharts.tsx",
  "pages/Anchor/AnchorCenter.tsx",
  "pages/Anchor/Announce.tsx",
  "pages/Anchor/Apply.tsx",
  "pages/Anchor/CustomTagForm.tsx",
  "pages/Anchor/LiveLinkDetails.tsx",
  "pages/Anchor/LiveSettings.tsx",
  "pages/Anchor/MatchPicker.tsx",
  "pages/Anchor/Revenue.tsx",
  "pages/Live/CustomLive.tsx",
  "pages/Live/FollowingLive.tsx",
  "pages/Live/LiveColumn.tsx",
  "pages/Live/LiveData.tsx",
  "pages/Live/LivePage.tsx",
  "pages/LiveRoom/ChatterCard.tsx",
  "pages/LiveRoom/PinnedBar.tsx",
  "pages/LiveRoom/Predictions.tsx",
  "pages/LiveRoom/RoomDetails.tsx",
  "pages/LiveRoom/RoomHead.tsx",
  "pages/Matches/hooks.ts",
  "pages/MultiView/RoomPicker.tsx",
  "pages/MultiView/Tile.tsx",
  "pages/SelfTest/SelfTest.tsx",
  "pages/Support/Support.tsx",
  "pages/User/Profile.tsx",
  "pages/Videos/Channel.tsx",
  "pages/Videos/HomeVideos.tsx",
  "pages/Videos/MatchRecordings.tsx",
  "pages/Videos/Replay.tsx",
  "pages/Videos/VideoPage.tsx",
  "pages/Wallet/Recharge.tsx",
  "pages/Wallet/Vip.tsx",
  "pages/Wallet/Water.tsx",
];

/**
 * Effects that call src/api/* but load nothing for display (a heartbeat, a view report, a
 * subscription): the file and why. Keep it short; a read for display goes through src/data.
 */
const NOT_A_LOAD: Record<string, string> = {};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** The text of `useEffect(...)`'s arguments, for every effect in src. */
function effects(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/\buseEffect\(/g)) {
    let depth = 0;
    let i = m.index + m[0].length - 1;
    const start = i;
    for (; i < src.length; i++) {
      if (src[i] === "(") depth++;
      else if (src[i] === ")" && --depth === 0) break;
    }
    out.push(src.slice(start, i + 1));
  }
  return out;
}

/** Identifiers imported from the area call modules (src/api/*, not the client itself). */
function apiImports(src: string): string[] {
  const names: string[] = [];
  for (const m of src.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*"[./]*\/?api\/(?!client")[^"]+";/gm)) {
    for (const item of m[1]!.split(",")) {
      const t = item.trim();
      if (!t || t.startsWith("type ")) continue;
      names.push(t.split(/\s+as\s+/).pop()!.trim());
    }
  }
  return names;
}

export function offenders(): string[] {
  const found: string[] = [];
  for (const f of walk(SRC)) {
    const rel = relative(SRC, f);
    if (!/\.tsx?$/.test(f) || /\.test\.tsx?$/.test(f) || rel.startsWith("data/") || rel.startsWith("test/")) continue;
    if (!rel.startsWith("pages/") && !rel.startsWith("components/")) continue;
    const src = readFileSync(f, "utf8");
    const why: string[] = [];
    if (/export function use\w*(Load|Fetch|Paged)\w*\s*[<(]/.test(src)) why.push("defines its own loader hook");
    if (/^import\s*\{[^}]*\b(useFetch|usePagedMatches|useLoad|usePagedList|usePaged)\b[^}]*\}\s*from\s*"(?![./]*data")[^"]+";/m.test(src)) why.push("uses an old loader hook");
    const apis = apiImports(src);
    if (apis.length) {
      const call = new RegExp(`\\b(${apis.join("|")})\\s*[.(]`);
      if (effects(src).some((e) => call.test(e))) why.push("calls src/api in an effect");
    }
    if (why.length) found.push(`${rel} (${why.join(", ")})`);
  }
  return found.sort();
}

describe("one way to load data", () => {
  it("no page loads data in a hand-written effect or its own loader hook", () => {
    const fileOf = (o: string) => o.split(" (")[0] ?? o;
    const names = offenders().map(fileOf);
    const unexpected = offenders().filter((o) => !NOT_YET.includes(fileOf(o)) && !(fileOf(o) in NOT_A_LOAD));
    const done = NOT_YET.filter((f) => !names.includes(f));
    expect({ unexpected, done }).toEqual({ unexpected: [], done: [] });
  });
});
