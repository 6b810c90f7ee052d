// Keeps the head in step with the page. The first page keeps the head the server wrote (api/seo):
// it names the real teams and streamers. After an in-app navigation the links (canonical, hreflang,
// mobile) follow at once, and the title, description, Open Graph tags and structured data are the
// server's again, fetched for the new path (GET /java/site/head) in the reader's language.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { applyHead, applyServerHead, buildHead, dropServerHead, hasServerHead, serverMobileHost } from "./head";
import { seoApi } from "../api/seo";
import { MOBILE_HOST, SITE_NAME } from "../config";

export function HeadManager(): null {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  // The page and language the server wrote the head for; a change of either hands over.
  const first = useRef<string | null>(`${pathname}|${i18n.language}`);
  const mobileHost = useRef(MOBILE_HOST || serverMobileHost());
  useEffect(() => {
    if (first.current === `${pathname}|${i18n.language}` && hasServerHead()) return;
    first.current = null;
    dropServerHead();
    document.title = SITE_NAME;
    const tags = buildHead({ origin: window.location.origin, pathname, mobileHost: mobileHost.current, siteName: SITE_NAME, title: SITE_NAME });
    applyHead(tags);
    const abort = new AbortController();
    seoApi.head(pathname, abort.signal).then(
      (h) => {
        if (!abort.signal.aborted) applyServerHead(h);
      },
      () => {
        // Offline or a server without the call: the links above are right; the title stays the site's.
      },
    );
    return () => abort.abort();
  }, [pathname, i18n.language]);
  return null;
}
