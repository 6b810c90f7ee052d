// /admin/channels — every promotion channel (issue 23), for staff who manage channels: the partner,
// code, name, source, type, link, share and the all-time visits, registrations and downloads counted
// from events. Searchable by code, name, source or partner; read-only (partners edit their own in
// /channel). Each look is written to the audit log by the server.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { channelAdminApi } from "../../api/channel";
import { Loadable, useResource } from "../../data";
import { useUserAreaT } from "../../i18n/userarea";
import { formatNumber, formatTime } from "./format";
import styles from "./Admin.module.css";

const PAGE = 50;

export default function Channels() {
  const { t: tt, i18n } = useTranslation();
  const { t } = useUserAreaT();
  const lang = i18n.language;
  const [q, setQ] = useState("");
  const [draft, setDraft] = useState("");
  const [page, setPage] = useState(1);
  const channels = useResource(`admin-channels:${page}:${q}`, () =>
    channelAdminApi.list(q, page, PAGE).then((r) => ({ list: r.list ?? [], total: r.total })),
  );
  const total = channels.value?.total ?? 0;
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setQ(draft.trim());
  };
  return (
    <section data-testid="admin-channels">
      <h1 className={styles.adminTitle}>{tt("admin.menu.channels")}</h1>
      <p className={styles.adminHint}>{t("adminChannels.hint")}</p>
      <form className={styles.adminFilters} onSubmit={search}>
        <label>
          {t("adminChannels.search")}
          <input value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="admin-channels-q" />
        </label>
        <button type="submit" className={styles.adminBtn}>{tt("admin.common.search")}</button>
      </form>
      <Loadable resource={channels} empty={(v) => v.list.length === 0} emptyLabel={tt("admin.common.empty")}>
        {({ list }) => (
          <table className={styles.adminTable}>
            <thead>
              <tr>
                <th>{t("adminChannels.partner")}</th>
                <th>{t("adminChannels.name")}</th>
                <th>{t("adminChannels.code")}</th>
                <th>{t("adminChannels.type")}</th>
                <th>{t("adminChannels.visits")}</th>
                <th>{t("adminChannels.registrations")}</th>
                <th>{t("adminChannels.downloads")}</th>
                <th>{t("adminChannels.share")}</th>
                <th>{t("adminChannels.created")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id} data-testid="admin-channel-row" data-code={c.code}>
                  <td>{c.ownerId ? <>{c.owner || "—"} <span className={styles.adminHint}>u{c.ownerId}</span></> : t("adminChannels.site")}</td>
                  <td>
                    {c.name}
                    {c.source && <div className={styles.adminHint}>{c.source}</div>}
                  </td>
                  <td>
                    <code>{c.code}</code>
                    <div className={styles.adminHint}>{c.link}</div>
                  </td>
                  <td>{c.type === "download" ? t("adminChannels.download") : t("adminChannels.register")}</td>
                  <td>{formatNumber(c.visits, lang)}</td>
                  <td>{formatNumber(c.registrations, lang)}</td>
                  <td>{formatNumber(c.downloads, lang)}</td>
                  <td>{formatNumber(c.shareBps / 100, lang)}%</td>
                  <td>{formatTime(c.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
      <div className={styles.adminRow}>
        {channels.value && <span className={styles.adminHint} data-testid="admin-channels-total">{t("adminChannels.total", { count: total })}</span>}
        {page > 1 && <button type="button" className={styles.adminBtn} onClick={() => setPage(page - 1)}>‹</button>}
        {page * PAGE < total && <button type="button" className={styles.adminBtn} onClick={() => setPage(page + 1)}>›</button>}
      </div>
    </section>
  );
}
