// The header's signed-in part (spec §2, §3): avatar, level, coin and diamond balances, and a
// user menu (profile, security centre, log out). It also keeps the account fresh: own info and
// balances load after each sign-in or page load with a token.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { balancesAtom, profileAtom, tokenAtom, type UserInfo } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { refreshAccount, signOut } from "../../session/account";
import { Avatar } from "../Avatar";
import { useUserAreaT } from "../../i18n/userarea";
import { userAreaApi } from "../../api/userarea";
import { unreadAtom } from "../../state/userarea";
import { sendInvite } from "../../session/invite";
import { useResource } from "../../data";
import { Coin, Diamond } from "../Currency";
import { useChannelT } from "../../i18n/channel";
import { useSupportT } from "../../i18n/support";
import styles from "./HeaderUser.module.css";

export function HeaderUser({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { t: ct } = useChannelT();
  const { t: sp } = useSupportT();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const balances = useAtomValue(balancesAtom);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (token) void refreshAccount();
  }, [token]);

  // The message centre's badge: counted at sign-in, then kept live by `notice` frames.
  const { t: ut } = useUserAreaT();
  const unread = useAtomValue(unreadAtom);
  const setUnread = useSetAtom(unreadAtom);
  const counted = useResource(token ? "notices-unread" : null, () => userAreaApi.unread());
  useEffect(() => {
    if (counted.value) setUnread(counted.value.unread);
  }, [counted.value, setUnread]);
  useEffect(() => {
    if (token) void sendInvite();
  }, [token]);

  // A first login whose new-user step was dismissed: ask again once per page load (spec §4).
  const profile = useAtomValue(profileAtom);
  const modal = useAtomValue(loginModalAtom);
  const setModal = useSetAtom(loginModalAtom);
  const asked = useRef(false);
  useEffect(() => {
    if (profile?.newUser && !modal.open && !asked.current) {
      asked.current = true;
      setModal({ open: true, mode: LoginMode.NewUser });
    }
  }, [profile?.newUser, modal.open, setModal]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDown);
    window.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      window.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const name = user.name ?? user.uid;
  return (
    <div className={styles.huser} ref={box} data-testid="header-user">
      {balances && (
        <span className={styles.huserBalances} data-testid="header-balances">
          <Coin amount={balances.coin} label={t("account.coins")} testId="balance-coin" />
          <Diamond amount={balances.diamond} label={t("account.diamonds")} testId="balance-diamond" />
        </span>
      )}
      <Link className={styles.hbell} to="/userInfo/msgInfo" aria-label={ut("messages.bell")} title={ut("messages.bell")} data-testid="header-bell">
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M10 2.5a5 5 0 0 0-5 5v3.2L3.5 13.5h13L15 10.7V7.5a5 5 0 0 0-5-5zM8 15.5a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
        {unread !== null && unread > 0 && (
          <span className={styles.hbellCount} data-testid="header-unread">
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Link>
      <button
        type="button"
        className={styles.huserButton}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="user-menu-button"
        title={name}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar src={user.avatar} name={name} size={30} testId="header-avatar" />
        <span className={styles.huserName} data-testid="user-name">
          {name}
        </span>
        {user.level !== undefined && (
          <span className={styles.huserLevel} data-testid="header-level">
            {t("account.levelShort", { level: user.level })}
          </span>
        )}
      </button>
      {open && (
        <div className={styles.huserMenu} role="menu" data-testid="user-menu">
          {/* The name heads the menu: the header row shows it only on wide screens. */}
          <div className={styles.huserMenuName} data-testid="menu-user-name">
            {name}
          </div>
          <Link role="menuitem" to="/userInfo" onClick={() => setOpen(false)} data-testid="menu-profile">
            {t("account.menu.profile")}
          </Link>
          {(["msgInfo", "myTask", "levalPower", "send", "preferences"] as const).map((k) => (
            <Link key={k} role="menuitem" to={`/userInfo/${k}`} onClick={() => setOpen(false)} data-testid={`menu-${k}`}>
              {ut(`menu.${k}`)}
            </Link>
          ))}
          <Link role="menuitem" to="/userInfo/focus?tab=bookings" onClick={() => setOpen(false)} data-testid="menu-bookings">
            {ut("menu.bookings")}
          </Link>
          <Link role="menuitem" to="/userInfo/setting?tab=security" onClick={() => setOpen(false)} data-testid="menu-security">
            {t("account.menu.security")}
          </Link>
          <Link role="menuitem" to="/anchorCenter" onClick={() => setOpen(false)} data-testid="menu-anchor">
            {t("anchor.center.title")}
          </Link>
          {(profile?.roles ?? []).includes("channel") && (
            <Link role="menuitem" to="/channel" onClick={() => setOpen(false)} data-testid="menu-channel">
              {ct("nav")}
            </Link>
          )}
          <Link role="menuitem" to="/salesmartly" onClick={() => setOpen(false)} data-testid="menu-support">
            {sp("link")}
          </Link>
          <button
            role="menuitem"
            type="button"
            data-testid="menu-logout"
            onClick={() => {
              setOpen(false);
              void signOut(() => navigate("/"));
            }}
          >
            {t("account.menu.logout")}
          </button>
        </div>
      )}
    </div>
  );
}
