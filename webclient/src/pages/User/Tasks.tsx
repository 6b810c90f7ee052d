// /userInfo/myTask: daily and weekly tasks with their progress and reward; a done task is claimed
// here (the server grants it once per period through the ledger). Below, the invitation card: the
// user's invite link and invitation record.
import { useState } from "react";
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useUserAreaT, type UserAreaKey } from "../../i18n/userarea";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { errorText } from "../../api/client";
import { userAreaApi, type TaskView } from "../../api/userarea";
import { tokenAtom } from "../../state/session";
import { refreshAccount } from "../../session/account";
import { NoData } from "../../components/NoData";
import { Loadable, useResource } from "../../data";
import styles from "./UserAreaPages.module.css";
import userAreaStyles from "./UserArea.module.css";

/** Where a task is done. */
const GO: Record<string, string> = { watch: "/live", chat: "/live", gift: "/live", follow: "/anchor/anchorList", book: "/match/recommended" };

function TaskRow({ task, onClaimed }: { task: TaskView; onClaimed: (msg: string) => void }) {
  const { t, language } = useUserAreaT();
  const loc = HTML_LANG[language as Locale] ?? "en-US";
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reward = [task.coins > 0 ? t("tasks.coins", { n: task.coins }) : null, task.exp > 0 ? t("tasks.exp", { n: task.exp }) : null]
    .filter(Boolean)
    .join(" · ");
  const pct = Math.min(100, Math.round((task.progress / task.target) * 100));
  const claim = () => {
    setBusy(true);
    setError(null);
    userAreaApi.claim(task.id).then(
      () => {
        setBusy(false);
        onClaimed(t("tasks.received", { reward }));
      },
      (err: unknown) => {
        setBusy(false);
        setError(errorText(err));
      },
    );
  };
  return (
    <li className={styles.utask} data-testid={`task-${task.id}`} data-done={task.done} data-claimed={task.claimed}>
      <div className={styles.utaskMain}>
        <strong>{t(`tasks.name.${task.id}` as UserAreaKey)}</strong>
        <div className={`${styles.ulevelBar} ${styles.ulevelBarSmall}`}><span style={{ width: `${pct}%` }} /></div>
        <span className={styles.utaskProgress}>
          {t(task.activity === "watch" ? "tasks.minutes" : "tasks.progress", { progress: task.progress, target: task.target })}
          {" · "}
          {t("tasks.resets", { time: new Date(task.ends).toLocaleString(loc, { weekday: "short", hour: "2-digit", minute: "2-digit" }) })}
        </span>
        {error && <span className={userAreaStyles.uformInvalid}>{error}</span>}
      </div>
      <span className={styles.utaskReward}>{reward}</span>
      {task.claimed ? (
        <span className={`${styles.upill} ${styles.upillDone}`}>{t("tasks.claimed")}</span>
      ) : task.done ? (
        <button type="button" className={userAreaStyles.uareaPrimary} disabled={busy} onClick={claim} data-testid={`claim-${task.id}`}>
          {t("tasks.claim")}
        </button>
      ) : (
        <Link className={userAreaStyles.uareaSecondary} to={GO[task.activity] ?? "/"}>
          {t("tasks.go")}
        </Link>
      )}
    </li>
  );
}

function InviteCard() {
  const { t, language } = useUserAreaT();
  const loc = HTML_LANG[language as Locale] ?? "en-US";
  const token = useAtomValue(tokenAtom);
  const inv = useResource(token ? "invites" : null, () => userAreaApi.invites());
  const [copied, setCopied] = useState(false);
  if (!inv.value) return null;
  const link = `${window.location.origin}/?invite=${encodeURIComponent(inv.value.code)}`;
  return (
    <div className={`${userAreaStyles.ucard} ${styles.upage}`} data-testid="invite">
      <h2>{t("invite.title")}</h2>
      <p className={styles.upageHint}>{t("invite.intro", { coins: inv.value.coins, limit: inv.value.dailyLimit })}</p>
      <div className={`${userAreaStyles.uformRow} ${styles.uinvite}`}>
        <input readOnly dir="ltr" value={link} aria-label={t("invite.title")} data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className={userAreaStyles.uareaPrimary}
          data-testid="invite-copy"
          onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? t("invite.copied") : t("invite.copy")}
        </button>
      </div>
      <h3>{t("invite.record")}</h3>
      <p className={styles.upageHint}>{t("invite.earned", { coins: inv.value.earned })}</p>
      {inv.value.list.length === 0 ? (
        <NoData />
      ) : (
        <ul className={styles.uinvites}>
          {inv.value.list.map((i) => (
            <li key={`${i.name}-${i.time}`} data-testid="invite-record" data-rewarded={i.rewarded}>
              <strong>{i.name}</strong>
              <span>{t("invite.joined")}</span>
              <time>{new Date(i.time).toLocaleDateString(loc)}</time>
              <span className={i.rewarded ? `${styles.upill} ${styles.upillDone}` : styles.upill}>
                {i.rewarded ? `${t("invite.rewarded")} · ${t("tasks.coins", { n: i.coins })}` : t("invite.notRewarded")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function Tasks() {
  const { t } = useUserAreaT();
  const token = useAtomValue(tokenAtom);
  const tasks = useResource(token ? "tasks" : null, () => userAreaApi.tasks());
  const [done, setDone] = useState<string | null>(null);
  const onClaimed = (msg: string) => {
    setDone(msg);
    tasks.refresh();
    void refreshAccount();
  };
  return (
    <>
      <div className={`${userAreaStyles.ucard} ${styles.upage}`} data-testid="page-myTask">
        <h1>{t("tasks.title")}</h1>
        {done && <p className={userAreaStyles.uformOk} data-testid="task-claimed" role="status">{done}</p>}
        <Loadable resource={tasks} empty={(v) => v.list.length === 0} minHeight={240}>
          {({ list }) =>
            (["daily", "weekly"] as const).map((period) => {
              const rows = list.filter((x) => x.period === period);
              if (rows.length === 0) return null;
              return (
                <section key={period}>
                  <h2>{t(period === "daily" ? "tasks.daily" : "tasks.weekly")}</h2>
                  <ul className={styles.utasks}>
                    {rows.map((x) => (
                      <TaskRow key={x.id} task={x} onClaimed={onClaimed} />
                    ))}
                  </ul>
                </section>
              );
            })
          }
        </Loadable>
      </div>
      <InviteCard />
    </>
  );
}
