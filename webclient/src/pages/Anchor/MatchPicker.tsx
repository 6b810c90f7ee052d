// The match picker of the live settings (issue 17): instead of typing a match id, the streamer
// searches the matches in the streaming window (in play, or starting within the hour: the server
// applies the same rule as when linking) by team or competition, and links one. Linking still goes
// through POST /anchor/toggleMatchId.
import { useEffect, useState } from "react";
import type { MatchItem } from "../../api/matches";
import { streamCentreApi } from "../../api/streamcentre";
import { Loadable, useResource } from "../../data";
import { useCentreT } from "../../i18n/streamcentre";
import { HTML_LANG, isLocale } from "../../i18n/locales";
import { inPlay } from "../../features/matches/live";
import styles from "./Anchor.module.css";

/** How long the picker waits after the last keystroke before searching. */
export const PICKER_DEBOUNCE_MS = 250;

export function MatchPicker({ linkedId, busy, onPick }: { linkedId: string; busy: boolean; onPick: (m: MatchItem) => void }) {
  const { t, language } = useCentreT();
  const [q, setQ] = useState("");
  // The search runs once typing pauses: the query the list answers follows the field after a delay.
  const [asked, setAsked] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setAsked(q.trim()), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [q]);
  const res = useResource(`streamable-matches|${asked}`, () => streamCentreApi.streamableMatches(asked));

  const time = new Intl.DateTimeFormat(isLocale(language) ? HTML_LANG[language] : undefined, { hour: "2-digit", minute: "2-digit" });
  return (
    <div className={styles.anchorPicker} data-testid="match-picker">
      <label className={styles.anchorField}>
        <span>{t("picker.search")}</span>
        <input type="search" data-testid="match-search" value={q} placeholder={t("picker.placeholder")} maxLength={60} onChange={(e) => setQ(e.target.value)} />
      </label>
      <span className={styles.anchorMuted}>{t("picker.rule")}</span>
      <Loadable resource={res} empty={(r) => r.list.length === 0} emptyLabel={t("picker.empty")} minHeight={120}>
        {({ list }) => (
        <ul className={styles.anchorPickerList} data-testid="match-picker-list" aria-busy={q.trim() !== asked}>
          {list.map((m) => {
            const on = m.id === linkedId;
            return (
              <li key={m.id} className={`${styles.anchorPickerItem}${on ? ` ${styles.anchorPickerItemOn}` : ""}`} data-testid="match-option" data-match-id={m.id}>
                <div>
                  <div className={styles.anchorPickerTeams}>
                    {m.homeName} – {m.awayName}
                  </div>
                  <div className={styles.anchorPickerMeta}>
                    <span>{m.leagueName}</span>
                    {inPlay(m.status) ? (
                      <span className={styles.anchorPickerLive}>
                        {t("picker.inPlay")} · {m.homeScore}–{m.awayScore}
                        {m.periodName ? ` · ${m.periodName}` : ""}
                      </span>
                    ) : (
                      <span>{t("picker.startsAt", { time: time.format(new Date(m.startTime)) })}</span>
                    )}
                  </div>
                </div>
                <button type="button" className={`${styles.anchorButton} ${styles.anchorButtonSmall}`} data-testid="match-option-link" disabled={busy || on} onClick={() => onPick(m)}>
                  {on ? t("picker.linked") : t("picker.link")}
                </button>
              </li>
            );
          })}
        </ul>
        )}
      </Loadable>
    </div>
  );
}
