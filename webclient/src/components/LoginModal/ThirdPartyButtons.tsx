// Third-party sign-in buttons (spec §1): LINE, Google, X, Apple, Facebook, and WeChat and QQ (spec
// §7's getPCWXLoginAddress, getPCQQLoginAddress) only when the server has them configured. A click
// asks the server for the provider's URL (/login/V2/getLoginUrl, or the legacy call) and leaves for
// it; LoginModal finishes the sign-in when the provider sends the browser back.
import { useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { authApi, CHINA_OAUTH_PROVIDERS, OAUTH_PROVIDERS } from "../../api/account";
import { ApiError } from "../../api/client";
import { beginOAuth } from "../../session/oauth";
import { useResource } from "../../data/resource";
import styles from "./LoginModal.module.css";

type ProviderName = (typeof OAUTH_PROVIDERS)[number]["name"] | (typeof CHINA_OAUTH_PROVIDERS)[number]["name"];

const LOOK: Record<ProviderName, { label: string; bg: string; glyph: string }> = {
  line: { label: "LINE", bg: "#06c755", glyph: "L" },
  google: { label: "Google", bg: "#4285f4", glyph: "G" },
  twitter: { label: "X", bg: "#000000", glyph: "X" },
  apple: { label: "Apple", bg: "#1d1d1f", glyph: "" },
  facebook: { label: "Facebook", bg: "#1877f2", glyph: "f" },
  wechat: { label: "WeChat", bg: "#07c160", glyph: "W" },
  qq: { label: "QQ", bg: "#12b7f5", glyph: "Q" },
};

export function ThirdPartyButtons({ onError }: { onError: (msg: string) => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Providers the server has configured; null = unknown (not answered yet, or failed: all buttons stay usable).
  const configured = useResource("oauth-providers", () =>
    authApi.providers().then((list) => (Array.isArray(list) ? new Set(list.map((p) => p.type)) : null)),
  ).value;
  const [busy, setBusy] = useState<number | null>(null);

  return (
    <div className={styles.loginOauth} data-testid="login-oauth">
      <p className={styles.loginOauthTitle}>{t("account.orContinueWith")}</p>
      <div className={styles.loginOauthRow}>
        {[...OAUTH_PROVIDERS, ...CHINA_OAUTH_PROVIDERS.filter((p) => configured?.has(p.type))].map((p) => {
          const look = LOOK[p.name];
          const off = configured !== null && !configured.has(p.type);
          return (
            <button
              key={p.name}
              type="button"
              className={styles.loginOauthBtn}
              data-testid={`oauth-${p.name}`}
              disabled={off || busy !== null}
              title={off ? t("account.providerOff", { name: look.label }) : t("account.continueWith", { name: look.label })}
              aria-label={t("account.continueWith", { name: look.label })}
              onClick={async () => {
                setBusy(p.type);
                try {
                  await beginOAuth(p.type, location.pathname + location.search);
                } catch (err) {
                  onError(err instanceof ApiError ? err.userMessage : t("account.oauthFailed"));
                  setBusy(null);
                }
              }}
            >
              <span className={styles.loginOauthGlyph} style={{ background: look.bg }} aria-hidden="true">
                {p.name === "apple" ? (
                  <svg width="14" height="16" viewBox="0 0 14 16">
                    <path
                      fill="#fff"
                      d="M11.6 8.5c0-2 1.7-3 1.8-3-1-1.4-2.5-1.6-3-1.6-1.3-.1-2.5.8-3.2.8-.7 0-1.7-.8-2.8-.7C3 4 1.7 4.8 1 6.1c-1.5 2.6-.4 6.4 1 8.5.7 1 1.5 2.1 2.6 2.1 1 0 1.4-.7 2.7-.7 1.2 0 1.6.7 2.7.7 1.1 0 1.8-1 2.5-2 .8-1.2 1.1-2.3 1.1-2.4 0 0-2.1-.8-2.1-3.3zM9.6 2.6c.6-.7 1-1.6.9-2.6-.8 0-1.8.5-2.4 1.2-.5.6-1 1.6-.9 2.5.9.1 1.8-.4 2.4-1.1z"
                    />
                  </svg>
                ) : (
                  look.glyph
                )}
              </span>
              <span>{look.label}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
