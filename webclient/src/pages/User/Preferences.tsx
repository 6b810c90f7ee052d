// /userInfo/preferences: favourite games, teams and leagues (the home page lists them first) and
// which notices are pushed live. Kept in the preferences object of GET /user/getUserDataStatus and
// POST /user/saveUserDataStatus; keys other pages keep there are left as they are.
import { useEffect, useState, type KeyboardEvent } from "react";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { useUserAreaT, type UserAreaKey } from "../../i18n/userarea";
import { errorText } from "../../api/client";
import { matchesApi, type GameCatalogue } from "../../api/matches";
import { userAreaApi, type NoticeKind, type Prefs } from "../../api/userarea";
import { tokenAtom } from "../../state/session";
import { prefsAtom } from "../../state/userarea";
import { useResource } from "../../data";
import styles from "./UserAreaPages.module.css";
import userAreaStyles from "./UserArea.module.css";

const KINDS: NoticeKind[] = ["system", "order", "review", "reply", "match", "live", "task"];

function Chips({ label, hint, values, onChange, testId }: { label: string; hint?: string; values: string[]; onChange: (v: string[]) => void; testId: string }) {
  const { t } = useUserAreaT();
  const [text, setText] = useState("");
  const add = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const v = text.trim().slice(0, 40);
    if (v && !values.includes(v) && values.length < 20) onChange([...values, v]);
    setText("");
  };
  return (
    <fieldset className={styles.uprefsSet} data-testid={testId}>
      <legend>{label}</legend>
      {hint && <p className={styles.upageHint}>{hint}</p>}
      <div className={styles.uchips}>
        {values.map((v) => (
          <span key={v} className={`${styles.uchip} ${styles.uchipOn}`}>
            {v}
            <button type="button" aria-label={t("prefs.remove", { name: v })} onClick={() => onChange(values.filter((x) => x !== v))}>
              ×
            </button>
          </span>
        ))}
        <input value={text} maxLength={40} placeholder={t("prefs.add")} onChange={(e) => setText(e.target.value)} onKeyDown={add} />
      </div>
    </fieldset>
  );
}

export default function Preferences() {
  const { t } = useUserAreaT();
  const { t: gt } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const setShared = useSetAtom(prefsAtom);
  const stored = useResource<Prefs>(token ? "prefs" : null, () => userAreaApi.prefs());
  const games = useResource<GameCatalogue>("game-catalogue", () => matchesApi.catalogue());
  const [draft, setDraft] = useState<Prefs | null>(null);
  const [state, setState] = useState<{ saving: boolean; saved: boolean; error: string | null }>({ saving: false, saved: false, error: null });

  useEffect(() => {
    if (stored.value) setDraft(stored.value);
  }, [stored.value]);

  const p = draft ?? {};
  const change = (next: Partial<Prefs>) => {
    setDraft({ ...p, ...next });
    setState({ saving: false, saved: false, error: null });
  };
  const favGames = p.favGames ?? [];
  const toggleGame = (id: number) => change({ favGames: favGames.includes(id) ? favGames.filter((g) => g !== id) : [...favGames, id] });
  const save = () => {
    setState({ saving: true, saved: false, error: null });
    userAreaApi.savePrefs(p).then(
      (saved) => {
        setShared(saved);
        setState({ saving: false, saved: true, error: null });
      },
      (err: unknown) => setState({ saving: false, saved: false, error: errorText(err) }),
    );
  };

  return (
    <div className={`${userAreaStyles.ucard} ${styles.upage}`} data-testid="page-preferences">
      <h1>{t("prefs.title")}</h1>
      {stored.error && <p className={userAreaStyles.uformError}>{stored.error}</p>}
      <fieldset className={styles.uprefsSet} data-testid="pref-games">
        <legend>{t("prefs.games")}</legend>
        <p className={styles.upageHint}>{t("prefs.gamesHint")}</p>
        <div className={styles.uchips}>
          {(games.value?.games ?? []).map((g) => (
            <button
              key={g.id}
              type="button"
              aria-pressed={favGames.includes(g.id)}
              className={favGames.includes(g.id) ? `${styles.uchip} ${styles.uchipOn}` : styles.uchip}
              onClick={() => toggleGame(g.id)}
            >
              {gt(`matches.game.${g.abbr.toLowerCase()}`, { defaultValue: g.name })}
            </button>
          ))}
        </div>
      </fieldset>
      <Chips label={t("prefs.teams")} hint={t("prefs.teamsHint")} values={p.favTeams ?? []} onChange={(v) => change({ favTeams: v })} testId="pref-teams" />
      <Chips label={t("prefs.leagues")} values={p.favLeagues ?? []} onChange={(v) => change({ favLeagues: v })} testId="pref-leagues" />
      <fieldset className={styles.uprefsSet} data-testid="pref-notify">
        <legend>{t("prefs.notify")}</legend>
        <p className={styles.upageHint}>{t("prefs.notifyHint")}</p>
        {KINDS.map((k) => (
          <label key={k} className={styles.uswitch}>
            <input
              type="checkbox"
              checked={p.notify?.[k] !== false}
              onChange={(e) => change({ notify: { ...p.notify, [k]: e.target.checked } })}
            />
            {t(`messages.kind.${k}` as UserAreaKey)}
          </label>
        ))}
      </fieldset>
      <div className={userAreaStyles.uformActions}>
        <button type="button" className={userAreaStyles.uareaPrimary} disabled={state.saving || !draft} onClick={save} data-testid="prefs-save">
          {t("prefs.save")}
        </button>
        {state.saved && <span className={userAreaStyles.uformOk} role="status">{t("prefs.saved")}</span>}
        {state.error && <span className={userAreaStyles.uformError}>{state.error}</span>}
      </div>
    </div>
  );
}
