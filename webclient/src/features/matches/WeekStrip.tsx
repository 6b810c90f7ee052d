// The weekday calendar of the match list and the home calendar tab: seven days with their
// match counts (from the seven-day calls), the chosen day marked, and "back to today".
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { localeAtom } from "../../state/locale";
import { HTML_LANG } from "../../i18n/locales";
import type { DayCount } from "../../api/matches";
import { cachedFormatter, dayFrom, formatCount, weekStrip } from "./format";
import styles from "./WeekStrip.module.css";
import { TabList } from "../../components/TabList/TabList";

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
  const lang = HTML_LANG[locale] ?? "en-US";
  // Weekday names come from the browser's own locale data, in the interface language. One formatter
  // per language, not per render (a new one costs tens of milliseconds at 4x CPU: issue 19).
  const weekday = cachedFormatter("weekday", lang, () => new Intl.DateTimeFormat(lang, { weekday: "short" }));
  // The day and month in the reader's order ("11/29" in English, "29/11" in French and Arabic).
  const dayMonth = cachedFormatter("dayMonth", lang, () => new Intl.DateTimeFormat(lang, { day: "numeric", month: "numeric" }));
  const days = weekStrip(today, first);
  const byDate = new Map((counts ?? []).map((d) => [d.date, d.count]));
  return (
    <div className={styles.week} data-testid="week-strip">
      <TabList
        items={days.map((d) => ({
          key: d.offset,
          label: (
            <>
              <span className={styles.weekName}>{d.offset === 0 ? t("matches.list.today") : weekday.format(dayFrom(today, d.offset))}</span>
              <span className={styles.weekDate}>{dayMonth.format(dayFrom(today, d.offset))}</span>
            </>
          ),
          count: byDate.has(d.date) ? formatCount(byDate.get(d.date)!) : undefined,
          testId: `day-${d.offset}`,
        }))}
        selected={selected}
        onSelect={onSelect}
        className={styles.weekDays}
        tabClassName={styles.weekDay}
        selectedClassName={styles.weekDayOn}
        countClassName={styles.weekCount}
      />
      {selected !== 0 && (
        <button type="button" className={styles.weekToday} data-testid="back-to-today" onClick={() => onSelect(0)}>
          {t("matches.list.backToToday")}
        </button>
      )}
    </div>
  );
}
