// /userInfo/info: the account's basic information (spec §2 user area: basic info).
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { profileAtom } from "../../state/session";
import { maskEmail, maskPhone } from "./mask";
import basicInfoStyles from "./BasicInfo.module.css";
import styles from "./UserArea.module.css";

export default function BasicInfo() {
  const { t, i18n } = useTranslation();
  const u = useAtomValue(profileAtom);
  if (!u) return <div className={styles.ucard} aria-busy="true">{t("common.loading")}</div>;
  const lang = document.documentElement.lang || i18n.language.replace("_", "-");
  const date = (ms?: number) => (ms ? new Date(ms).toLocaleDateString(lang) : "—");
  const member =
    u.member === 2
      ? t("account.memberUntil", { tier: "SVIP", date: u.svipExpire ? date(u.svipExpire) : "∞" })
      : u.member === 1
        ? t("account.memberUntil", { tier: "VIP", date: u.vipExpire ? date(u.vipExpire) : "∞" })
        : t("account.memberNone");
  const notBound = <span className={basicInfoStyles.binfoNone}>{t("account.notBound")}</span>;
  const rows: [string, React.ReactNode, string][] = [
    [t("account.userId"), u.userId, "userId"],
    [t("login.username"), u.username || u.name, "username"],
    [t("login.mobile"), u.phone ? maskPhone(u.phone, u.areaCode) : notBound, "phone"],
    [t("login.email"), u.email ? maskEmail(u.email) : notBound, "email"],
    [t("account.level"), `${t("account.levelShort", { level: u.level ?? 1 })} · ${u.experience ?? 0}`, "level"],
    [t("account.membership"), member, "member"],
    [t("account.signature"), u.signature || "—", "signature"],
    [t("account.registered"), date(u.createdAt), "created"],
  ];
  return (
    <div className={styles.ucard} data-testid="basic-info">
      <h1>{t("account.menu.info")}</h1>
      <dl className={basicInfoStyles.binfo}>
        {rows.map(([k, v, id]) => (
          <div key={id} className={basicInfoStyles.binfoRow}>
            <dt>{k}</dt>
            <dd data-testid={`binfo-${id}`}>{v}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.uformActions}>
        <Link className={styles.uareaSecondary} to="/userInfo/setting">
          {t("account.menu.setting")}
        </Link>
        <Link className={styles.uareaSecondary} to="/userInfo/setting?tab=security">
          {t("account.menu.security")}
        </Link>
      </div>
    </div>
  );
}
