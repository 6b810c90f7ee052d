// The game catalogue (GET /game/v3/getPCGameSource), loaded once per page load and shared through
// catalogueAtom: the match pages' games and groups, and whether the scores are the demo's.
import { useEffect } from "react";
import { errorText } from "../api/client";
import { matchesApi } from "../api/matches";
import { useAtom } from "./hooks";
import { catalogueAtom } from "./matches";

let catalogueLoad: Promise<void> | null = null;

/** The game catalogue, loaded once and shared through catalogueAtom. */
export function useCatalogue() {
  const [state, setState] = useAtom(catalogueAtom);
  useEffect(() => {
    if (state.status !== "idle") return;
    setState({ status: "loading" });
    catalogueLoad ??= matchesApi.catalogue().then(
      (value) => setState({ status: "ready", value }),
      (err: unknown) => {
        catalogueLoad = null;
        setState({ status: "error", message: errorText(err) });
      },
    );
  }, [state.status, setState]);
  return state;
}

/** Whether the site's scores come from the demo simulator (one badge in the page chrome says so). */
export function useDemoScores(): boolean {
  const cat = useCatalogue();
  return cat.status === "ready" && cat.value.games.some((g) => g.simulated);
}
