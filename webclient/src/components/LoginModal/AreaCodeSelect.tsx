import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_COUNTRIES, countryName, loadCountries } from "../../session/countries";
import styles from "./LoginModal.module.css";

/** Calling-code picker fed by /login/loginCountryList (spec §3 country list item). */
export function AreaCodeSelect({ value, onChange }: { value: string; onChange: (area: string) => void }) {
  const { t, i18n } = useTranslation();
  const [list, setList] = useState(DEFAULT_COUNTRIES);
  // Several countries share a code (US and CA: 1), so the chosen country is kept too.
  const [abbr, setAbbr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadCountries().then((l) => live && setList(l));
    return () => {
      live = false;
    };
  }, []);
  const lang = document.documentElement.lang || i18n.language.replace("_", "-");
  const selected =
    list.find((c) => c.countryAbbr === abbr && c.countryArea === value)?.countryAbbr ??
    list.find((c) => c.countryArea === value)?.countryAbbr ??
    "";
  return (
    <select
      // login__area stays a global name too while pages/User/UserArea.css sizes the picker with
      // `.uform__row .login__area` (Security.tsx); drop it when that folder moves to CSS Modules.
      className={`${styles.loginArea} login__area`}
      data-testid="login-area"
      aria-label={t("account.areaCode")}
      value={selected}
      onChange={(e) => {
        const c = list.find((x) => x.countryAbbr === e.target.value);
        if (!c) return;
        setAbbr(c.countryAbbr);
        onChange(c.countryArea);
      }}
    >
      {!selected && <option value="">+{value}</option>}
      {list.map((c) => (
        <option key={c.countryAbbr} value={c.countryAbbr}>
          +{c.countryArea} {countryName(c.countryAbbr, lang)}
        </option>
      ))}
    </select>
  );
}
