// A country's name in the reader's language (regionName in src/i18n/format.ts; England, Scotland,
// Wales and Northern Ireland from the locale files, which Intl cannot name).
import { useTranslation } from "react-i18next";
import { homeNation, regionName, useLocaleTag } from "../i18n/format";

/** Names a region (its English name and ISO code, as the API gives them) in the reader's language. */
export function useRegionName(): (name: string, code?: string) => string {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  return (name, code) => {
    const nation = homeNation(name, code);
    return nation ? t(`region.${nation}`, { defaultValue: name }) : regionName(name, code, tag);
  };
}

export function Region({ name, code }: { name: string; code?: string }) {
  return <>{useRegionName()(name, code) || "–"}</>;
}
