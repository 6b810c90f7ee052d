// A game's competitions as cards (the game page and the game's data hub): crest, name and country,
// each leading to its library page, with the loading, error and no-data states of <Loadable>.
import { Link } from "react-router";
import type { LeagueInfo } from "../../api/matches";
import { Region } from "../../components/Region";
import { Loadable, type Resource } from "../../data";
import { TeamLogo } from "./MatchRow";
import styles from "./LeagueGrid.module.css";

export function LeagueGrid({ leagues, cardTestId }: { leagues: Resource<LeagueInfo[]>; cardTestId: string }) {
  return (
    <Loadable resource={leagues} empty={(list) => list.length === 0}>
      {(list) => <Cards list={list} cardTestId={cardTestId} />}
    </Loadable>
  );
}

function Cards({ list, cardTestId }: { list: LeagueInfo[]; cardTestId: string }) {
  return (
    <ul className={styles.leagueGrid}>
      {list.map((l) => (
        <li key={l.id}>
          <Link to={`/leagueLibrary/${encodeURIComponent(l.id)}`} className={styles.leagueCard} data-testid={cardTestId}>
            <span className={styles.leagueCardName}>
              <TeamLogo src={l.logo} name={l.name} /> {l.name}
            </span>
            <span className={styles.leagueCardCounts}>
              <Region name={l.country} code={l.countryCode} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
