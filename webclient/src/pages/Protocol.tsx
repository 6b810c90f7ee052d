// The footer and protocol pages (issue 19), their text edited by staff (api/content): /about,
// /protocol/{1, 2, privacy, service, streamer, complaint, power, responsibility, cooperation},
// /certificate, and /protocol, the index of them all. A page not in the reader's language is shown
// in English with a note saying so; an id that names no page shows the not-found page (the server
// answers 404 for it too).
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError } from "../api/client";
import { contentApi, type PageLink, type SitePage } from "../api/content";
import { PageBody } from "../components/PageBody";
import { ErrorPanel } from "../components/ErrorPanel";
import { useContentT } from "../i18n/content";
import { HTML_LANG, isLocale } from "../i18n/locales";
import { useTranslation } from "react-i18next";
import NotFound from "./NotFound";
import "./Protocol.css";

type Loaded<T> = { status: "loading" } | { status: "error"; notFound: boolean; message: string } | { status: "ready"; value: T };

/** One call per key, with its loading and error states (the client shows the progress bar). */
function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    load().then(
      (value) => live && setState({ status: "ready", value }),
      (err: unknown) =>
        live &&
        setState({
          status: "error",
          notFound: err instanceof ApiError && err.httpStatus === 404,
          message: err instanceof ApiError ? err.userMessage : String(err),
        }),
    );
    return () => {
      live = false;
    };
    // load changes on every render; key says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

const tag = (lang: string) => (isLocale(lang) ? HTML_LANG[lang] : "en-US");

function ContentPage({ state, testid }: { state: Loaded<SitePage>; testid: string }) {
  const { t, language } = useContentT();
  const { t: tt } = useTranslation();
  if (state.status === "loading") return <article className="protocol" aria-busy="true" />;
  if (state.status === "error") return state.notFound ? <NotFound /> : <ErrorPanel code="!" title={tt("errors.network")} hint={state.message} />;
  const p = state.value;
  const other = p.lang !== language;
  return (
    <article className="protocol" data-testid={testid} data-slug={p.slug} lang={other ? tag(p.lang) : undefined}>
      {other && (
        <p className="protocol__note" lang={tag(language)} data-testid="protocol-english">{t("pages.englishOnly")}</p>
      )}
      <h1 data-testid="protocol-title">{p.title}</h1>
      <PageBody body={p.body} />
      <footer className="protocol__foot" lang={tag(language)}>
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
  return <ContentPage state={useLoad(() => contentApi.protocol(id), `${id}|${language}`)} testid="protocol" />;
}

/** /about */
export function About() {
  const { language } = useContentT();
  return <ContentPage state={useLoad(() => contentApi.page("about"), language)} testid="about" />;
}

/** /certificate */
export function Certificate() {
  const { language } = useContentT();
  return <ContentPage state={useLoad(() => contentApi.page("certificate"), language)} testid="certificate" />;
}

/** /protocol: every page with its title in the reader's language. */
export function ProtocolIndex() {
  const { t, language } = useContentT();
  const { t: tt } = useTranslation();
  const state = useLoad(() => contentApi.pages(), language);
  return (
    <article className="protocol" data-testid="protocol-index">
      <h1>{t("pages.indexTitle")}</h1>
      <p>{t("pages.indexIntro")}</p>
      {state.status === "error" && <ErrorPanel code="!" title={tt("errors.network")} hint={state.message} />}
      {state.status === "ready" && (
        <ul className="protocol__index">
          {state.value.list.map((l: PageLink) => (
            <li key={l.slug}>
              <Link to={l.path} data-testid={`protocol-link-${l.slug}`}>{l.title}</Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
