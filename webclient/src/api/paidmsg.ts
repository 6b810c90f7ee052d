// Paid messages in live rooms (issue 25 §4; api/paidmsg/README.md is the contract). Paths and
// payloads only: the call contract itself lives in client.ts.
import { api } from "./client";

export interface PaidTier {
  coins: number;
  /** Highlight colour name: blue, teal, yellow, orange, red. */
  color: string;
  pinSecs: number;
}

export interface RemovalReason {
  key: string;
  /** Whether this reason gives the sender's coins back. */
  refund: boolean;
}

/** A pinned paid message (also built from a live `paid` event). */
export interface PaidPin {
  id: string;
  uid: string;
  name: string;
  text: string;
  coins: number;
  color: string;
  /** Sent at, unix ms. */
  at: number;
  /** Pinned until, unix ms. */
  until: number;
}

export interface SentPaid extends PaidPin {
  seq: number;
  balance: number;
}

const quiet = { toast: false } as const;

export const paidApi = {
  tiers: () => api.get<{ list: PaidTier[]; reasons: RemovalReason[] }>("/paidmsg/tiers", quiet),
  pinned: (room: string) => api.get<{ list: PaidPin[]; now: number }>("/paidmsg/pinned", { query: { room }, ...quiet }),
  /** The nonce names the message across retries: the same nonce is charged once. */
  send: (p: { room: string; text: string; coins: number; nonce: string }) => api.post<SentPaid>("/paidmsg/send", p, quiet),
  remove: (p: { room: string; id: string; reason: string }) => api.post<{ id: string; refunded: boolean }>("/paidmsg/remove", p, quiet),
};
