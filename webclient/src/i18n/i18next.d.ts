// Keys passed to t() are checked against the fallback locale's resources: the shell's file plus one
// file per feature (see index.ts). A new feature folder adds one line here.
import type common from "./locales/en_US.json";
import type live from "./locales/live/en_US.json";
import type account from "./locales/account/en_US.json";
import type wallet from "./locales/wallet/en_US.json";
import type matches from "./locales/matches/en_US.json";
import type anchor from "./locales/anchor/en_US.json";
import type discover from "./locales/discover/en_US.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: {
      translation: typeof common & {
        live: typeof live;
        account: typeof account;
        wallet: typeof wallet;
        // Statistic labels are looked up by a key the feed sends (statLabel), never by a literal key:
        // typing them as a record keeps the key union small enough for the compiler.
        // Game display names (matches.game) are looked up by the catalogue's abbr (gameLabel), likewise.
        // Incident lines and objective names (matches.line, matches.objective) are looked up by the
        // incident type the feed sends (incidentLine.ts), likewise.
        matches: Omit<typeof matches, "stat" | "game" | "line" | "objective"> & {
          stat: Record<string, string>;
          game: Record<string, string>;
          line: Record<string, string>;
          objective: Record<string, string>;
        };
        anchor: typeof anchor;
        // The back office's keys (locales/admin) are not typed one by one: their number tips the key
        // union over TypeScript's depth limit. locales.test.ts still checks every language has them all.
        admin: Record<string, unknown>;
        discover: typeof discover;
      };
    };
  }
}
