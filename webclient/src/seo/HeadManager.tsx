// Re-applies canonical, mobile alternate and JSON-LD after each navigation.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { applyHead, buildHead, pageKind } from "./head";
import { MOBILE_HOST, SITE_NAME } from "../config";

export function HeadManager(): null {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const kind = pageKind(pathname);
    const title =
      kind.kind === "live"
        ? t("live.title", { id: kind.id })
        : kind.kind === "match"
          ? `${t("match.title")} ${kind.id}`
          : SITE_NAME;
    document.title = title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
    applyHead(buildHead({ origin: window.location.origin, pathname, mobileHost: MOBILE_HOST, siteName: SITE_NAME, title }));
  }, [pathname, t, i18n.language]);
  return null;
}
