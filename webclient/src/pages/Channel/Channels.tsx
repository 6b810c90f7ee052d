// /channel (index) — the partner's channels: name, registration source, type, code, link; add or
// edit one; "get link" shows the link and its QR code.
import { useState } from "react";
import { QRCodeSVG } from "qrcode.react";
import { useChannelT } from "../../i18n/channel";
import { channelApi, type Channel, type ChannelType } from "../../api/channel";
import { errorText } from "../../api/client";
import { Loadable, useResource } from "../../data";
import { useDialog } from "../../components/useDialog";
import { formatDateTime, useLocaleTag } from "./format";
import styles from "./Channel.module.css";

interface Form {
  id?: number;
  name: string;
  source: string;
  type: ChannelType;
}

export default function Channels() {
  const { t } = useChannelT();
  const loc = useLocaleTag();
  const list = useResource("channel-list", () => channelApi.list());
  const [form, setForm] = useState<Form | null>(null);
  const [shown, setShown] = useState<Channel | null>(null);
  return (
    <div data-testid="channel-list">
      <div className={styles.chanHead}>
        <h1>{t("menu.home")}</h1>
        <button type="button" className={styles.chanBtn} data-testid="channel-add" onClick={() => setForm({ name: "", source: "", type: "register" })}>
          {t("add")}
        </button>
      </div>
      {form && <ChannelForm form={form} onClose={() => setForm(null)} onSaved={(c) => { setForm(null); list.refresh(); setShown(c); }} />}
      <Loadable resource={list} empty={(l) => l.list.length === 0} emptyLabel={t("none")} minHeight={160}>
        {({ list: rows }) => (
        <table className={styles.chanTable}>
          <thead>
            <tr>
              <th>{t("name")}</th>
              <th>{t("source")}</th>
              <th>{t("type")}</th>
              <th>{t("code")}</th>
              <th>{t("created")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid="channel-row">
                <td className={styles.chanStrong}>{c.name}</td>
                <td>{c.source}</td>
                <td>
                  <span className={`${styles.chanTag} ${styles[`chan-tag--${c.type}`] ?? ""}`}>{t(c.type === "register" ? "typeRegister" : "typeDownload")}</span>
                </td>
                <td className={styles.chanMono}>{c.code}</td>
                <td>{formatDateTime(c.createdAt, loc)}</td>
                <td className={styles.chanActions}>
                  <button type="button" className={`${styles.chanBtn} ${styles.chanBtnGhost}`} onClick={() => setForm({ id: c.id, name: c.name, source: c.source, type: c.type })}>
                    {t("edit")}
                  </button>
                  <button type="button" className={styles.chanBtn} data-testid="channel-get-link" onClick={() => setShown(c)}>
                    {t("getLink")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        )}
      </Loadable>
      {shown && <LinkDialog channel={shown} onClose={() => setShown(null)} />}
    </div>
  );
}

function ChannelForm({ form, onClose, onSaved }: { form: Form; onClose: () => void; onSaved: (c: Channel) => void }) {
  const { t } = useChannelT();
  const [v, setV] = useState(form);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  return (
    <form
      className={styles.chanForm}
      data-testid="channel-form"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError("");
        channelApi.save(v).then(onSaved, (err: unknown) => {
          setBusy(false);
          setError(errorText(err));
        });
      }}
    >
      <label>
        {t("name")}
        <input value={v.name} maxLength={64} required data-testid="channel-name" onChange={(e) => setV({ ...v, name: e.target.value })} />
      </label>
      <label>
        {t("source")}
        <input value={v.source} maxLength={64} data-testid="channel-source" onChange={(e) => setV({ ...v, source: e.target.value })} />
      </label>
      <label>
        {t("type")}
        <select value={v.type} data-testid="channel-type" onChange={(e) => setV({ ...v, type: e.target.value as ChannelType })}>
          <option value="register">{t("typeRegister")}</option>
          <option value="download">{t("typeDownload")}</option>
        </select>
      </label>
      {error && <p className={styles.chanError}>{error}</p>}
      <div className={styles.chanActions}>
        <button type="button" className={`${styles.chanBtn} ${styles.chanBtnGhost}`} onClick={onClose}>{t("cancel")}</button>
        <button type="submit" className={styles.chanBtn} disabled={busy} data-testid="channel-save">{t("save")}</button>
      </div>
    </form>
  );
}

function LinkDialog({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const { t } = useChannelT();
  const [copied, setCopied] = useState(false);
  const dialog = useDialog<HTMLDivElement>(onClose);
  return (
    <div className={styles.chanDialog} role="dialog" aria-label={t("getLink")} data-testid="channel-link-dialog" {...dialog}>
      <div className={styles.chanDialogBox}>
        <h2>{channel.name}</h2>
        <div className={styles.chanQr} data-testid="channel-qr">
          <QRCodeSVG value={channel.link} size={184} marginSize={2} />
        </div>
        <p className={styles.chanMuted}>{t("qrHint")}</p>
        <input className={styles.chanLink} readOnly value={channel.link} data-testid="channel-link" onFocus={(e) => e.target.select()} />
        <div className={styles.chanActions}>
          <button
            type="button"
            className={styles.chanBtn}
            onClick={() => {
              void navigator.clipboard?.writeText(channel.link).then(() => setCopied(true), () => undefined);
            }}
          >
            {copied ? t("copied") : t("copy")}
          </button>
          <button type="button" className={`${styles.chanBtn} ${styles.chanBtnGhost}`} onClick={onClose} data-testid="channel-link-close">{t("close")}</button>
        </div>
      </div>
    </div>
  );
}
