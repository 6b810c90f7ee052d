// /channel — the channel partner's area (spec §2, issue 23): a menu over the channel list (index),
// /channel/user, /channel/statistical, /channel/gold and /channel/water. A guest is asked to sign
// in (and /channel then opens in a new tab after the sign-in: the pending channel-login flag); a
// signed-in user without the partner role sees why the pages are closed.
import { NavLink, Outlet } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useChannelT } from "../../i18n/channel";
import { userApi } from "../../api/account";
import { profileAtom, tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { markChannelLogin } from "../../session/channel";
import { useResource } from "../../data";
import styles from "./Channel.module.css";

const MENU = [
  { to: "/channel", key: "menu.home", end: true },
  { to: "/channel/user", key: "menu.user", end: false },
  { to: "/channel/statistical", key: "menu.statistical", end: false },
  { to: "/channel/gold", key: "menu.gold", end: false },
  { to: "/channel/water", key: "menu.water", end: false },
] as const;

export default function ChannelArea() {
  const { t } = useChannelT();
  const token = useAtomValue(tokenAtom);
  const profile = useAtomValue(profileAtom);
  const setModal = useSetAtom(loginModalAtom);
  // The roles fresh from the server (a partner role granted since sign-in counts); a failed read closes the pages.
  const info = useResource(token ? `channel-roles|${token}` : null, () => userApi.info(undefined, { toast: false }).then((u) => u.roles ?? []));
  const roles = info.status === "error" ? [] : (info.value ?? profile?.roles ?? null);

  if (!token) {
    return (
      <main className={`${styles.chan} ${styles.chanClosed}`} data-testid="channel-signin">
        <h1>{t("title")}</h1>
        <p>{t("partnerOnly")}</p>
        <button
          type="button"
          className={styles.chanBtn}
          onClick={() => {
            markChannelLogin();
            setModal({ open: true, mode: LoginMode.Password });
          }}
        >
          {t("signIn")}
        </button>
      </main>
    );
  }
  if (roles === null) return <main className={styles.chan} aria-busy="true" />;
  if (!roles.includes("channel")) {
    return (
      <main className={`${styles.chan} ${styles.chanClosed}`} data-testid="channel-denied">
        <h1>{t("title")}</h1>
        <p>{t("partnerOnly")}</p>
      </main>
    );
  }
  return (
    <main className={styles.chan} data-testid="channel-area">
      <nav className={styles.chanMenu} aria-label={t("title")}>
        {MENU.map((m) => (
          <NavLink key={m.to} end={m.end} to={m.to} className={({ isActive }) => `${styles.chanMenuItem}${isActive ? ` ${styles.chanMenuItemOn}` : ""}`}>
            {t(m.key)}
          </NavLink>
        ))}
      </nav>
      <section className={styles.chanBody}>
        <Outlet />
      </section>
    </main>
  );
}
