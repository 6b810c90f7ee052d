// The gift catalogue of GET /java/gift (wallet service): {list: [{id, name, icon, currency, price}]}.
// Loaded once per page load; a failure is not cached so the next visit tries again. The live
// room (gift panel and effects) and the /svga preview read it.
import { useEffect, useState } from "react";
import { api } from "../../api/client";

export interface Gift {
  id: string;
  name: string;
  icon?: string;
  /** "gold" (coins) or "score" (diamonds), as the wallet names them. */
  currency: string;
  price: number;
}

interface RawGift {
  id?: unknown;
  name?: unknown;
  icon?: unknown;
  currency?: unknown;
  price?: unknown;
}

/** Keeps the well-formed entries of the answer (ids become strings: the `gift` command wants one). */
export function parseCatalogue(result: unknown): Gift[] {
  const raw = (result as { list?: unknown } | null)?.list ?? result;
  if (!Array.isArray(raw)) return [];
  const out: Gift[] = [];
  for (const g of raw as RawGift[]) {
    if (!g || (typeof g.id !== "string" && typeof g.id !== "number") || typeof g.name !== "string") continue;
    out.push({
      id: String(g.id),
      name: g.name,
      icon: typeof g.icon === "string" && g.icon ? g.icon : undefined,
      currency: typeof g.currency === "string" ? g.currency : "gold",
      price: typeof g.price === "number" ? g.price : Number(g.price) || 0,
    });
  }
  return out;
}

let cached: Promise<Gift[]> | null = null;

/** The catalogue; rejects when the endpoint is not served or fails. */
export function loadGifts(): Promise<Gift[]> {
  cached ??= api.get<unknown>("/gift", { toast: false }).then(parseCatalogue);
  cached.catch(() => (cached = null));
  return cached;
}

/** Drops the loaded catalogue so the next loadGifts asks again (tests; a later refresh). */
export function forgetGifts(): void {
  cached = null;
}

/**
 * The catalogue by id for the room's gift effects (every viewer, signed in or not: GET /gift is
 * public); null until read, empty when it cannot be read (gifts then show as banners).
 */
export function useGiftCatalogue(): ReadonlyMap<string, Gift> | null {
  const [map, setMap] = useState<ReadonlyMap<string, Gift> | null>(null);
  useEffect(() => {
    let live = true;
    loadGifts().then(
      (gifts) => live && setMap(new Map(gifts.map((g) => [g.id, g]))),
      () => live && setMap(new Map()),
    );
    return () => {
      live = false;
    };
  }, []);
  return map;
}
