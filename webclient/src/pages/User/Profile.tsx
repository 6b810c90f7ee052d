// /userInfo: the signed-in user's profile card (avatar, name, level and progress, membership,
// signature, follows, balances). /userInfo/:id: another user's public profile with follow.
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { balancesAtom, profileAtom, tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { userApi, type AccountUser } from "../../api/account";
import { Loadable, useResource } from "../../data";
import { Avatar } from "../../components/Avatar";
import { useCaijianT } from "../../i18n/caijian";
import { BadgeMark, badgeOf } from "./Badge";
import { Coin, Diamond, formatCount } from "../../components/Currency";
import profileStyles from "./Profile.module.css";
import { ProfilePosts } from "../../features/news/ProfilePosts";
import styles from "./UserArea.module.css";

/** The height of the profile card, held while it loads. */
const CARD_HEIGHT = 180;

export default function Profile() {
  const { id } = useParams();
  const own = useAtomValue(profileAtom);
  const self = id === undefined || (own !== null && own.userId === id);
  // Another user's public profile; the own one is the session's (profileAtom).
  const other = useResource(self || !id ? null : `user-info|${id}`, (signal) => userApi.info(id, { toast: false, signal }));

  if (self) return own ? <ProfileCard user={own} self onChange={() => undefined} /> : <ProfileSkeleton />;
  return (
    <Loadable resource={other} notFound="page" minHeight={CARD_HEIGHT}>
      {(user) => <ProfileCard user={user} self={false} onChange={other.set} />}
    </Loadable>
  );
}

/** The own profile before the session's info arrived. */
function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.ucard} aria-busy="true" style={{ minHeight: CARD_HEIGHT }}>
      {t("common.loading")}
    </div>
  );
}

function ProfileCard({ user, self, onChange }: { user: AccountUser; self: boolean; onChange: (u: AccountUser) => void }) {
  const { t } = useTranslation();
  const { t: ct } = useCaijianT();
  const balances = useAtomValue(balancesAtom);
  const level = user.level ?? 1;
  const exp = user.experience ?? 0;
  const next = user.nextLevelExperience ?? 0;
  const pct = next > 0 ? Math.min(100, Math.round((exp / next) * 100)) : 100;
  return (
    <>
      <div className={`${styles.ucard} ${profileStyles.profile}`} data-testid="profile">
        {self ? (
          <Link className={profileStyles.profileAvatar} to="/caijian" title={ct("link")} data-testid="profile-change-avatar">
            <Avatar src={user.avatar} name={user.name} size={88} testId="profile-avatar" />
            <span className={profileStyles.profileAvatarLabel}>{ct("link")}</span>
          </Link>
        ) : (
          <Avatar src={user.avatar} name={user.name} size={88} testId="profile-avatar" />
        )}
        <div className={profileStyles.profileMain}>
          <h1 className={profileStyles.profileName} data-testid="profile-name">
            {user.name}
            <span className={profileStyles.profileLevel}>{t("account.levelShort", { level })}</span>
            <BadgeMark badge={badgeOf(level)} />
            {(user.member ?? 0) > 0 && <span className={profileStyles.profileMember}>{user.member === 2 ? "SVIP" : "VIP"}</span>}
          </h1>
          <p className={profileStyles.profileSig} data-testid="profile-signature">
            {user.signature || t("account.noSignature")}
          </p>
          <div className={profileStyles.profileExp} title={next > 0 ? `${exp} / ${next}` : `${exp}`}>
            <div className={profileStyles.profileBar}>
              <span style={{ width: `${pct}%` }} />
            </div>
            <span>{next > 0 ? t("account.expToNext", { exp, next }) : t("account.maxLevel")}</span>
          </div>
          <div className={profileStyles.profileCounts}>
            <span>
              <b>{formatCount(user.follows ?? 0)}</b> {t("account.following")}
            </span>
            <span>
              <b data-testid="profile-fans">{formatCount(user.fans ?? 0)}</b> {t("account.followers")}
            </span>
          </div>
        </div>
        <div className={profileStyles.profileSide}>
          {self ? (
            <Link className={styles.uareaSecondary} to="/userInfo/setting" data-testid="profile-edit">
              {t("account.menu.setting")}
            </Link>
          ) : (
            <FollowButton user={user} onChange={onChange} />
          )}
        </div>
      </div>
      <ProfilePosts userId={user.userId} className={styles.ucard} />
      {self && (
        <div className={styles.ucard}>
          <h2>{t("account.balances")}</h2>
          <div className={profileStyles.profileMoney}>
            <Coin amount={balances?.coin ?? user.coin ?? 0} label={t("account.coins")} />
            <span>{t("account.coins")}</span>
            <Diamond amount={balances?.diamond ?? user.diamond ?? 0} label={t("account.diamonds")} />
            <span>{t("account.diamonds")}</span>
          </div>
        </div>
      )}
    </>
  );
}

function FollowButton({ user, onChange }: { user: AccountUser; onChange: (u: AccountUser) => void }) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={user.following ? styles.uareaSecondary : styles.uareaPrimary}
      data-testid="profile-follow"
      disabled={busy}
      onClick={async () => {
        if (!token) {
          setModal({ open: true, mode: LoginMode.Password });
          return;
        }
        setBusy(true);
        try {
          const r = await userApi.follow(user.userId, !user.following);
          onChange({ ...user, following: r.following, fans: r.fans });
        } catch {
          // toasted by the client
        } finally {
          setBusy(false);
        }
      }}
    >
      {user.following ? t("account.unfollow") : t("account.follow")}
    </button>
  );
}
