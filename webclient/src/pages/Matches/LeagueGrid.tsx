// A game's competitions as cards (the game page and the game's data hub): crest, name and country,
// each leading to its library page, with the loading, error and no-data states of a fetched list.
import { Link } from "react-router";
import type { LeagueInfo } from "../../api/matches";
import { NoData } from "../../components/NoData";
import { Region } from "../../components/Region";
import type { Fetched } from "./hooks";
import { LoadError, Loading } from "./MatchList";
import { TeamLogo } from "./MatchRow";

export function LeagueGrid({ leagues, cardTestId }: { leagues: { state: Fetched<LeagueInfo[]>; reload: () => void }; cardTestId: string }) {
  const { state, reload } = leagues;
  if (state.status === "loading") return <Loading />;
  if (state.status === "error") return <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />;
  if (state.value.length === 0) return <NoData />;
  return (
    <ul className="league-grid">
      {state.value.map((l) => (
        <li key={l.id}>
          <Link to={`/leagueLibrary/${encodeURIComponent(l.id)}`} className="league-card" data-testid={cardTestId}>
            <span className="league-card__name">
              <TeamLogo src={l.logo} name={l.name} /> {l.name}
            </span>
            <span className="league-card__counts">
              <Region name={l.country} code={l.countryCode} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
