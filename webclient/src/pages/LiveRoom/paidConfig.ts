// The tiers and removal reasons of paid messages (GET /paidmsg/tiers), read once per page load and
// shared by the composer and the pinned bar.
import { useEffect, useState } from "react";
import { paidApi, type PaidTier, type RemovalReason } from "../../api/paidmsg";

export interface PaidConfig {
  tiers: PaidTier[];
  reasons: RemovalReason[];
}

let loading: Promise<PaidConfig> | null = null;

function load(): Promise<PaidConfig> {
  loading ??= paidApi.tiers().then(
    (r) => ({ tiers: r.list ?? [], reasons: r.reasons ?? [] }),
    (e: unknown) => {
      loading = null; // try again next time
      throw e;
    },
  );
  return loading;
}

/** The paid message configuration, null while loading or when it cannot be read. */
export function usePaidConfig(): PaidConfig | null {
  const [cfg, setCfg] = useState<PaidConfig | null>(null);
  useEffect(() => {
    let live = true;
    load().then((c) => live && setCfg(c), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return cfg;
}
