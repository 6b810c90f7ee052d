// /expert/specialist — specialists: the approved experts of one game at a time (the games they
// chose when applying), best luck-adjusted record first, so a fan of one sport finds its experts.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type Expert } from "../../api/experts";
import { Loadable, useResource } from "../../data";
import { gameLabel } from "../../features/matches/hooks";
import { useGameNames } from "../../features/live/hooks";
import { ExpertsNav } from "./ExpertsHome";
import { ExpertCard } from "../../features/experts/parts";
import styles from "../../features/experts/Experts.module.css";

/** The games among the experts, most experts first (ties by game id, so the order is stable). */
export function specialistGames(list: readonly Pick<Expert, "games">[]): number[] {
  const n = new Map<number, number>();
  for (const e of list) for (const g of e.games) n.set(g, (n.get(g) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([g]) => g);
}

export default function Specialists() {
  const { t } = useExpertsT();
  const { t: gt } = useTranslation();
  const names = useGameNames();
  const experts = useResource("experts:library:luck", () => expertsApi.library("luck").then((r) => r.list));
  const list = experts.value;
  const [game, setGame] = useState(0);
  const games = useMemo(() => specialistGames(list ?? []), [list]);
  const current = game || games[0] || 0;
  const shown = (list ?? []).filter((e) => e.games.includes(current));
  return (
    <main className={styles.experts} data-testid="experts-specialists">
      <ExpertsNav />
      <h2 className={styles.expertsSub}>{t("experts.specialist.title")}</h2>
      <p className={styles.expertsMuted}>{t("experts.specialist.help")}</p>
      <div className={styles.expertsViews} role="group">
        {games.map((g) => (
          <button key={g} type="button" className={`${styles.expertsView}${g === current ? ` ${styles.expertsViewOn}` : ""}`} aria-pressed={g === current}
            onClick={() => setGame(g)} data-testid="specialist-game">
            {gameLabel(gt, names.get(g)) || t("experts.specialist.otherGame")}
          </button>
        ))}
      </div>
      <Loadable resource={experts} empty={() => shown.length === 0}>
        {() => <ul className={styles.expertsCards}>{shown.map((e) => <ExpertCard key={e.id} expert={e} />)}</ul>}
      </Loadable>
    </main>
  );
}
