// The site's current proclamation (issue 16) as a banner under the header, on every page. Closing it
// hides it for good: a signed-in user's dismissal is stored on the server (every device), a guest's
// in this browser (and named to the server, so an older proclamation still running can show).
// It reloads when the language or the signed-in user changes.
import { useAtomValue } from "../../state/hooks";
import { Link } from "react-router";
import { contentApi, type Proclamation } from "../../api/content";
import { useResource } from "../../data/resource";
import { useContentT } from "../../i18n/content";
import { localeAtom } from "../../state/locale";
import { tokenAtom } from "../../state/session";
import { addGuestDismissed, guestDismissed } from "./dismissed";
import styles from "./ProclamationBanner.module.css";

export function ProclamationBanner() {
  const { t } = useContentT();
  const token = useAtomValue(tokenAtom);
  const locale = useAtomValue(localeAtom);
  // The banner is an extra: a failed call shows nothing rather than an error.
  const banner = useResource<Proclamation | null>(`proclamation:${locale}:${token ?? ""}`, () => {
    const skip = token ? [] : guestDismissed();
    return contentApi.proclamation(skip).then((x) => (x && !skip.includes(x.id) ? x : null));
  });
  const p = banner.value;

  if (!p) return null;
  const close = () => {
    banner.set(null);
    if (token) contentApi.dismiss(p.id).catch(() => undefined);
    else addGuestDismissed(p.id);
  };
  const internal = p.link.startsWith("/");
  return (
    <div className={`${styles.proclamation} ${styles[`proclamation--${p.level}`] ?? ""}`} role="region" aria-label={t("banner.label")} data-testid="proclamation">
      <div className={styles.proclamationInner}>
        <span className={styles.proclamationIcon} aria-hidden="true">{p.level === "warning" ? "!" : "i"}</span>
        <p className={styles.proclamationText}>
          {p.title && <strong className={styles.proclamationTitle}>{p.title}</strong>}
          <span data-testid="proclamation-text">{p.content}</span>
          {p.link &&
            (internal ? (
              <Link className={styles.proclamationMore} to={p.link}>{t("banner.more")}</Link>
            ) : (
              <a className={styles.proclamationMore} href={p.link} target="_blank" rel="noopener noreferrer">{t("banner.more")}</a>
            ))}
        </p>
        <button type="button" className={styles.proclamationClose} onClick={close} aria-label={t("banner.close")} title={t("banner.close")} data-testid="proclamation-close">
          ×
        </button>
      </div>
    </div>
  );
}
