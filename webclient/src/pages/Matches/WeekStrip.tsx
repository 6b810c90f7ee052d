// The weekday calendar of the match list and the home calendar tab: seven days with their
// match counts (from the seven-day calls), the chosen day marked, and "back to today".
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { localeAtom } from "../../state/locale";
import { HTML_LANG } from "../../i18n/locales";
import type { DayCount } from "../../api/matches";
import { dayFrom, formatCount, weekStrip } from "./format";

export function WeekStrip({
  today,
  first,
  selected,
  counts,
  onSelect,
}: {
  today: Date;
  /** Offset of the first day (0: today and the next six; -6: the week up to today). */
  first: number;
  /** Offset of the chosen day. */
  selected: number;
  counts?: DayCount[];
  onSelect: (offset: number) => void;
}) {
  const { t } = useTranslation();
  const locale = useAtomValue(localeAtom);
  // Weekday names come from the browser's own locale data, in the interface language.
  const weekday = new Intl.DateTimeFormat(HTML_LANG[locale] ?? "en-US", { weekday: "short" });
  const days = weekStrip(today, first);
  const byDate = new Map((counts ?? []).map((d) => [d.date, d.count]));
  return (
    <div className="week" data-testid="week-strip">
      <div className="week__days" role="tablist">
        {days.map((d) => (
          <button
            key={d.date}
            type="button"
            role="tab"
            aria-selected={d.offset === selected}
            className={`week__day${d.offset === selected ? " week__day--on" : ""}`}
            data-testid={`day-${d.offset}`}
            onClick={() => onSelect(d.offset)}
          >
            <span className="week__name">{d.offset === 0 ? t("matches.list.today") : weekday.format(dayFrom(today, d.offset))}</span>
            <span className="week__date">{d.date.slice(5)}</span>
            {byDate.has(d.date) && <span className="week__count">{formatCount(byDate.get(d.date)!)}</span>}
          </button>
        ))}
      </div>
      {selected !== 0 && (
        <button type="button" className="week__today" data-testid="back-to-today" onClick={() => onSelect(0)}>
          {t("matches.list.backToToday")}
        </button>
      )}
    </div>
  );
}
