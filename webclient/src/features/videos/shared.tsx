// Parts shared by the videos pages: the grid of cards, game names, the kind chips.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Video, VideoKind } from "../../api/videos";
import { VideoCard, localeTag } from "../../components/Videos";
import { useVideosT } from "../../i18n/videos";
import { NoData } from "../../components/NoData";
import videosStyles from "./Videos.module.css";
import styles from "../../components/Videos/Videos.module.css";
import { TabList } from "../../components/TabList/TabList";

/** The reader's name of a game from its catalogue abbreviation ("soccer" → "Football"). */
export function useGameName(): (abbr: string) => string {
  const { t } = useTranslation();
  return (abbr) => (abbr ? String((t as unknown as (k: string, o?: object) => string)(`matches.game.${abbr}`, { defaultValue: abbr })) : "");
}

export function useNumberFormat(): Intl.NumberFormat {
  const { language } = useVideosT();
  return useMemo(() => new Intl.NumberFormat(localeTag(language)), [language]);
}

/** `className` adds the page's own layout (e.g. one column in a side bar) to the grid's. */
export function VideoGrid({ videos, strip, showGame = true, className }: { videos: readonly Video[]; strip?: boolean; showGame?: boolean; className?: string }) {
  const { t } = useVideosT();
  const gameName = useGameName();
  const nf = useNumberFormat();
  if (videos.length === 0) return <NoData label={t("empty")} />;
  return (
    <ul className={[styles.vgrid, strip && styles.vgridStrip, className].filter(Boolean).join(" ")} data-testid="video-grid">
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
    <TabList
      items={LIST_KINDS.map((k) => ({ key: k, label: t(k ? `kind.${k}` : "kind.all"), testId: `kind-${k || "all"}` }))}
      selected={kind}
      onSelect={onChange}
      className={videosStyles.videosChips}
      tabClassName={videosStyles.videosChip}
      selectedClassName={videosStyles.videosChipOn}
    />
  );
}
