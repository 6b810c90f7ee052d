// The stream key's optional allow-list of source addresses (GET /addIpWhite, issue 17), inside the
// OBS guide: when the list is not empty, the RTMP ingest refuses a push from any other address.
import { useState } from "react";
import { streamCentreApi, type SourceList } from "../../api/streamcentre";
import { useCentreT } from "../../i18n/streamcentre";
import styles from "./Anchor.module.css";
import { errorText } from "../../api/client";

/** A quick client-side shape check (the server decides): an IPv4/IPv6 address, optionally /bits. */
export function looksLikeSource(s: string): boolean {
  const v = s.trim();
  const [addr, bits, extra] = v.split("/");
  if (!addr || extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return false;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(addr);
  if (v4) return v4.slice(1).every((n) => Number(n) <= 255) && (bits === undefined || Number(bits) <= 32);
  return /^[0-9a-fA-F:.]+$/.test(addr) && addr.includes(":") && (bits === undefined || Number(bits) <= 128);
}

export function SourceAllowList({ initial, disabled }: { initial: SourceList; disabled?: boolean }) {
  const { t } = useCentreT();
  const [list, setList] = useState(initial);
  const [ip, setIp] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const run = (p: Promise<SourceList>, after?: () => void) => {
    setBusy(true);
    setError("");
    p.then(
      (l) => {
        setBusy(false);
        setList(l);
        after?.();
      },
      (e) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };
  const add = (e: React.FormEvent) => {
    e.preventDefault();
    if (!looksLikeSource(ip)) {
      setError(t("allow.invalid"));
      return;
    }
    run(streamCentreApi.addSource(ip.trim(), note.trim()), () => {
      setIp("");
      setNote("");
    });
  };

  return (
    <div className={styles.anchorAllow} data-testid="allow-list" data-enforced={list.enforced} data-count={list.list.length}>
      <h3 className={styles.anchorSub}>{t("allow.title")}</h3>
      <p className={styles.anchorMuted}>{t("allow.hint")}</p>
      <p className={list.enforced ? styles.anchorOk : styles.anchorMuted} data-testid="allow-state">
        {list.enforced ? t("allow.on", { count: list.list.length, max: list.max }) : t("allow.off")}
      </p>
      {list.list.length > 0 && (
        <ul className={styles.anchorAllowList}>
          {list.list.map((x) => (
            <li key={x.address} className={styles.anchorAllowItem} data-testid="allow-entry" data-address={x.address}>
              <code>{x.address.endsWith("/32") || x.address.endsWith("/128") ? x.address.replace(/\/(32|128)$/, "") : x.address}</code>
              {x.note && <span className={styles.anchorMuted}>{x.note}</span>}
              <button type="button" className={styles.anchorLink} disabled={busy || disabled} data-testid="allow-remove" onClick={() => run(streamCentreApi.removeSource(x.address))}>
                {t("allow.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.list.length < list.max && (
        <form className={styles.anchorAllowForm} onSubmit={add} noValidate>
          <label className={styles.anchorField}>
            <span>{t("allow.address")}</span>
            <input data-testid="allow-ip" dir="ltr" value={ip} placeholder={t("allow.placeholder")} maxLength={50} onChange={(e) => setIp(e.target.value)} disabled={disabled} />
          </label>
          <label className={styles.anchorField}>
            <span>{t("allow.note")}</span>
            <input data-testid="allow-note" value={note} placeholder={t("allow.notePlaceholder")} maxLength={40} onChange={(e) => setNote(e.target.value)} disabled={disabled} />
          </label>
          <button type="submit" className={styles.anchorButton} data-testid="allow-add" disabled={busy || disabled || !ip.trim()}>
            {t("allow.add")}
          </button>
        </form>
      )}
      {error && (
        <p className={styles.anchorError} role="alert" data-testid="allow-error">
          {error}
        </p>
      )}
    </div>
  );
}
