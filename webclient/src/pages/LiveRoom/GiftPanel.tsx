import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { connStatusAtom, realtimeCommandsAtom, type RoomView } from "../../state/realtime";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { NoData } from "../../components/NoData";
import { loadGifts, type Gift } from "../../components/GiftFx/catalogue";
import { COMBO_WINDOW_MS, iconUrl, isBigGift } from "../../components/GiftFx/giftFx";
import { useConfirmCharge } from "../../components/ConfirmCharge/ConfirmCharge";
import { useGiftFxT } from "../../i18n/giftfx";
import { refreshBalances } from "../../session/account";
import styles from "./GiftPanel.module.css";

/** Quantities offered per send (the usual combo sizes). */
export const COMBO_COUNTS = [1, 10, 66, 99, 520, 1314] as const;
/** Refusals that mean the balance is too low (protocol 4007 coins, 4008 diamonds). */
const INSUFFICIENT = new Set([4007, 4008]);

type Catalogue = { state: "loading" } | { state: "ready"; gifts: Gift[] } | { state: "none" };

/**
 * Gifts: the catalogue of GET /java/gift, a quantity, and Send (the `gift` command). Guests
 * get a log-in prompt; 4007/4008 get the recharge prompt; no catalogue gets the no-data picture.
 * A big gift (giftFx.isBigGift) is confirmed first with its price and the balance after; every
 * paid gift refreshes the header's balance.
 */
export function GiftPanel({ room, view, signedIn }: { room: string; view: RoomView; signedIn: boolean }) {
  const { t } = useTranslation();
  const { t: fx } = useGiftFxT();
  const { ask, dialog } = useConfirmCharge();
  const commands = useAtomValue(realtimeCommandsAtom);
  const status = useAtomValue(connStatusAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const [catalogue, setCatalogue] = useState<Catalogue>({ state: "loading" });
  const [selected, setSelected] = useState<string | null>(null);
  const [count, setCount] = useState<number>(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ insufficient: boolean; msg: string } | null>(null);
  const [combo, setCombo] = useState<{ gift: string; n: number } | null>(null);
  const lastSend = useRef<{ gift: string; at: number } | null>(null);
  /** Gifts whose icon failed to load: they show the fallback glyph. */
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    loadGifts().then(
      (gifts) => live && setCatalogue(gifts.length > 0 ? { state: "ready", gifts } : { state: "none" }),
      () => live && setCatalogue({ state: "none" }),
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  if (!signedIn) {
    return (
      <section className={`${styles.giftPanel} ${styles.giftPanelGuest}`} data-testid="gift-panel" aria-label={t("live.gift.title")}>
        <p data-testid="gift-login">{t("live.gift.login")}</p>
        <button type="button" onClick={() => openLogin({ open: true, mode: LoginMode.Password })}>
          {t("live.gift.loginButton")}
        </button>
      </section>
    );
  }

  const ready = status.state === "connected" && view.joined && commands !== null;
  const send = async () => {
    if (!commands || !selected) return;
    const gift = catalogue.state === "ready" ? catalogue.gifts.find((g) => g.id === selected) : undefined;
    if (gift && isBigGift(gift, count)) {
      const what = fx("what.gift", { gift: gift.name, count });
      if (!(await ask({ what, price: gift.price * count, currency: gift.currency === "score" ? "diamond" : "coin" }))) return;
    }
    setBusy(true);
    setError(null);
    const r = await commands.command({ t: "gift", room, gift: selected, count });
    setBusy(false);
    if (!r.ok) {
      setError({ insufficient: INSUFFICIENT.has(r.code), msg: r.msg || t("live.sendFailed") });
      return;
    }
    const now = Date.now();
    const prev = lastSend.current;
    const n = prev && prev.gift === selected && now - prev.at < COMBO_WINDOW_MS ? (combo?.n ?? 1) + 1 : 1;
    lastSend.current = { gift: selected, at: now };
    setCombo({ gift: selected, n });
    void refreshBalances(); // the header's coins or diamonds, at once
  };

  return (
    <section className={styles.giftPanel} data-testid="gift-panel" aria-label={t("live.gift.title")}>
      <div className={styles.giftPanelHead}>
        <h2 className={styles.giftPanelTitle}>{t("live.gift.title")}</h2>
        <Link to="/svga" className={styles.giftPanelPreview} data-testid="gift-preview-link">
          {fx("preview.link")}
        </Link>
      </div>
      {catalogue.state === "loading" && <div className={styles.giftPanelLoading} aria-busy="true" role="status" aria-label={t("common.loading")} />}
      {catalogue.state === "none" && <NoData label={t("live.gift.none")} />}
      {catalogue.state === "ready" && (
        <>
          <ul className={styles.giftPanelList}>
            {catalogue.gifts.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  data-testid="gift-item"
                  data-gift={g.id}
                  aria-pressed={selected === g.id}
                  className={selected === g.id ? styles.isSelected : undefined}
                  onClick={() => setSelected(g.id)}
                >
                  {g.icon && !broken.has(g.id) ? (
                    <img src={iconUrl(g.icon)} alt="" width={36} height={36} loading="lazy" onError={() => setBroken((s) => new Set(s).add(g.id))} />
                  ) : (
                    <span className={styles.giftPanelIcon} aria-hidden="true">✦</span>
                  )}
                  <span className={styles.giftPanelName}>{g.name}</span>
                  <Price gift={g} />
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.giftPanelSend}>
            <span className={styles.giftPanelCountLabel}>{t("live.gift.count")}</span>
            <div className={styles.giftPanelCounts} role="group" aria-label={t("live.gift.count")}>
              {COMBO_COUNTS.map((n) => (
                <button key={n} type="button" data-testid={`gift-count-${n}`} aria-pressed={count === n} className={count === n ? styles.isSelected : undefined} onClick={() => setCount(n)}>
                  ×{n}
                </button>
              ))}
            </div>
            <button type="button" className={styles.giftPanelGo} data-testid="gift-send" disabled={!ready || !selected || busy} onClick={() => void send()}>
              {t("live.gift.send")}
            </button>
            {combo && combo.n > 1 && combo.gift === selected && (
              <span className={styles.giftPanelCombo} key={combo.n} data-testid="gift-combo">
                {t("live.gift.combo", { n: combo.n })}
              </span>
            )}
          </div>
        </>
      )}
      {dialog}
      {error && (
        <p className={styles.giftPanelError} role="alert" data-testid="gift-error">
          {error.insufficient ? t("live.gift.insufficient") : error.msg}
          {error.insufficient && (
            <>
              {" "}
              <Link to="/recharge" data-testid="gift-recharge">
                {t("live.gift.recharge")}
              </Link>
            </>
          )}
        </p>
      )}
    </section>
  );
}

/** A price with its currency as a coloured glyph; the currency's name is the tooltip and label. */
function Price({ gift }: { gift: Gift }) {
  const { t } = useTranslation();
  const diamond = gift.currency === "score";
  const name = diamond ? t("live.gift.diamond") : t("live.gift.gold");
  return (
    <small className={styles.giftPanelPrice} title={name}>
      {gift.price} <span className={diamond ? `${styles.giftPanelCur} ${styles.giftPanelCurDiamond}` : styles.giftPanelCur} role="img" aria-label={name} />
    </small>
  );
}
