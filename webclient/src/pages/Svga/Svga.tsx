// /svga (spec route list; issue 17): every gift of the catalogue with the animation a live room
// plays for it. The page keeps the name of the spec's route (the original played SVGA files);
// ours are CSS scenes over SVG pictures (docs/decisions/0014-gift-animation.md). "Play" queues a
// gift's scene on the stage exactly as a room's overlay does, so several play one after another
// and Skip moves on; reduced motion shows still cards.
import { useCallback, useEffect, useState } from "react";
import { useGiftFxT } from "../../i18n/giftfx";
import { loadGifts, type Gift } from "../../components/GiftFx/catalogue";
import { FxPlayer, usePrefersReducedMotion } from "../../components/GiftFx/GiftOverlay";
import { advance, BIG_GIFT_COINS, coinValue, EMPTY_QUEUE, enqueue, iconUrl, type FxQueue } from "../../components/GiftFx/giftFx";
import { NoData } from "../../components/NoData";
import styles from "./Svga.module.css";

type State = { status: "loading" } | { status: "ready"; gifts: Gift[] } | { status: "error" };

/** The smallest quantity of a gift that plays the big animation. */
export function bigFrom(g: Gift): number {
  return Math.max(1, Math.ceil(BIG_GIFT_COINS / Math.max(1, coinValue(g, 1))));
}

export default function Svga() {
  const { t } = useGiftFxT();
  const reduced = usePrefersReducedMotion();
  const [state, setState] = useState<State>({ status: "loading" });
  const [queue, setQueue] = useState<FxQueue>(EMPTY_QUEUE);
  const [seq, setSeq] = useState(1);

  useEffect(() => {
    let live = true;
    loadGifts().then(
      (gifts) => live && setState({ status: "ready", gifts }),
      () => live && setState({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, []);

  const catalogue = new Map(state.status === "ready" ? state.gifts.map((g) => [g.id, g] as const) : []);
  const play = useCallback(
    (gifts: Gift[]) => {
      // Each press is a new send by a demo viewer (a distinct ts so presses never merge as a combo).
      setQueue((q) =>
        gifts.reduce(
          (acc, g, i) =>
            enqueue(acc, { key: seq + i, uid: "preview", name: t("preview.demoName"), gift: g.id, giftName: g.name, icon: g.icon, count: bigFrom(g), total: bigFrom(g), combo: 1, ts: -1e9 * (seq + i) }),
          q,
        ),
      );
      setSeq((s) => s + gifts.length);
    },
    [seq, t],
  );
  const next = useCallback(() => setQueue(advance), []);

  return (
    <section className={styles.svga} data-testid="svga-page">
      <h1 className={styles.svgaTitle}>{t("preview.title")}</h1>
      <p className={styles.svgaIntro}>{t("preview.intro", { coins: BIG_GIFT_COINS })}</p>
      {reduced && <p className={styles.svgaNote} data-testid="svga-reduced">{t("preview.reduced")}</p>}
      <div className={styles.svgaStage} aria-label={t("preview.stage")} data-testid="svga-stage">
        <div className={styles.svgaField} aria-hidden="true" />
        <div className={styles.svgaOverlay}>
          <FxPlayer queue={queue} catalogue={catalogue} onDone={next} />
        </div>
      </div>
      {state.status === "loading" && <div className={styles.svgaLoading} aria-busy="true" />}
      {state.status === "error" && <NoData label={t("preview.loadFailed")} />}
      {state.status === "ready" && (
        <>
          <button type="button" className={styles.svgaAll} data-testid="svga-play-all" onClick={() => play(state.gifts)}>
            {t("preview.playAll")}
          </button>
          <ul className={styles.svgaList}>
            {state.gifts.map((g) => {
              const from = bigFrom(g);
              return (
                <li key={g.id} className={styles.svgaGift} data-testid="svga-gift" data-gift={g.id}>
                  {iconUrl(g.icon) ? <img src={iconUrl(g.icon)} alt="" width={72} height={72} /> : <span className={styles.svgaGlyph}>✦</span>}
                  <strong>{g.name}</strong>
                  <small className={from === 1 ? `${styles.svgaTag} ${styles.svgaTagBig}` : styles.svgaTag}>
                    {from === 1 ? t("preview.big") : `${t("preview.banner")} · ${t("preview.big")} ${t("preview.from", { count: from })}`}
                  </small>
                  <button type="button" data-testid="svga-play" onClick={() => play([g])}>
                    {t("preview.play")}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
