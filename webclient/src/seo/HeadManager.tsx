// Re-applies title, canonical, alternates and JSON-LD after each in-app navigation. The first
// page keeps the head the server wrote (api/seo): it names the real teams and streamers, which
// this component does not know, so overwriting it would only make it worse.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { applyHead, buildHead, dropServerHead, hasServerHead, pageKind, serverMobileHost } from "./head";
import { MOBILE_HOST, SITE_NAME } from "../config";

export function HeadManager(): null {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const first = useRef<string | null>(pathname);
  const mobileHost = useRef(MOBILE_HOST || serverMobileHost());
  useEffect(() => {
    if (first.current === pathname && hasServerHead()) return;
    first.current = null;
    dropServerHead();
    const kind = pageKind(pathname);
    const title =
      kind.kind === "live"
        ? t("live.title", { id: kind.id })
        : kind.kind === "match"
          ? `${t("match.title")} ${kind.id}`
          : SITE_NAME;
    document.title = title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
    applyHead(buildHead({ origin: window.location.origin, pathname, mobileHost: mobileHost.current, siteName: SITE_NAME, title }));
  }, [pathname, t, i18n.language]);
  return null;
}
