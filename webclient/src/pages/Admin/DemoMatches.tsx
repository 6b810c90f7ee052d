// /admin/demo — the demo clock (administrators): the demo's matches in play and the next ones, each
// with buttons that play it ahead of the schedule, so whoever shows the site sees a match kick off,
// score or finish now instead of waiting for the hour it is scheduled at. Only matches the demo
// simulator plays are listed; with a real data provider the list is empty and says why.
import { useEffect, useRef, useState } from "react";
import { errorText } from "../../api/client";
import { useTranslation } from "react-i18next";
import { demoAdminApi } from "../../api/demo";
import { matchesApi, type MatchItem } from "../../api/matches";
import { Loadable, useResource } from "../../data";
import { formatTime } from "./format";
import styles from "./Admin.module.css";

/** The steps offered: a few minutes (see a score move), an hour, and far enough to finish any game. */
const STEPS = [5, 60, 600] as const;
/** The wait before the list is read again after a step: the match actor applies the events on its own time. */
const SETTLE_MS = 1500;

export default function DemoMatches() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const matches = useResource("admin-demo", (signal) =>
    Promise.all([matchesApi.live({ pageSize: 20 }, signal), matchesApi.upcoming({ pageSize: 20 }, signal)]).then(([live, next]) =>
      [...live.list, ...next.list].filter((m) => m.source === "simulator"),
    ),
  );
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const advance = (m: MatchItem, minutes: number) => {
    setError("");
    setDone("");
    demoAdminApi.advance(m.id, minutes).then(
      () => {
        setDone(t("admin.demo.done", { match: `${m.homeName} – ${m.awayName}`, minutes }));
        clearTimeout(settle.current);
        settle.current = setTimeout(matches.refresh, SETTLE_MS);
      },
      (e) => setError(errorText(e)),
    );
  };
  return (
    <section data-testid="admin-demo">
      <h1 className={styles.adminTitle}>{t("admin.menu.demo")}</h1>
      <p className={styles.adminHint}>{t("admin.demo.hint")}</p>
      {error && <p className={styles.adminError} role="alert">{error}</p>}
      {done && <p className={styles.adminOk} role="status" data-testid="admin-demo-done">{done}</p>}
      <Loadable resource={matches} empty={(rows) => rows.length === 0} emptyLabel={t("admin.demo.none")}>
        {(rows) => (
          <table className={styles.adminTable}>
            <thead>
              <tr>
                <th>{t("admin.demo.match")}</th>
                <th>{t("admin.demo.kickOff")}</th>
                <th>{t("admin.demo.state")}</th>
                <th>{t("admin.demo.playAhead")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id} data-testid="admin-demo-match">
                  <td>
                    <strong>{m.homeName} – {m.awayName}</strong>
                    <div className={styles.adminHint}>{m.leagueName}</div>
                  </td>
                  <td>{formatTime(m.startTime, lang)}</td>
                  <td>{m.status === 0 || m.status === 8 ? t("admin.demo.notStarted") : `${m.homeScore} – ${m.awayScore} · ${m.periodName || m.statusName}`}</td>
                  <td>
                    {STEPS.map((minutes) => (
                      <button key={minutes} type="button" className={styles.adminBtn} data-testid={`admin-demo-advance-${minutes}`} onClick={() => advance(m, minutes)}>
                        {minutes < 60 ? t("admin.demo.minutes", { count: minutes }) : t("admin.demo.hours", { count: minutes / 60 })}
                      </button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </section>
  );
}
