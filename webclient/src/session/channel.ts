// The promotion channel a visitor arrived through (spec §3–§4, issue 23). A channel link carries
// its code in `c`: the visit is counted (once a day per visitor, by the server), the code is kept
// for the sign-up payload (promotionChannelId, channelFromtype), and a register link opens the
// sign-up form. After a sign-in, a fresh account is attributed (the third-party sign-ups carry no
// payload), and the pending channel-login flag, set when a guest opened /channel, opens /channel
// in a new tab.
import { appStore } from "../state/store";
import { loginModalAtom, LoginMode } from "../state/ui";
import { channelApi, type ChannelType } from "../api/channel";
import type { LoginResult } from "../api/account";

const CHANNEL_KEY = "courtside.channel";
const CHANNEL_LOGIN_KEY = "courtside.channelLogin";
/** How long a kept code still counts for a sign-up. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

interface Kept {
  code: string;
  type: ChannelType;
  at: number;
}

function storage(kind: "local" | "session"): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function kept(): Kept | null {
  try {
    const k = JSON.parse(storage("local")?.getItem(CHANNEL_KEY) ?? "null") as Kept | null;
    return k && Date.now() - k.at < KEEP_MS ? k : null;
  } catch {
    return null;
  }
}

/** The sign-up payload's channel fields (none without a kept code: the server uses dayan001). */
export function channelPayload(): { promotionChannelId?: string; channelFromtype?: string } {
  const k = kept();
  return k ? { promotionChannelId: k.code, channelFromtype: k.type } : {};
}

/** Reads a channel code from the page's query (`c`), counts the visit and keeps the code. */
export async function captureChannel(search: string, signedIn: boolean, openSignUp = true): Promise<void> {
  const code = new URLSearchParams(search).get("c")?.trim();
  if (!code || !/^[A-Za-z0-9_-]{3,32}$/.test(code)) return;
  try {
    const v = await channelApi.visit(code);
    storage("local")?.setItem(CHANNEL_KEY, JSON.stringify({ code: v.code, type: v.type, at: Date.now() } satisfies Kept));
    if (openSignUp && v.type === "register" && !signedIn) appStore.set(loginModalAtom, { open: true, mode: LoginMode.Register });
  } catch (err) {
    console.warn("channel visit not counted", err);
  }
}

/** Marks that the guest wanted the channel pages: after signing in, /channel opens in a new tab. */
export function markChannelLogin(): void {
  storage("session")?.setItem(CHANNEL_LOGIN_KEY, "1");
}

/** Runs after every sign-in (openSession). */
export function afterSignIn(res: LoginResult): void {
  const k = kept();
  if (res.newUser && k) void channelApi.visit(k.code, k.type).catch(() => undefined);
  const s = storage("session");
  if (s?.getItem(CHANNEL_LOGIN_KEY)) {
    s.removeItem(CHANNEL_LOGIN_KEY);
    window.open("/channel", "_blank", "noopener");
  }
}
