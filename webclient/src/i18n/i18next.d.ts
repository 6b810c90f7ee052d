// Keys passed to t() are checked against the fallback locale's resources: the shell's file plus one
// file per feature (see index.ts). A new feature folder adds one line here.
import type common from "./locales/en_US.json";
import type live from "./locales/live/en_US.json";
import type account from "./locales/account/en_US.json";
import type wallet from "./locales/wallet/en_US.json";
import type matches from "./locales/matches/en_US.json";
import type anchor from "./locales/anchor/en_US.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: {
      translation: typeof common & {
        live: typeof live;
        account: typeof account;
        wallet: typeof wallet;
        matches: typeof matches;
        anchor: typeof anchor;
      };
    };
  }
}
