// The big-gift animation itself, loaded only when the first big gift arrives (GiftOverlay lazy-
// loads this module and its CSS), so the live room's first JavaScript stays small. It is CSS
// keyframes over the gift's own SVG picture (see docs/decisions/0014-gift-animation.md): a
// choreography per Scene, rays and confetti, and the caption with the combo that pops as it counts.
import type { CSSProperties } from "react";
import { useGiftFxT } from "../../i18n/giftfx";
import { iconUrl, type FxItem, type Scene } from "./giftFx";
import styles from "./GiftScene.module.css";

/** Confetti pieces: fixed positions so every viewer sees the same scene. */
const CONFETTI = Array.from({ length: 18 }, (_, i) => ({
  left: (i * 37) % 100,
  delay: (i * 173) % 900,
  hue: (i * 47) % 360,
  spin: i % 2 === 0 ? 1 : -1,
}));

export interface GiftSceneProps {
  item: FxItem;
  scene: Scene;
  /** prefers-reduced-motion: a still card, no movement. */
  still: boolean;
  /** The overlay's time is nearly up: the exit plays. */
  leaving?: boolean;
}

export default function GiftScene({ item, scene, still, leaving = false }: GiftSceneProps) {
  const { t } = useGiftFxT();
  const src = iconUrl(item.icon);
  return (
    <div
      className={[styles.giftScene, styles[`gift-scene--${scene}`], still && styles.giftSceneStill, leaving && styles.giftSceneLeaving].filter(Boolean).join(" ")}
      data-testid="gift-scene"
      data-still={still}
      data-scene={scene}
      data-gift={item.gift}
      data-combo={item.combo}
    >
      {!still && <div className={styles.giftSceneRays} aria-hidden="true" />}
      {!still && (
        <div className={styles.giftSceneConfetti} aria-hidden="true" data-testid="gift-scene-confetti">
          {CONFETTI.map((c, i) => (
            <i
              key={i}
              style={{ left: `${c.left}%`, animationDelay: `${c.delay}ms`, background: `hsl(${c.hue} 90% 60%)`, "--spin": c.spin } as CSSProperties}
            />
          ))}
        </div>
      )}
      <div className={styles.giftSceneActor}>
        {src ? <img src={src} alt="" className={styles.giftSceneImg} /> : <span className={styles.giftSceneGlyph}>✦</span>}
      </div>
      <div className={styles.giftSceneCaption}>
        <bdi className={styles.giftSceneName}>{item.name}</bdi> <span>{t("sent", { gift: item.giftName, count: item.count })}</span>
        {item.combo > 1 && (
          <strong className={styles.giftSceneCombo} key={item.combo} data-testid="gift-scene-combo">
            {t("combo", { n: item.combo })}
          </strong>
        )}
      </div>
    </div>
  );
}
