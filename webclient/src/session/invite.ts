// Invitations (issue 23): a visitor who arrives with ?invite=<code> keeps the code (localStorage)
// until they are signed in; then the code is sent once with a device id, and the server decides on
// the inviter's reward (verified phone or e-mail, abuse limits).
import { userAreaApi } from "../api/userarea";

const CODE_KEY = "inviteCode";
const DEVICE_KEY = "deviceId";

/** Keeps the invite code of the current URL, if any. */
export function rememberInvite(search: string = window.location.search): void {
  const code = new URLSearchParams(search).get("invite");
  if (code && /^u[1-9][0-9]{0,18}$/.test(code)) {
    try {
      localStorage.setItem(CODE_KEY, code);
    } catch {
      // storage refused: no invitation
    }
  }
}

function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return "";
  }
}

/** Sends a kept invite code for the signed-in user. The code is forgotten once the server answered
 *  (accepted or refused for good); a network failure keeps it for the next page load. */
export async function sendInvite(): Promise<void> {
  let code: string | null;
  try {
    code = localStorage.getItem(CODE_KEY);
  } catch {
    return;
  }
  if (!code) return;
  try {
    await userAreaApi.acceptInvite(code, deviceId());
    localStorage.removeItem(CODE_KEY);
  } catch (err) {
    const e = err as { kind?: string };
    if (e.kind !== "network") localStorage.removeItem(CODE_KEY);
  }
}
