// Unlock of a paid room from the player's refusal panel (issue 9): the price is confirmed first
// (ConfirmCharge), then POST /live/unlock; the header's coins refresh at once. Player.tsx loads it
// on demand.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/client";
import { anchorApi } from "../../api/anchor";
import { useConfirmCharge } from "../ConfirmCharge/ConfirmCharge";
import { useGiftFxT } from "../../i18n/giftfx";
import { refreshBalances } from "../../session/account";
import styles from "./Player.module.css";

export default function PlayerUnlock({ roomId, price, onUnlocked }: { roomId: string; price: number; onUnlocked(): void }) {
  const { t } = useTranslation();
  const { t: fx } = useGiftFxT();
  const { ask, dialog } = useConfirmCharge();
  const [unlocking, setUnlocking] = useState(false);
  const [unlockError, setUnlockError] = useState("");

  const unlock = async () => {
    if (!(await ask({ what: fx("what.unlock"), price, currency: "coin" }))) return;
    setUnlocking(true);
    setUnlockError("");
    anchorApi.liveUnlock(roomId).then(
      () => {
        setUnlocking(false);
        void refreshBalances(); // the header's coins, at once
        onUnlocked();
      },
      (err: unknown) => {
        setUnlocking(false);
        setUnlockError(errorText(err));
      },
    );
  };

  return (
    <>
      <button type="button" className={styles.playerButton} data-testid="player-unlock" disabled={unlocking} onClick={() => void unlock()}>
        {t("anchor.player.unlock", { price })}
      </button>
      {unlockError && <p className={styles.playerError}>{unlockError}</p>}
      {dialog}
    </>
  );
}
