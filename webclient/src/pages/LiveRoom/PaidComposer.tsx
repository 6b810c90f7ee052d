// Sending a paid message (issue 25 §4): a tier (coins, colour, pin time), the text, Send. The
// message is sent over REST with a nonce kept until it succeeds, so a retry is never charged twice.
// Guests get the log-in prompt; too few coins gets the recharge link.
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useSetAtom } from "../../state/hooks";
import { ApiError, errorText } from "../../api/client";
import { paidApi } from "../../api/paidmsg";
import { usePaidT } from "../../i18n/paidmsg";
import { refreshBalances } from "../../session/account";
import { useConfirmCharge } from "../../components/ConfirmCharge/ConfirmCharge";
import { useGiftFxT } from "../../i18n/giftfx";
import { loginModalAtom, LoginMode, showToast } from "../../state/ui";
import { newNonce } from "./pins";
import { usePaidConfig } from "./paidConfig";
import styles from "./PaidComposer.module.css";
import colors from "./PaidColors.module.css";

const MAX_CHARS = 300;
/** Insufficient gold coins (4007): the recharge prompt. */
const INSUFFICIENT = 4007;

export function PaidComposer({ room, signedIn }: { room: string; signedIn: boolean }) {
  const { t } = usePaidT();
  const cfg = usePaidConfig();
  const openLogin = useSetAtom(loginModalAtom);
  const [open, setOpen] = useState(false);
  const [coins, setCoins] = useState<number | null>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ msg: string; insufficient: boolean } | null>(null);
  const nonce = useRef(newNonce());
  const { ask, dialog } = useConfirmCharge();
  const { t: fx } = useGiftFxT();

  if (!cfg || cfg.tiers.length === 0) return null;
  const tier = cfg.tiers.find((x) => x.coins === coins) ?? cfg.tiers[0]!;

  const toggle = () => {
    if (!signedIn) {
      openLogin({ open: true, mode: LoginMode.Password });
      return;
    }
    setOpen((v) => !v);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (!v || busy) return;
    if (!(await ask({ what: fx("what.paid"), price: tier.coins, currency: "coin" }))) return;
    setBusy(true);
    setError(null);
    try {
      await paidApi.send({ room, text: v, coins: tier.coins, nonce: nonce.current });
      nonce.current = newNonce(); // the next message is a new one
      setText("");
      setOpen(false);
      showToast(t("sent"), "info");
      void refreshBalances(); // the header's coins
    } catch (err) {
      const insufficient = err instanceof ApiError && err.errorCode === INSUFFICIENT;
      setError({ insufficient, msg: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.paidComposer}>
      {dialog}
      <button type="button" className={styles.paidComposerOpen} data-testid="paid-open" aria-expanded={open} onClick={toggle}>
        {signedIn ? t("open") : t("login")}
      </button>
      {open && (
        <form className={`${styles.paidComposerForm} ${colors[`paid-color--${tier.color}`]}`} data-testid="paid-form" onSubmit={(e) => void submit(e)} aria-label={t("title")}>
          <p className={styles.paidComposerRules}>{t("rules")}</p>
          <div className={styles.paidComposerTiers} role="radiogroup" aria-label={t("title")}>
            {cfg.tiers.map((x) => (
              <button
                key={x.coins}
                type="button"
                role="radio"
                aria-checked={x.coins === tier.coins}
                className={`${styles.paidComposerTier} ${colors[`paid-color--${x.color}`]}`}
                data-testid={`paid-tier-${x.coins}`}
                onClick={() => {
                  setCoins(x.coins);
                  nonce.current = newNonce();
                }}
              >
                {t("tier", { coins: x.coins, time: t("minutes", { n: Math.round(x.pinSecs / 60) }) })}
              </button>
            ))}
          </div>
          <textarea
            data-testid="paid-text"
            value={text}
            maxLength={MAX_CHARS}
            rows={2}
            placeholder={t("placeholder")}
            aria-label={t("placeholder")}
            onChange={(e) => {
              setText(e.target.value);
              nonce.current = newNonce();
              setError(null);
            }}
          />
          <div className={styles.paidComposerRow}>
            <button type="submit" data-testid="paid-send" disabled={busy || !text.trim()}>
              {busy ? t("sending") : t("send", { coins: tier.coins })}
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              {t("close")}
            </button>
          </div>
          {error && (
            <p className={styles.paidComposerError} role="alert" data-testid="paid-error">
              {error.insufficient ? t("insufficient") : error.msg}{" "}
              {error.insufficient && (
                <Link to="/recharge" data-testid="paid-recharge">
                  {t("recharge")}
                </Link>
              )}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
