// /userInfo/setting: edit profile (username, signature, avatar) and, with ?tab=security, the
// security centre (bind or change phone or e-mail, change password). Spec §2.
import { useSearchParams } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { profileAtom } from "../../state/session";
import { EditProfile } from "./EditProfile";
import { Security } from "./Security";
import styles from "./UserArea.module.css";

export default function Setting() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const profile = useAtomValue(profileAtom);
  const tab = params.get("tab") === "security" ? "security" : "profile";
  return (
    <div data-testid="setting">
      <div className={`${styles.ucard} ${styles.utabs}`} role="tablist">
        {(["profile", "security"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? `${styles.utabsTab} ${styles.utabsTabOn}` : styles.utabsTab}
            data-testid={`setting-tab-${k}`}
            onClick={() => setParams(k === "security" ? { tab: "security" } : {}, { replace: true })}
          >
            {t(k === "security" ? "account.menu.security" : "account.menu.setting")}
          </button>
        ))}
      </div>
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
