// Gift effects over the video (issue 17), seen by every viewer because they are driven by the
// room's `gift` events, not by the sender's click. Big gifts play one at a time from a queue
// (FxPlayer, skippable); smaller ones show as banners at the start edge. Repeats of the same gift by
// the same sender count up on the playing item or banner (giftFx.ts). The scene module is lazy:
// the room page loads it when the first big gift arrives.
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { ChatLine } from "../../realtime/roomLog";
import { useGiftFxT } from "../../i18n/giftfx";
import {
  advance,
  COMBO_WINDOW_MS,
  EMPTY_QUEUE,
  enqueue,
  freshGifts,
  fxItem,
  iconUrl,
  isBigGift,
  sceneOf,
  type FxItem,
  type FxQueue,
  type GiftInfo,
} from "./giftFx";
import { useGiftCatalogue } from "./catalogue";
import styles from "./GiftOverlay.module.css";

const GiftScene = lazy(() => import("./GiftScene"));

/** How long one big animation plays after its last combo step; a still card shows shorter. */
export const SCENE_MS = 4500;
export const STILL_MS = 3000;
/** The scene's exit (GiftScene.css fx-out) plays in the last EXIT_MS. */
const EXIT_MS = 400;
/** A banner stays this long after its last send; at most MAX_BANNERS show. */
const BANNER_MS = 4000;
const MAX_BANNERS = 3;

/** Whether the reader's system asks for reduced motion (followed live). */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => !!reducedMotionQuery()?.matches);
  useEffect(() => {
    const query = reducedMotionQuery();
    if (!query) return;
    const on = () => setReduced(query.matches);
    on();
    query.addEventListener?.("change", on);
    return () => query.removeEventListener?.("change", on);
  }, []);
  return reduced;
}

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
}

/**
 * The playing item of a queue with its Skip button; calls onDone when the scene's time is up
 * (counted again from each combo step, so a combo keeps the scene on screen).
 */
export function FxPlayer({ queue, catalogue, onDone }: { queue: FxQueue; catalogue: ReadonlyMap<string, GiftInfo>; onDone(): void }) {
  const { t } = useGiftFxT();
  const still = usePrefersReducedMotion();
  const item = queue.playing;
  const ms = still ? STILL_MS : SCENE_MS;
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    setLeaving(false);
    if (!item) return;
    const leave = setTimeout(() => setLeaving(true), ms - EXIT_MS);
    const done = setTimeout(onDone, ms);
    return () => {
      clearTimeout(leave);
      clearTimeout(done);
    };
  }, [item, ms, onDone]); // a new item or combo step is a new object: the time restarts
  if (!item) return null;
  return (
    <div className={styles.giftFx} data-testid="gift-fx" data-key={item.key}>
      <Suspense fallback={null}>
        <GiftScene key={item.key} item={item} scene={sceneOf(catalogue.get(item.gift) ?? { name: item.giftName, icon: item.icon })} still={still} leaving={leaving && !still} />
      </Suspense>
      <button type="button" className={styles.giftFxSkip} data-testid="gift-fx-skip" onClick={onDone}>
        {t("skip")}
        {queue.waiting.length > 0 && <small> · {t("waiting", { n: queue.waiting.length })}</small>}
      </button>
    </div>
  );
}

interface Banner extends FxItem {
  until: number;
}

export interface GiftOverlayProps {
  lines: ChatLine[];
  joined: boolean;
  catalogue: ReadonlyMap<string, GiftInfo>;
  /** Lines up to this seq count as seen: the overlay mounted late (with the first fresh gift). */
  since?: number;
  now?: () => number;
}

export const GiftOverlay = memo(function GiftOverlay({ lines, joined, catalogue, since = 0, now = Date.now }: GiftOverlayProps) {
  const { t } = useGiftFxT();
  const [queue, setQueue] = useState<FxQueue>(EMPTY_QUEUE);
  const [banners, setBanners] = useState<Banner[]>([]);
  // The newest seq seen: until the room is joined everything counts as seen (the history).
  const seen = useRef(since);

  useEffect(() => {
    const newest = lines.reduce((m, l) => (l.kind === "event" ? Math.max(m, l.seq) : m), 0);
    const fresh = joined ? freshGifts(lines, seen.current) : [];
    seen.current = Math.max(seen.current, newest);
    if (fresh.length === 0) return;
    const at = now();
    const big: FxItem[] = [];
    const small: FxItem[] = [];
    for (const ev of fresh) {
      const g = ev.gift ? catalogue.get(ev.gift) : undefined;
      (isBigGift(g, ev.count ?? 1) ? big : small).push(fxItem(ev, g));
    }
    if (big.length > 0) setQueue((q) => big.reduce((acc, it) => enqueue(acc, it), q));
    if (small.length > 0)
      setBanners((cur) => {
        let next = cur.filter((b) => b.until > at);
        for (const it of small) {
          const i = next.findIndex((b) => b.uid === it.uid && b.gift === it.gift && it.ts - b.ts <= COMBO_WINDOW_MS && it.ts >= b.ts);
          if (i >= 0) {
            const b = next[i]!;
            next = next.map((x, j) => (j === i ? { ...b, combo: b.combo + 1, total: b.total + it.total, ts: it.ts, until: at + BANNER_MS } : x));
          } else next = [...next, { ...it, until: at + BANNER_MS }];
        }
        return next.slice(-MAX_BANNERS);
      });
  }, [lines, joined, catalogue, now]);

  // Banners leave when their time is up.
  useEffect(() => {
    if (banners.length === 0) return;
    const soonest = Math.min(...banners.map((b) => b.until));
    const id = setTimeout(() => setBanners((cur) => cur.filter((b) => b.until > now())), Math.max(50, soonest - now()));
    return () => clearTimeout(id);
  }, [banners, now]);

  const next = useCallback(() => setQueue(advance), []);

  return (
    <div className={styles.giftOverlay} aria-label={t("overlay")} data-testid="gift-overlay" data-playing={queue.playing?.gift ?? ""} data-waiting={queue.waiting.length}>
      <ul className={styles.giftBanners} aria-live="polite">
        {banners.map((b) => {
          const src = iconUrl(b.icon);
          return (
            <li key={b.key} className={styles.giftBanner} data-testid="gift-banner" data-combo={b.combo}>
              <bdi className={styles.giftBannerName}>{b.name}</bdi>
              <span>{t("sent", { gift: b.giftName, count: b.count })}</span>
              {src ? <img src={src} alt="" width={32} height={32} /> : <span aria-hidden="true">✦</span>}
              {b.combo > 1 && (
                <strong className={styles.giftBannerCombo} key={b.combo} data-testid="gift-banner-combo">
                  ×{b.combo}
                </strong>
              )}
            </li>
          );
        })}
      </ul>
      <FxPlayer queue={queue} catalogue={catalogue} onDone={next} />
    </div>
  );
});

/**
 * A live room's overlay: it mounts with the room's first gift (LiveRoom.tsx) and shows once the
 * catalogue has been read, so that gift already knows whether it is big.
 */
export function RoomGiftOverlay(props: Omit<GiftOverlayProps, "catalogue">) {
  const catalogue = useGiftCatalogue();
  return catalogue && <GiftOverlay {...props} catalogue={catalogue} />;
}
