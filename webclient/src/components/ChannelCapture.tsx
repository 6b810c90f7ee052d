// Renders nothing: when a page opens with a channel code (`?c=`, a partner's link), counts the
// visit, keeps the code for the sign-up and opens the sign-up form (src/session/channel.ts). The
// download page handles its own codes (a visit there is not a sign-up).
import { useEffect } from "react";
import { useLocation } from "react-router";
import { useAtomValue } from "../state/hooks";
import { tokenAtom } from "../state/session";
import { captureChannel } from "../session/channel";

export function ChannelCapture() {
  const { pathname, search } = useLocation();
  const token = useAtomValue(tokenAtom);
  useEffect(() => {
    if (pathname !== "/download" && search.includes("c=")) void captureChannel(search, token !== "");
    // The token is read once per link opening, not again after the sign-up it leads to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);
  return null;
}
