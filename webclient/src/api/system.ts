// The system calls of spec §7 the pages use (api/system/README.md is the contract). The payload key
// (GET /system/getPrivateKey) is seal.ts's.
import { api } from "./client";

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

export const systemApi = {
  payButtons: () => api.get<PayButtons>("/system/payButton", { toast: false }),
};
