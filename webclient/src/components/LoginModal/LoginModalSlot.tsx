// The login modal's place in the layout. The modal (forms, third-party sign-in, the new-user and
// bind-e-mail steps) is a chunk of its own, fetched the first time it is wanted: when someone opens
// it, or when a third-party provider sends the browser back (?state= or ?error=, which the modal
// finishes). Once fetched it stays mounted, exactly as when it was part of the first chunk.
import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { loginModalAtom } from "../../state/ui";
import { oauthBindAtom } from "../../state/session";

const LoginModal = lazy(async () => ({ default: (await import("./LoginModal")).LoginModal }));

/** Whether the modal is needed now: open, a bind step pending, or an OAuth return in the address. */
export function loginModalWanted(open: boolean, bindPending: boolean, search: string): boolean {
  return open || bindPending || search.includes("state=") || search.includes("error=");
}

export function LoginModalSlot() {
  const modal = useAtomValue(loginModalAtom);
  const bind = useAtomValue(oauthBindAtom);
  const { search } = useLocation();
  const [loaded, setLoaded] = useState(false);
  const wanted = loginModalWanted(modal.open, bind !== null, search);
  // Remember the first time it was wanted (a state update during render, React's documented
  // pattern for state derived from props), so it stays mounted afterwards.
  if (wanted && !loaded) setLoaded(true);
  if (!wanted && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
