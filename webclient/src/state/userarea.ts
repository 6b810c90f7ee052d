// The user area's state (issue 23): the message centre's unread count (the header's badge) and a
// counter bumped by every live notice, so an open message centre reloads.
import { atom } from "jotai";
import type { Prefs } from "../api/userarea";

/** Unread notices of the signed-in user; null until known. */
export const unreadAtom = atom<number | null>(null);
/** Bumped on every `notice` frame of the message centre. */
export const inboxVersionAtom = atom(0);
/** The last live notice (for a toast-like hint in the header), null when none yet. */
export const lastNoticeAtom = atom<{ kind: string; link: string; at: number } | null>(null);

/** The signed-in user's preferences object (GET /user/getUserDataStatus), null until loaded. The
 *  home page orders games and matches by its favourites. */
export const prefsAtom = atom<Prefs | null>(null);
