// /channel/user — users registered through the partner's channels: masked names, registration
// time, last opened, whether they downloaded the app.
import { useState } from "react";
import { useChannelT } from "../../i18n/channel";
import { channelApi } from "../../api/channel";
import { Loadable, useResource } from "../../data";
import { formatDateTime, useLocaleTag } from "./format";
import { Pager } from "./Pager";
import styles from "./Channel.module.css";

export default function Users() {
  const { t } = useChannelT();
  const loc = useLocaleTag();
  const [page, setPage] = useState(1);
  const res = useResource(`channel-users|${page}`, () => channelApi.users(page));
  return (
    <div data-testid="channel-users">
      <div className={styles.chanHead}>
        <h1>{t("users.title")}</h1>
      </div>
      <Loadable resource={res} empty={(p) => p.list.length === 0} minHeight={240}>
        {({ list: rows }) => (
        <table className={styles.chanTable}>
          <thead>
            <tr>
              <th>{t("users.name")}</th>
              <th>{t("users.channel")}</th>
              <th>{t("users.registered")}</th>
              <th>{t("users.lastOpened")}</th>
              <th>{t("users.downloaded")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u, i) => (
              <tr key={`${u.registeredAt}:${i}`} data-testid="channel-user">
                <td className={styles.chanStrong}>{u.name}</td>
                <td>{u.channel}</td>
                <td>{formatDateTime(u.registeredAt, loc)}</td>
                <td>{formatDateTime(u.lastOpened, loc)}</td>
                <td>
                  <span className={`${styles.chanTag} ${styles[`chan-tag--${u.downloaded ? "download" : "no"}`] ?? ""}`}>{t(u.downloaded ? "users.yes" : "users.no")}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        )}
      </Loadable>
      <Pager page={page} total={res.value?.total ?? 0} size={20} onPage={setPage} />
    </div>
  );
}
