// The tiers and removal reasons of paid messages (GET /paidmsg/tiers), read once per page load and
// shared by the composer, the pinned bar and the removal menu: they read it through useResource
// (src/data), and the load answers every reader from one request (a failed one is asked again by
// the next reader).
import { useResource } from "../../data/resource";
import { paidApi, type PaidTier, type RemovalReason } from "../../api/paidmsg";

export interface PaidConfig {
  tiers: PaidTier[];
  reasons: RemovalReason[];
}

let shared: Promise<PaidConfig> | null = null;

/** The configuration, from the one request of this page load. */
export function loadPaidConfig(): Promise<PaidConfig> {
  shared ??= paidApi.tiers().then(
    (r) => ({ tiers: r.list ?? [], reasons: r.reasons ?? [] }),
    (e: unknown) => {
      shared = null; // try again next time
      throw e;
    },
  );
  return shared;
}

/** Forgets the shared answer (tests). */
export function forgetPaidConfig(): void {
  shared = null;
}

/** The paid message configuration, null while loading or when it cannot be read (no paid messages then). */
export function usePaidConfig(): PaidConfig | null {
  return useResource("paidmsg/tiers", loadPaidConfig).value;
}
