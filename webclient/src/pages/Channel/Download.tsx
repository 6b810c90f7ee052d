// /download — the app download page (spec §2): the visitor's platform detected, the store links
// from the server's configuration, and a QR code of this page for a phone. A channel code in the
// link (`?c=`, a partner's download channel) counts the visit; each store button counts a
// download (once a day per visitor, by the server).
import { useEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { QRCodeSVG } from "qrcode.react";
import { useChannelT } from "../../i18n/channel";
import { channelApi } from "../../api/channel";
import { tokenAtom } from "../../state/session";
import { captureChannel, channelPayload } from "../../session/channel";
import { useResource } from "../../data";
import styles from "./Channel.module.css";

export type Platform = "iOS" | "Android" | "Windows" | "macOS" | "Linux";

/** The visitor's platform from the user agent. */
export function detectPlatform(ua: string): Platform {
  if (/iPhone|iPad|iPod/i.test(ua)) return "iOS";
  if (/Android/i.test(ua)) return "Android";
  if (/Windows/i.test(ua)) return "Windows";
  if (/Mac OS X|Macintosh/i.test(ua)) return "macOS";
  return "Linux";
}

export default function Download() {
  const { t } = useChannelT();
  const { search } = useLocation();
  const token = useAtomValue(tokenAtom);
  useEffect(() => {
    void captureChannel(search, token !== "", false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  // The store links fill in when they come; the QR code and the web link show meanwhile.
  const stores = useResource("channel-stores", () => channelApi.stores()).value;
  const platform = useMemo(() => detectPlatform(navigator.userAgent), []);
  const code = new URLSearchParams(search).get("c") ?? channelPayload().promotionChannelId ?? "";
  const links = [
    { key: "ios" as const, href: stores?.ios, label: t("download.ios"), first: platform === "iOS" },
    { key: "android" as const, href: stores?.android, label: t("download.android"), first: platform === "Android" },
    { key: "apk" as const, href: stores?.apk, label: t("download.apk"), first: false },
  ]
    .filter((l) => l.href)
    .sort((a, b) => Number(b.first) - Number(a.first));
  const pageURL = `${window.location.origin}/download${code ? `?c=${encodeURIComponent(code)}` : ""}`;
  return (
    <main className={styles.chanDownload} data-testid="download-page">
      <section className={styles.chanDownloadHero}>
        <div>
          <h1>{t("download.title")}</h1>
          <p className={styles.chanDownloadSub}>{t("download.subtitle")}</p>
          <p className={styles.chanMuted} data-testid="download-platform">{t("download.detected", { platform })}</p>
          <div className={styles.chanDownloadStores}>
            {links.map((l) => (
              <a
                key={l.key}
                href={l.href}
                className={`${styles.chanStore}${l.first ? ` ${styles.chanStoreFirst}` : ""}`}
                data-testid={`download-${l.key}`}
                onClick={() => void channelApi.download(code).catch(() => undefined)}
                rel="noopener"
              >
                {l.label}
              </a>
            ))}
            {stores && links.length === 0 && <p className={styles.chanMuted}>{t("download.soon")}</p>}
          </div>
          <a href="/" className={styles.chanDownloadWeb}>{t("download.web")}</a>
        </div>
        <figure className={styles.chanDownloadQr} data-testid="download-qr">
          <QRCodeSVG value={pageURL} size={168} marginSize={2} />
          <figcaption>{t("download.scan")}</figcaption>
        </figure>
      </section>
    </main>
  );
}
