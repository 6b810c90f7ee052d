// Reserved broadcasts (issue 17 "Reservations", issue 23 "My bookings"; api/anchor/README.md is the
// contract): a streamer's announced upcoming broadcast, reserving it, GET /anchor/cancelReservation,
// and the user's reservations. Paths and payloads only: the call contract lives in client.ts.
import { api, type RequestOptions } from "./client";

/** A streamer's announced broadcast (the pre-broadcast teaser). */
export interface BroadcastAnnouncement {
  id: number;
  roomId: string;
  anchorId: string;
  title: string;
  startTime: number;
  matchId?: string;
  reservations: number;
  reserved: boolean;
  bookable: boolean;
}

/** A reservation's state (spec §4), the same words as a match booking's. */
export type ReservationState = "booked" | "inProgress" | "finished" | "cancelled";

/** One of the signed-in user's reserved broadcasts. */
export interface ReservedBroadcast {
  id: number;
  roomId: string;
  anchorId: string;
  anchor: string;
  avatar: string;
  title: string;
  startTime: number;
  matchId?: string;
  state: ReservationState;
  notified: boolean;
  reservedAt: number;
}

const inline: Pick<RequestOptions, "toast"> = { toast: false };

export const reservationApi = {
  /** A room's open announcement (null: none), with the caller's reservation. */
  announcement: (roomId: string, opts?: RequestOptions) =>
    api.get<{ announcement: BroadcastAnnouncement | null }>("/anchor/announcement", { ...opts, query: { roomId }, toast: false }),
  /** The streamer announces (or edits) their upcoming broadcast. */
  announce: (p: { title: string; startTime: number; matchId?: string }) => api.post<BroadcastAnnouncement>("/anchor/announce", p, inline),
  withdraw: () => api.post<{ withdrawn: boolean }>("/anchor/announce/withdraw", {}, inline),
  reserve: (id: number) => api.post<BroadcastAnnouncement>("/anchor/reservation", { id }, inline),
  cancel: (id: number) => api.get<{ cancelled: boolean }>("/anchor/cancelReservation", { query: { id }, ...inline }),
  mine: (pageIndex = 1, pageSize = 50) =>
    api.get<{ list: ReservedBroadcast[] }>("/anchor/reservations", { query: { pageIndex, pageSize }, ...inline }),
};
