// Streamer state (issue 9): the signed-in user's streamer status as GET /anchor/whether reports it
// (the header link and the streamer centre read it), and the live player's viewer preferences.
// Theatre mode is the live room's theatreModeAtom (state/realtime.ts), shared with the player.
import { atom } from "jotai";
import type { AnchorWhether, EarningDays, PlaybackKind } from "../api/anchor";

/** null until the streamer centre asked; reset on sign-out by the page that reads it. */
export const anchorWhetherAtom = atom<AnchorWhether | null>(null);

/** The source kind the viewer last chose in a player; the next room starts on it when offered. */
export const preferredSourceAtom = atom<PlaybackKind | null>(null);

/** The earnings view of the streamer centre (7, 14 or 30 days). */
export const earningDaysAtom = atom<EarningDays>(7);
