// The user area (spec §2 routes /userInfo/...): a side menu and the page. Own pages need a
// session; without one the area asks the visitor to log in (spec §8 'please log in first').
// Another user's public profile (/userInfo/:id) is open to everyone.
import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation, useParams } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { useUserAreaT, type UserAreaKey } from "../../i18n/userarea";
import { useSupportT } from "../../i18n/support";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { refreshAccount } from "../../session/account";
import styles from "./UserArea.module.css";

const MENU = [
  { to: "/userInfo", key: "profile", end: true },
  { to: "/userInfo/info", key: "info", end: true },
  { to: "/userInfo/setting", key: "setting", end: true },
  { to: "/userInfo/setting?tab=security", key: "security", end: true },
  { to: "/userInfo/focus", key: "focus", end: true },
  // news (issue 22): submitted posts and comments, labelled from the news' locale files
  { to: "/userInfo/userNews", key: "userNews", end: true, label: "news.my.postsTitle" },
  { to: "/userInfo/userPost", key: "userPost", end: true, label: "news.my.commentsTitle" },
] as const;

/** The rest of the user area (issue 23 and the areas that build their own pages), labelled by the
 *  user area's translations. */
const AREA_MENU = [
  { to: "/userInfo/msgInfo", key: "msgInfo" },
  { to: "/userInfo/myTask", key: "myTask" },
  { to: "/userInfo/levalPower", key: "levalPower" },
  { to: "/userInfo/focus?tab=bookings", key: "bookings" },
  { to: "/userInfo/send", key: "send" },
  { to: "/userInfo/preferences", key: "preferences" },
  { to: "/userInfo/myOrder", key: "myOrder" },
  { to: "/userInfo/exchange", key: "exchange" },
  { to: "/userInfo/redMall", key: "redMall" },
  { to: "/userInfo/vip", key: "vip" },
  { to: "/userInfo/water", key: "water" },
] as const;

export default function UserArea() {
  const { t } = useTranslation();
  const { t: ut } = useUserAreaT();
  const { t: sp } = useSupportT();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  const { id } = useParams();
  const location = useLocation();
  const publicProfile = id !== undefined;

  useEffect(() => {
    if (token) void refreshAccount();
  }, [token]);

  // On a phone the menu is one sideways strip (UserArea.module.css): the page's link is brought into
  // it, centred. Only the strip scrolls: the window stays where it is (the menu is a column on a
  // wide screen, where nothing moves).
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const strip = nav.current;
    const on = strip?.querySelector<HTMLElement>(`.${styles.uareaLinkOn}`);
    if (!strip || !on || strip.scrollWidth <= strip.clientWidth) return;
    const delta = on.getBoundingClientRect().left - strip.getBoundingClientRect().left - (strip.clientWidth - on.clientWidth) / 2;
    strip.scrollLeft += delta;
  }, [location.pathname, location.search]);

  if (!token && !publicProfile) {
    return (
      <section className={`${styles.uarea} ${styles.uareaGuest}`} data-testid="user-login-required">
        <p>{t("account.loginFirst")}</p>
        <button type="button" className={styles.uareaPrimary} onClick={() => setModal({ open: true, mode: LoginMode.Password })}>
          {t("header.login")}
        </button>
      </section>
    );
  }

  const tab = new URLSearchParams(location.search).get("tab");
  const security = location.pathname === "/userInfo/setting" && tab === "security";
  const bookings = location.pathname === "/userInfo/focus" && tab === "bookings";
  return (
    <div className={styles.uarea} data-testid="user-area">
      {token && (
        <nav ref={nav} className={styles.uareaNav} aria-label={t("account.menu.title")}>
          {MENU.map((m) => {
            const active =
              m.key === "security"
                ? security
                : m.key === "setting"
                  ? location.pathname === m.to && !security
                  : m.key === "focus"
                    ? location.pathname === m.to && !bookings
                    : location.pathname === m.to;
            return (
              <NavLink key={m.key} to={m.to} end className={() => (active ? `${styles.uareaLink} ${styles.uareaLinkOn}` : styles.uareaLink)} data-testid={`unav-${m.key}`}>
                {"label" in m ? (t as unknown as (k: string) => string)(m.label) : t(`account.menu.${m.key}`)}
              </NavLink>
            );
          })}
          <hr className={styles.uareaSep} />
          {AREA_MENU.map((m) => {
            const active = m.key === "bookings" ? bookings : location.pathname === m.to;
            return (
              <NavLink key={m.key} to={m.to} end className={() => (active ? `${styles.uareaLink} ${styles.uareaLinkOn}` : styles.uareaLink)} data-testid={`unav-${m.key}`}>
                {ut(`menu.${m.key}` as UserAreaKey)}
              </NavLink>
            );
          })}
          <hr className={styles.uareaSep} />
          <NavLink to="/salesmartly" className={styles.uareaLink} data-testid="unav-support">{sp("link")}</NavLink>
        </nav>
      )}
      <section className={styles.uareaPage}>
        <Outlet />
      </section>
    </div>
  );
}
