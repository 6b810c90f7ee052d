// The demo operators' call (api/matches/README.md, "Demo clock"): play a demo match ahead of the
// schedule. Administrators only; paths and payloads here, the call contract in client.ts.
import { api } from "./client";

export interface DemoAdvanced {
  matchId: string;
  minutesAhead: number;
}

export const demoAdminApi = {
  /** Plays matchId `minutes` (1–600) ahead; failures are shown on the screen, not toasted. */
  advance: (matchId: string, minutes: number) =>
    api.post<DemoAdvanced>("/admin/demo/matches/advance", { matchId, minutes }, { toast: false }),
};
