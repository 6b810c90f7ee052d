// A country's name in the reader's language (regionName in src/i18n/format.ts).
import { regionName, useLocaleTag } from "../i18n/format";

export function Region({ name, code }: { name: string; code?: string }) {
  return <>{regionName(name, code, useLocaleTag()) || "–"}</>;
}
