// /userInfo/setting: edit profile (username, signature, avatar) and, with ?tab=security, the
// security centre (bind or change phone or e-mail, change password). Spec §2.
import { useSearchParams } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { profileAtom } from "../../state/session";
import { EditProfile } from "./EditProfile";
import { Security } from "./Security";
import styles from "./UserArea.module.css";
import { TabList } from "../../components/TabList/TabList";

export default function Setting() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const profile = useAtomValue(profileAtom);
  const tab = params.get("tab") === "security" ? "security" : "profile";
  return (
    <div data-testid="setting">
      <TabList
        items={(["profile", "security"] as const).map((k) => ({ key: k, label: t(k === "security" ? "account.menu.security" : "account.menu.setting"), testId: `setting-tab-${k}` }))}
        selected={tab}
        onSelect={(k) => setParams(k === "security" ? { tab: "security" } : {}, { replace: true })}
        label={t("account.menu.setting")}
        className={`${styles.ucard} ${styles.utabs}`}
        tabClassName={styles.utabsTab}
        selectedClassName={styles.utabsTabOn}
      />
      {!profile ? (
        <div className={styles.ucard} aria-busy="true">
          {t("common.loading")}
        </div>
      ) : tab === "security" ? (
        <Security user={profile} />
      ) : (
        <EditProfile user={profile} />
      )}
    </div>
  );
}
