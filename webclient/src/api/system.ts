// The system calls of spec §7 the pages use (api/system/README.md is the contract). The payload key
// (GET /system/getPrivateKey) is seal.ts's.
import { api, type RequestOptions } from "./client";

/** One button: what it buys and how (recharge: the payment methods offered here). */
export interface PayButton {
  product: string; // coin, diamond, vip, svip
  payTypes: string[];
  months?: number[];
}

/** GET /system/payButton: the recharge and membership buttons for the client's region and language. */
export interface PayButtons {
  region: string;
  lang: string;
  recharge: PayButton[];
  membership: PayButton[];
}

export interface GatewaysResult {
  gateways?: string[];
}

/** POST /system/sealCheck's answer: the challenge the server read out of the sealed payload. */
export interface SealCheckResult {
  ok: boolean;
  challenge: string;
  keyId: string;
  alg: string;
  signedIn: boolean;
}

export const systemApi = {
  payButtons: () => api.get<PayButtons>("/system/payButton", { toast: false }),
  /** WebSocket gateway URLs a client may use (docs/protocol.md). */
  gateways: (opts?: RequestOptions) => api.get<GatewaysResult>("/system/gateways", opts),
  /** The live check of /jiami: a payload sealed with this session's key, opened by the server. */
  sealCheck: (body: { sealed: string } | { challenge: string }) => api.post<SealCheckResult>("/system/sealCheck", body, { toast: false }),
};
