// /admin/money — orders and money (staff with manageOrders): recharges, memberships, room unlocks,
// refunds and chargebacks, searched and paginated on the server, each with its ledger entries and
// whether they balance. A staff refund goes through the wallet's order state machine on the server
// (a balanced posting, never a balance edit) and is in the audit log.
import { Fragment, useState, type FormEvent } from "react";
import { errorText } from "../../../api/client";
import { adminOpsApi, MONEY_KINDS, type MoneyEntry, type MoneyKind, type MoneyRow } from "../../../api/adminops";
import { Loadable, useResource } from "../../../data";
import { useOpsT, type OpsKey } from "../../../i18n/adminops";
import { HTML_LANG, isLocale } from "../../../i18n/locales";
import { formatFen, formatNumber, formatTime } from "../format";
import { Pager, ReasonField } from "./Pager";
import styles from "./ops.module.css";
import adminStyles from "../Admin.module.css";
import { TabList } from "../../../components/TabList/TabList";

const SIZE = 20;

/** An entry's amount in its currency: fen and cents as money, coins and diamonds as counts. */
function amount(e: MoneyEntry, lang: string, t: (k: OpsKey, o?: Record<string, unknown>) => string): string {
  const tag = isLocale(lang) ? HTML_LANG[lang] : "en-US";
  const sign = e.amount > 0 ? "+" : "";
  switch (e.currency) {
    case "CNY":
    case "USD":
      return sign + new Intl.NumberFormat(tag, { style: "currency", currency: e.currency }).format(e.amount / 100);
    case "DIAMOND":
      return sign + t("money.diamonds", { n: formatNumber(e.amount, lang) });
    default:
      return sign + t("money.coins", { n: formatNumber(e.amount, lang) });
  }
}

export function MoneyAdmin() {
  const { t, language } = useOpsT();
  const [kind, setKind] = useState<MoneyKind>("recharge");
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState("");
  const [msg, setMsg] = useState("");
  const money = useResource(`admin-money:${kind}:${page}:${query}`, () => adminOpsApi.money(kind, query, page, SIZE));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setQuery(q.trim());
  };
  const replace = (row: MoneyRow) => {
    // The refund's answer is the row as it now stands: shown in place, without loading the page again.
    money.set((cur) => ({ list: (cur?.list ?? []).map((r) => (r.reference === row.reference && r.kind === row.kind ? row : r)), total: cur?.total ?? 0 }));
    setMsg(t("money.refunded", { order: row.reference }));
  };
  return (
    <section data-testid="admin-money">
      <h1 className={adminStyles.adminTitle}>{t("menu.money")}</h1>
      <p className={adminStyles.adminHint}>{t("money.intro")}</p>
      <TabList
        items={MONEY_KINDS.map((k) => ({ key: k, label: t(`money.kind.${k}`), testId: `admin-money-kind-${k}` }))}
        selected={kind}
        onSelect={(k) => {
          setKind(k);
          setPage(1);
          setOpen("");
        }}
        className={adminStyles.adminRow}
        tabClassName={adminStyles.adminBtn}
        selectedClassName={adminStyles.adminBtnOn}
      />
      <form className={adminStyles.adminFilters} onSubmit={search}>
        <label>{t("money.search")}<input value={q} onChange={(e) => setQ(e.target.value)} data-testid="admin-money-q" /></label>
        <button type="submit" className={adminStyles.adminBtn}>{t("common.search")}</button>
      </form>
      {msg && <p className={adminStyles.adminMsg} role="status" data-testid="admin-money-msg">{msg}</p>}
      <Loadable resource={money} empty={(m) => m.list.length === 0} emptyLabel={t("common.empty")}>
        {({ list: rows }) => (
          <table className={adminStyles.adminTable}>
            <thead>
              <tr>
                <th>{t("common.time")}</th><th>{t("money.reference")}</th><th>{t("common.user")}</th><th>{t("money.what")}</th>
                <th>{t("money.entries")}</th><th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const key = `${r.kind}/${r.reference}`;
                return (
                  <Fragment key={key}>
                    <tr data-testid="admin-money-row" data-reference={r.reference} data-state={r.state ?? ""}>
                      <td>{formatTime(r.time, language)}</td>
                      <td><code>{r.reference}</code></td>
                      <td>{r.userName || r.userId} {r.userName && <span className={adminStyles.adminHint}>{r.userId}</span>}</td>
                      <td>
                        {r.kind === "recharge" ? (
                          <>
                            {r.product === "diamond" ? t("money.diamonds", { n: formatNumber(r.quantity ?? 0, language) }) : t("money.coins", { n: formatNumber(r.quantity ?? 0, language) })}
                            {" · "}{formatFen(r.priceFen ?? 0, language)}{r.method ? ` · ${r.method}` : ""}
                            <div><span className={`${adminStyles.adminTag} ${styles[`ops-state--${r.state}`] ?? ""}`} data-testid="admin-money-state">{t(`money.state.${r.state ?? "created"}` as OpsKey)}</span></div>
                          </>
                        ) : t(`money.kind.${r.kind}`)}
                      </td>
                      <td>
                        <button type="button" className={adminStyles.adminLinkbtn} onClick={() => setOpen(open === key ? "" : key)} data-testid="admin-money-entries">
                          {t("money.showEntries")} ({r.entries.length})
                        </button>{" "}
                        {r.entries.length > 0 && (
                          <span className={r.balanced ? adminStyles.adminPos : adminStyles.adminNeg} data-testid="admin-money-balanced" data-balanced={r.balanced}>
                            {r.balanced ? `✓ ${t("money.balanced")}` : `✗ ${t("money.unbalanced")}`}
                          </span>
                        )}
                      </td>
                      <td>{r.refundable && <RefundButton row={r} onDone={replace} onOpen={() => setOpen(key)} />}</td>
                    </tr>
                    {open === key && (
                      <tr className={adminStyles.adminTableOn}>
                        <td colSpan={6}>
                          <table className={`${adminStyles.adminTable} ${styles.opsEntries}`} data-testid="admin-money-ledger">
                            <thead>
                              <tr><th>{t("common.time")}</th><th>{t("money.what")}</th><th>{t("common.user")}</th><th>{t("money.amount")}</th><th>{t("money.balanceAfter")}</th></tr>
                            </thead>
                            <tbody>
                              {r.entries.map((e, i) => (
                                <tr key={i} data-testid="admin-money-entry" data-txn={e.txnType}>
                                  <td>{formatTime(e.time, language)}</td>
                                  <td>{t(`money.txn.${e.txnType}` as OpsKey)}</td>
                                  <td>{t(`money.account.${e.account}` as OpsKey)} {e.owner && <span className={adminStyles.adminHint}>{e.owner}</span>}</td>
                                  <td className={e.amount < 0 ? adminStyles.adminNeg : adminStyles.adminPos}>{amount(e, language, t)}</td>
                                  <td>{e.balanceAfter === null ? "—" : formatNumber(e.balanceAfter, language)}</td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        )}
      </Loadable>
      <Pager page={page} size={SIZE} total={money.value?.total ?? 0} onPage={setPage} />
    </section>
  );
}

function RefundButton({ row, onDone, onOpen }: { row: MoneyRow; onDone: (r: MoneyRow) => void; onOpen: () => void }) {
  const { t } = useOpsT();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  if (!asking) {
    return <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnDanger}`} onClick={() => setAsking(true)} data-testid="admin-money-refund">{t("money.refund")}</button>;
  }
  const submit = () => {
    setBusy(true);
    setError("");
    adminOpsApi.refund(row.reference, reason).then(
      (r) => {
        onDone(r);
        onOpen();
      },
      (e) => {
        setError(errorText(e));
        setBusy(false);
      },
    );
  };
  return (
    <div className={styles.opsRefund}>
      <p className={adminStyles.adminHint}>{t("money.refundHint")}</p>
      <ReasonField value={reason} onChange={setReason} testId="admin-money-refund-reason" />
      <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnDanger}`} disabled={busy || !reason.trim()} onClick={submit} data-testid="admin-money-refund-confirm">
        {t("money.refund")}
      </button>
      {error && <p className={adminStyles.adminError} role="alert">{error}</p>}
    </div>
  );
}
