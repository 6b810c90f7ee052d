// /creatorCenter — the creator centre: the expert application until approved; then the data board
// (/dataShow), plan management (/progManage) and the add/edit plan form with its match picker
// (/progComponent).
import { useEffect, useMemo, useState } from "react";
import { NavLink, Outlet, useNavigate, useSearchParams } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type ApplyStart, type Board as BoardData, type MatchOption, type Pick, type PlanForm, type PlayType } from "../../api/experts";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { Loadable, useResource } from "../../data";
import { OutcomeBadge, formatCoins, formatLine, formatWhen, percent } from "../../features/experts/parts";
import styles from "../../features/experts/Experts.module.css";
import { errorText } from "../../api/client";

export default function CreatorCenter() {
  const { t } = useExpertsT();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  // Signed out: nothing to load (a null key), the sign-in prompt instead.
  const application = useResource(token ? `creator:start:${token}` : null, () => expertsApi.applyStart());

  if (!token) {
    return (
      <main className={styles.experts} data-testid="creator-center">
        <h1 className={styles.expertsTitle}>{t("experts.creator.title")}</h1>
        <p>{t("experts.creator.signInFirst")}</p>
        <button type="button" className={styles.expertsButton} onClick={() => setModal({ open: true, mode: LoginMode.Password })}>
          {t("experts.signIn")}
        </button>
      </main>
    );
  }
  return (
    <Loadable resource={application} minHeight="60vh">
      {(start) => (start.status === "approved" ? <Centre /> : <Apply start={start} onDone={application.refresh} />)}
    </Loadable>
  );
}

/** The approved expert's centre: the tabs and the tab's page. */
function Centre() {
  const { t } = useExpertsT();
  return (
    <main className={styles.experts} data-testid="creator-center">
      <div className={styles.expertsRow}>
        <h1 className={styles.expertsTitle}>{t("experts.creator.title")}</h1>
        <nav className={styles.expertsTabs}>
          <NavLink end className={({ isActive }) => `${styles.expertsTab}${isActive ? ` ${styles.expertsTabOn}` : ""}`} to="/creatorCenter/dataShow">{t("experts.creator.board")}</NavLink>
          <NavLink className={({ isActive }) => `${styles.expertsTab}${isActive ? ` ${styles.expertsTabOn}` : ""}`} to="/creatorCenter/progManage" data-testid="creator-manage">{t("experts.creator.manage")}</NavLink>
          <NavLink className={({ isActive }) => `${styles.expertsTab}${isActive ? ` ${styles.expertsTabOn}` : ""}`} to="/creatorCenter/progComponent" data-testid="creator-add">{t("experts.creator.add")}</NavLink>
        </nav>
      </div>
      <Outlet />
    </main>
  );
}

function Apply({ start, onDone }: { start: ApplyStart; onDone: () => void }) {
  const { t } = useExpertsT();
  const [form, setForm] = useState({ nickname: "", realName: "", idNumber: "", intro: "", experience: "", games: [1] as number[] });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setBusy(true);
    setError("");
    try {
      await expertsApi.apply(form);
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className={styles.experts} data-testid="creator-apply">
      <h1 className={styles.expertsTitle}>{t("experts.apply.title")}</h1>
      <p className={styles.expertsMuted}>{t("experts.apply.intro")}</p>
      {start.status === "review" && <p className={styles.expertsBanner} data-testid="apply-status">{t("experts.apply.review")}</p>}
      {start.status === "banned" && <p className={`${styles.expertsBanner} ${styles.expertsBannerBad}`} data-testid="apply-status">{t("experts.apply.banned", { reason: start.reason })}</p>}
      {start.status === "rejected" && <p className={`${styles.expertsBanner} ${styles.expertsBannerBad}`} data-testid="apply-status">{t("experts.apply.rejected", { reason: start.reason })}</p>}
      {(start.status === "none" || start.status === "rejected") && (
        <form className={`${styles.expertsPanel} ${styles.expertsForm}`} onSubmit={submit}>
          <p className={styles.expertsMuted}>{start.phoneBound ? t("experts.apply.phone", { phone: start.phone }) : t("experts.apply.noPhone")}</p>
          <label className={styles.expertsField}>
            <span>{t("experts.apply.nickname")}</span>
            <input data-testid="apply-nickname" value={form.nickname} onChange={set("nickname")} maxLength={20} required />
          </label>
          <label className={styles.expertsField}>
            <span>{t("experts.apply.realName")}</span>
            <input data-testid="apply-realName" value={form.realName} onChange={set("realName")} maxLength={40} required />
          </label>
          <label className={styles.expertsField}>
            <span>{t("experts.apply.idNumber")}</span>
            <input data-testid="apply-idNumber" value={form.idNumber} onChange={set("idNumber")} maxLength={20} required />
          </label>
          <label className={styles.expertsField}>
            <span>{t("experts.apply.introLabel")}</span>
            <textarea data-testid="apply-intro" value={form.intro} onChange={set("intro")} rows={3} maxLength={500} required />
          </label>
          <label className={styles.expertsField}>
            <span>{t("experts.apply.experience")}</span>
            <textarea value={form.experience} onChange={set("experience")} rows={2} maxLength={500} />
          </label>
          <fieldset className={styles.expertsField}>
            <span>{t("experts.apply.games")}</span>
            <div className={styles.expertsSwitches}>
              {[1, 2, 3, 4].map((g) => (
                <label key={g} className={styles.expertsCheck}>
                  <input
                    type="checkbox"
                    checked={form.games.includes(g)}
                    onChange={(e) => setForm({ ...form, games: e.target.checked ? [...form.games, g] : form.games.filter((x) => x !== g) })}
                  />
                  <span>{t(`experts.game.${g}` as "experts.game.1")}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {error && <p className={styles.expertsError} data-testid="apply-error">{error}</p>}
          <button type="submit" className={styles.expertsButton} disabled={busy} data-testid="apply-submit">
            {t("experts.apply.submit")}
          </button>
        </form>
      )}
    </main>
  );
}

export function DataShow() {
  const board = useResource("creator:board", () => expertsApi.board());
  return (
    <Loadable resource={board} minHeight={400}>
      {(b) => <Board board={b} />}
    </Loadable>
  );
}

function Board({ board }: { board: BoardData }) {
  const { t, i18n } = useExpertsT();
  const max = Math.max(1, ...board.daily.map((d) => d.amount));
  const c = (n: number) => formatCoins(n, i18n.language);
  return (
    <section data-testid="creator-board">
      <ul className={styles.expertsTiles}>
        <li><b>{board.plans}</b>{t("experts.board.plans")}</li>
        <li><b>{board.sales}</b>{t("experts.board.sales")}</li>
        <li><b>{board.buyers}</b>{t("experts.board.buyers")}</li>
        <li><b>{percent(board.stats.hitRate)}</b>{t("experts.stats.hitRate")}</li>
        <li><b>{c(board.revenue7)}</b>{t("experts.board.revenue7")}</li>
        <li><b>{c(board.revenue30)}</b>{t("experts.board.revenue30")}</li>
        <li><b>{c(board.revenueAll)}</b>{t("experts.board.revenueAll")}</li>
      </ul>
      <div className={styles.expertsPanel}>
        <h2 className={styles.expertsSub}>{t("experts.board.chart")}</h2>
        <div className={styles.expertsBars} role="img" aria-label={t("experts.board.chart")}>
          {board.daily.map((d) => (
            <div key={d.day} className={styles.expertsBar} title={`${d.day}: ${c(d.amount)}`}>
              <span style={{ height: `${(d.amount / max) * 100}%` }} />
              <small>{d.day.slice(5)}</small>
            </div>
          ))}
        </div>
        <p className={styles.expertsMuted}>{t("experts.board.fromLedger")}</p>
      </div>
    </section>
  );
}

const STATES = ["", "review", "published", "rejected", "removed", "hidden"] as const;

export function ProgManage() {
  const { t, i18n } = useExpertsT();
  const navigate = useNavigate();
  const [state, setState] = useState<string>("");
  const plans = useResource(`creator:plans:${state}`, () => expertsApi.ownPlans(state || undefined).then((r) => r.list));
  const [error, setError] = useState("");
  const remove = async (id: string) => {
    setError("");
    try {
      await expertsApi.removePlan(id);
      plans.refresh();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <section data-testid="creator-plans">
      <div className={styles.expertsViews}>
        {STATES.map((s) => (
          <button key={s} type="button" className={`${styles.expertsView}${s === state ? ` ${styles.expertsViewOn}` : ""}`} onClick={() => setState(s)}>
            {t(`experts.state.${s || "all"}` as "experts.state.all")}
          </button>
        ))}
      </div>
      {error && <p className={styles.expertsError}>{error}</p>}
      <Loadable resource={plans} empty={(l) => l.length === 0}>
        {(list) => (
      <table className={styles.expertsTable}>
        <tbody>
          {list.map((p) => (
            <tr key={p.id} data-testid="own-plan" data-state={p.state}>
              <td>
                <a href={`/expert/plan/${p.id}`}>{p.title}</a>
                <div className={styles.expertsMuted}>
                  {p.home} – {p.away} · {formatWhen(p.matchTime)}
                </div>
              </td>
              <td>
                <span className={`${styles.expertsState} ${styles[`experts-state--${p.state}`] ?? ""}`}>{t(`experts.state.${p.state}`)}</span>
                {p.reason && <div className={styles.expertsMuted}>{p.reason}</div>}
              </td>
              <td>{p.price === 0 ? t("experts.plan.free") : t("experts.plan.coins", { n: formatCoins(p.price, i18n.language) })}</td>
              <td>{t("experts.plan.sales", { count: p.sales })}</td>
              <td>
                <OutcomeBadge outcome={p.outcome} result={p.result} />
              </td>
              <td>
                {p.editable && (
                  <>
                    <button type="button" className={styles.expertsLink} onClick={() => navigate(`/creatorCenter/progComponent?id=${p.id}`)}>
                      {t("experts.manage.edit")}
                    </button>
                    <button type="button" className={styles.expertsLink} onClick={() => remove(p.id)}>
                      {t("experts.manage.remove")}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
        )}
      </Loadable>
    </section>
  );
}

const PICKS: Record<PlayType, Pick[]> = { "1x2": ["home", "draw", "away"], handicap: ["home", "away"], ou: ["over", "under"] };

function offered(m: MatchOption, type: PlayType): boolean {
  return type === "1x2" ? m.oddsHome > 1 : type === "handicap" ? m.hcHome > 1 : m.ouOver > 1;
}

function oddsOf(m: MatchOption, type: PlayType, pick: Pick): number {
  const table: Record<string, number> = {
    "1x2/home": m.oddsHome, "1x2/draw": m.oddsDraw, "1x2/away": m.oddsAway,
    "handicap/home": m.hcHome, "handicap/away": m.hcAway, "ou/over": m.ouOver, "ou/under": m.ouUnder,
  };
  return table[`${type}/${pick}`] ?? 0;
}

const EMPTY: PlanForm = { matchId: "", playType: "1x2", pick: "home", playLevel: 3, title: "", content: "", label: "", price: 0, refundIfLost: false, loginToView: false };

export function ProgComponent() {
  const { t } = useExpertsT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = params.get("id") ?? "";
  const matchList = useResource("creator:matches", () => expertsApi.matches().then((r) => r.list));
  const matches = matchList.value;
  // Editing: the plan's saved fields fill the form once they arrive.
  const editing = useResource(editId ? `creator:plan:${editId}` : null, () => expertsApi.planInfo(editId)).value;
  const [form, setForm] = useState<PlanForm>(EMPTY);
  const [filter, setFilter] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editing) return;
    const p = editing.plan;
    setForm({ id: p.id, matchId: p.matchId, playType: p.playType, pick: p.pick ?? "home", playLevel: p.playLevel, title: p.title,
      content: p.content ?? "", label: p.label, price: p.price, refundIfLost: p.refundIfLost, loginToView: p.loginToView });
  }, [editing]);

  const match = matches?.find((m) => m.id === form.matchId);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (matches ?? []).filter((m) => !f || `${m.home} ${m.away} ${m.league}`.toLowerCase().includes(f)).slice(0, 40);
  }, [matches, filter]);

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setBusy(true);
    setError("");
    try {
      const p = await (form.id ? expertsApi.editPlan(form) : expertsApi.addPlan(form));
      navigate(`/expert/plan/${p.id}`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${styles.expertsGrid} ${styles.expertsGridWide}`} onSubmit={submit} data-testid="plan-form">
      <section className={`${styles.expertsPanel} ${styles.expertsForm}`}>
        <h2 className={styles.expertsSub}>{form.id ? t("experts.form.editTitle") : t("experts.form.addTitle")}</h2>
        <div className={styles.expertsField}>
          <span>{t("experts.form.match")}</span>
          {match ? (
            <p data-testid="form-match">
              <b>{match.home} – {match.away}</b> <span className={styles.expertsMuted}>{match.league} · {formatWhen(match.matchTime)}</span>
            </p>
          ) : (
            <p className={styles.expertsMuted}>{t("experts.form.pickMatch")}</p>
          )}
        </div>
        <div className={styles.expertsField}>
          <span>{t("experts.form.playType")}</span>
          <div className={styles.expertsViews}>
            {(["1x2", "handicap", "ou"] as PlayType[]).map((pt) => (
              <button key={pt} type="button" data-testid={`form-type-${pt}`} disabled={!match || !offered(match, pt)}
                className={`${styles.expertsView}${form.playType === pt ? ` ${styles.expertsViewOn}` : ""}`}
                onClick={() => setForm({ ...form, playType: pt, pick: PICKS[pt][0]! })}>
                {t(`experts.playType.${pt}`)} {match && pt !== "1x2" ? formatLine(pt, pt === "handicap" ? match.hcLine : match.ouLine) : ""}
              </button>
            ))}
          </div>
        </div>
        <div className={styles.expertsField}>
          <span>{t("experts.form.pick")}</span>
          <div className={styles.expertsViews}>
            {PICKS[form.playType].filter((pk) => !match || oddsOf(match, form.playType, pk) > 1).map((pk) => (
              <button key={pk} type="button" data-testid={`form-pick-${pk}`}
                className={`${styles.expertsView}${form.pick === pk ? ` ${styles.expertsViewOn}` : ""}`} onClick={() => setForm({ ...form, pick: pk })}>
                {pk === "home" && match ? match.home : pk === "away" && match ? match.away : t(`experts.pick.${pk}`)}
                {match && ` @ ${oddsOf(match, form.playType, pk).toFixed(2)}`}
              </button>
            ))}
          </div>
        </div>
        <label className={styles.expertsField}>
          <span>{t("experts.form.title")}</span>
          <input data-testid="form-title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          <small className={styles.expertsMuted}>{t("experts.form.titleHelp")}</small>
        </label>
        <label className={styles.expertsField}>
          <span>{t("experts.form.content")}</span>
          <textarea data-testid="form-content" rows={6} value={form.content} onChange={(e) => setForm({ ...form, content: e.target.value })} />
        </label>
        <div className={styles.expertsSwitches}>
          <label className={`${styles.expertsField} ${styles.expertsFieldInline}`}>
            <span>{t("experts.form.level")}</span>
            <select value={form.playLevel} onChange={(e) => setForm({ ...form, playLevel: Number(e.target.value) })}>
              {[1, 2, 3, 4, 5].map((l) => <option key={l} value={l}>{"★".repeat(l)}</option>)}
            </select>
          </label>
          <label className={`${styles.expertsField} ${styles.expertsFieldInline}`}>
            <span>{t("experts.form.label")}</span>
            <input value={form.label} maxLength={10} onChange={(e) => setForm({ ...form, label: e.target.value })} />
          </label>
          <label className={`${styles.expertsField} ${styles.expertsFieldInline}`}>
            <span>{t("experts.form.price")}</span>
            <input data-testid="form-price" type="number" min={0} max={9999} value={form.price} onChange={(e) => setForm({ ...form, price: Number(e.target.value) })} />
          </label>
        </div>
        <div className={styles.expertsSwitches}>
          <label className={styles.expertsCheck}>
            <input type="checkbox" data-testid="form-refund" checked={form.refundIfLost} onChange={(e) => setForm({ ...form, refundIfLost: e.target.checked })} />
            <span>{t("experts.form.refund")}</span>
          </label>
          <label className={styles.expertsCheck}>
            <input type="checkbox" checked={form.loginToView} onChange={(e) => setForm({ ...form, loginToView: e.target.checked })} />
            <span>{t("experts.form.loginToView")}</span>
          </label>
        </div>
        {error && <p className={styles.expertsError} data-testid="form-error">{error}</p>}
        <button type="submit" className={styles.expertsButton} disabled={busy || !form.matchId} data-testid="form-submit">
          {form.id ? t("experts.form.save") : t("experts.form.publish")}
        </button>
        <p className={styles.expertsMuted}>{t("experts.form.recordHelp")}</p>
      </section>
      {!form.id && (
        <aside className={styles.expertsPanel} data-testid="match-picker">
          <h2 className={styles.expertsSub}>{t("experts.form.picker")}</h2>
          <input className={styles.expertsSearch} placeholder={t("experts.form.search")} value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="picker-search" />
          <Loadable resource={matchList} empty={() => shown.length === 0}>
            {() => (
          <ul className={styles.expertsPicker}>
            {shown.map((m) => (
              <li key={m.id}>
                <button type="button" data-testid="picker-match" className={m.id === form.matchId ? "experts-picker--on" : ""}
                  onClick={() => setForm({ ...form, matchId: m.id, playType: "1x2", pick: "home" })}>
                  <b>{m.home} – {m.away}</b>
                  <span className={styles.expertsMuted}>{m.league} · {formatWhen(m.matchTime)}</span>
                </button>
              </li>
            ))}
          </ul>
            )}
          </Loadable>
        </aside>
      )}
    </form>
  );
}
