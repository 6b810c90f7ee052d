// /userInfo/levalPower: the user's level and experience, what each activity earned today against its
// daily cap, and the level table with what each level unlocks (badges, rooms with a minimum level).
import { useAtomValue } from "../../state/hooks";
import { useUserAreaT, type UserAreaKey } from "../../i18n/userarea";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { userAreaApi } from "../../api/userarea";
import { tokenAtom } from "../../state/session";
import { Loadable, useResource } from "../../data";
import { BadgeMark } from "./Badge";
import userAreaPagesStyles from "./UserAreaPages.module.css";
import styles from "./UserArea.module.css";

export default function LevelPower() {
  const { t, language } = useUserAreaT();
  const loc = HTML_LANG[language as Locale] ?? "en-US";
  const token = useAtomValue(tokenAtom);
  const lv = useResource(token ? "levels" : null, () => userAreaApi.levels());
  const percent = (exp: number, next: number) => (next > 0 ? Math.min(100, Math.round((exp / next) * 100)) : 100);
  const badgeName = (b: string) => t(`levels.badge.${b}` as UserAreaKey);
  return (
    <div className={`${styles.ucard} ${userAreaPagesStyles.upage}`} data-testid="page-levalPower">
      <h1>{t("levels.title")}</h1>
      <Loadable resource={lv} minHeight={320}>
        {(p) => (
        <>
          <div className={userAreaPagesStyles.ulevel}>
            <div className={userAreaPagesStyles.ulevelBig} data-testid="my-level">{t("levels.level", { level: p.level })}</div>
            <BadgeMark badge={p.badge} />
            <div className={userAreaPagesStyles.ulevelBar} role="progressbar" aria-valuenow={percent(p.experience, p.nextLevelExperience)} aria-valuemin={0} aria-valuemax={100}>
              <span style={{ width: `${percent(p.experience, p.nextLevelExperience)}%` }} />
            </div>
            <p className={userAreaPagesStyles.ulevelHint}>
              {p.nextLevelExperience > 0 ? t("levels.progress", { exp: p.experience, next: p.nextLevelExperience }) : t("levels.max")}
            </p>
          </div>
          <h2>{t("levels.today")}</h2>
          <ul className={userAreaPagesStyles.utoday}>
            {p.today.map((d) => (
              <li key={d.source} data-testid={`today-${d.source}`}>
                <strong>{t(`levels.source.${d.source}` as UserAreaKey)}</strong>
                <span>{t(`levels.perUnit.${d.source}` as UserAreaKey, { n: d.perUnit })}</span>
                <div className={`${userAreaPagesStyles.ulevelBar} ${userAreaPagesStyles.ulevelBarSmall}`}><span style={{ width: `${Math.min(100, (d.earned / Math.max(1, d.dailyCap)) * 100)}%` }} /></div>
                <span className={userAreaPagesStyles.utodayCap}>{t("levels.cap", { earned: d.earned, cap: d.dailyCap })}</span>
              </li>
            ))}
          </ul>
          <table className={userAreaPagesStyles.utable}>
            <thead>
              <tr>
                <th>{t("levels.colLevel")}</th>
                <th>{t("levels.colExp")}</th>
                <th>{t("levels.colBadge")}</th>
                <th>{t("levels.colUnlocks")}</th>
              </tr>
            </thead>
            <tbody>
              {p.levels
                .filter((r) => r.newBadge || p.chatLevels.includes(r.level) || r.level === p.level || r.level === p.level + 1 || r.level % 10 === 0)
                .map((r) => (
                  <tr key={r.level} className={r.level === p.level ? userAreaPagesStyles.utableMe : undefined}>
                    <td>{t("levels.level", { level: r.level })}</td>
                    <td>{r.experience.toLocaleString(loc)}</td>
                    <td><BadgeMark badge={r.badge} /></td>
                    <td>
                      {[
                        r.newBadge ? t("levels.unlockBadge", { badge: badgeName(r.badge) }) : null,
                        p.chatLevels.includes(r.level) ? t("levels.unlockChat", { level: r.level }) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ") || "—"}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </>
        )}
      </Loadable>
    </div>
  );
}
