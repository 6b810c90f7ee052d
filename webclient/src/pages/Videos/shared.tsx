// Parts shared by the videos pages: the grid of cards, game names, the kind chips.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Video, VideoKind } from "../../api/videos";
import { VideoCard, localeTag } from "../../components/Videos";
import { useVideosT } from "../../i18n/videos";
import { NoData } from "../../components/NoData";
import "./Videos.css";

/** The reader's name of a game from its catalogue abbreviation ("soccer" → "Football"). */
export function useGameName(): (abbr: string) => string {
  const { t } = useTranslation();
  return (abbr) => (abbr ? String((t as unknown as (k: string, o?: object) => string)(`matches.game.${abbr}`, { defaultValue: abbr })) : "");
}

export function useNumberFormat(): Intl.NumberFormat {
  const { language } = useVideosT();
  return useMemo(() => new Intl.NumberFormat(localeTag(language)), [language]);
}

export function VideoGrid({ videos, strip, showGame = true }: { videos: readonly Video[]; strip?: boolean; showGame?: boolean }) {
  const { t } = useVideosT();
  const gameName = useGameName();
  const nf = useNumberFormat();
  if (videos.length === 0) return <NoData label={t("empty")} />;
  return (
    <ul className={`vgrid${strip ? " vgrid--strip" : ""}`} data-testid="video-grid">
      {videos.map((v) => (
        <VideoCard key={v.id} video={v} gameName={showGame ? gameName(v.game) : undefined} numberFormat={nf} />
      ))}
    </ul>
  );
}

export const LIST_KINDS: readonly (VideoKind | "")[] = ["", "highlight", "replay", "clip", "recording"];

export function KindChips({ kind, onChange }: { kind: VideoKind | ""; onChange: (k: VideoKind | "") => void }) {
  const { t } = useVideosT();
  return (
    <div className="videos__chips" role="tablist">
      {LIST_KINDS.map((k) => (
        <button
          key={k || "all"}
          type="button"
          role="tab"
          aria-selected={kind === k}
          className={`videos__chip${kind === k ? " videos__chip--on" : ""}`}
          data-testid={`kind-${k || "all"}`}
          onClick={() => onChange(k)}
        >
          {t(k ? `kind.${k}` : "kind.all")}
        </button>
      ))}
    </div>
  );
}
