// The footer and protocol pages (issue 19), their text edited by staff (api/content): /about,
// /protocol/{1, 2, privacy, service, streamer, complaint, power, responsibility, cooperation},
// /certificate, and /protocol, the index of them all. A page not in the reader's language is shown
// in English with a note saying so; an id that names no page shows the not-found page (the server
// answers 404 for it too).
import { Link, useParams } from "react-router";
import { contentApi, type PageLink, type SitePage } from "../../api/content";
import { PageBody } from "../../components/PageBody";
import { Loadable, useResource } from "../../data";
import { useContentT } from "../../i18n/content";
import { HTML_LANG, isLocale } from "../../i18n/locales";
import { useTranslation } from "react-i18next";
import styles from "./Protocol.module.css";

const tag = (lang: string) => (isLocale(lang) ? HTML_LANG[lang] : "en-US");

/** A staff-edited page: loads `key` with `load`; a page the server does not have is the 404 page. */
function ContentPage({ load, pageKey, testid }: { load: () => Promise<SitePage>; pageKey: string; testid: string }) {
  const page = useResource(pageKey, load);
  return (
    <Loadable resource={page} notFound="page" minHeight="60vh">
      {(p) => <ContentBody p={p} testid={testid} />}
    </Loadable>
  );
}

function ContentBody({ p, testid }: { p: SitePage; testid: string }) {
  const { t, language } = useContentT();
  const { t: tt } = useTranslation();
  const other = p.lang !== language;
  return (
    <article className={styles.protocol} data-testid={testid} data-slug={p.slug} lang={other ? tag(p.lang) : undefined}>
      {other && (
        <p className={styles.protocolNote} lang={tag(language)} data-testid="protocol-english">{t("pages.englishOnly")}</p>
      )}
      <h1 data-testid="protocol-title">{p.title}</h1>
      <PageBody body={p.body} />
      <footer className={styles.protocolFoot} lang={tag(language)}>
        {p.updateTime ? (
          <span>{t("pages.updated", { date: new Intl.DateTimeFormat(tag(language), { dateStyle: "long" }).format(new Date(p.updateTime)) })}</span>
        ) : (
          <span />
        )}
        {p.path !== "/about" && <Link to="/protocol">{t("pages.allPages")}</Link>}
        {p.path === "/about" && <Link to="/">{tt("common.backHome")}</Link>}
      </footer>
    </article>
  );
}

/** /protocol/:id */
export default function Protocol() {
  const { id = "" } = useParams();
  const { language } = useContentT();
  return <ContentPage load={() => contentApi.protocol(id)} pageKey={`protocol|${id}|${language}`} testid="protocol" />;
}

/** /about */
export function About() {
  const { language } = useContentT();
  return <ContentPage load={() => contentApi.page("about")} pageKey={`about|${language}`} testid="about" />;
}

/** /certificate */
export function Certificate() {
  const { language } = useContentT();
  return <ContentPage load={() => contentApi.page("certificate")} pageKey={`certificate|${language}`} testid="certificate" />;
}

/** /protocol: every page with its title in the reader's language. */
export function ProtocolIndex() {
  const { t, language } = useContentT();
  const pages = useResource(`pages|${language}`, () => contentApi.pages());
  return (
    <article className={styles.protocol} data-testid="protocol-index">
      <h1>{t("pages.indexTitle")}</h1>
      <p>{t("pages.indexIntro")}</p>
      <Loadable resource={pages}>
        {(value) => (
          <ul className={styles.protocolIndex}>
            {value.list.map((l: PageLink) => (
              <li key={l.slug}>
                <Link to={l.path} data-testid={`protocol-link-${l.slug}`}>{l.title}</Link>
              </li>
            ))}
          </ul>
        )}
      </Loadable>
    </article>
  );
}
