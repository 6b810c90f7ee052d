// The "dtable" tables of the match and library pages (odds, standings, squads, transfers, player
// lines). Their columns are data, so a page states what each column shows and the markup every
// table shares (thead row, body rows, the left-aligned and highlighted classes) lives here once.
import type { Key, ReactNode } from "react";
import type { ParseKeys, TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import styles from "./DataTable.module.css";

export interface Column<Row> {
  /** The header cell's text, as an i18n key; translated when the table renders. */
  header?: ParseKeys;
  /** A header that is not a plain key (a statistic's label, "#"); wins over header. */
  label?: ReactNode;
  /** React key of the column; needed only when two columns share a header (or have none). */
  key?: string;
  /** The body cell of a row; t is at hand for cells that show a text of their own. */
  cell: (row: Row, t: TFunction) => ReactNode;
  /** Set on the header cell and on every body cell of the column (dtable__left, dtable__right). */
  className?: string;
}

/**
 * A table with one body row per entry of rows. The header row is left out when no column has a
 * header (the form tables of the match page are bare rows of results).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowClassName,
  className = styles.dtable,
  testId,
  caption,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** dtable__hl marks the row to stand out (the current odds, the followed team). */
  rowClassName?: (row: Row) => string | undefined;
  className?: string;
  testId?: string;
  caption?: ReactNode;
}) {
  const { t } = useTranslation();
  const colKey = (c: Column<Row>, i: number) => c.key ?? c.header ?? i;
  const headed = columns.some((c) => c.header !== undefined || c.label !== undefined);
  // A table wider than a phone scrolls inside its own box; the page never scrolls sideways.
  return (
    <div className={styles.tableScroll}>
      <table className={className} data-testid={testId}>
        {caption && <caption>{caption}</caption>}
        {headed && (
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={colKey(c, i)} className={c.className}>
                  {c.label ?? (c.header && t(c.header))}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map((r, ri) => (
            <tr key={rowKey(r, ri)} className={rowClassName?.(r)}>
              {columns.map((c, i) => (
                <td key={colKey(c, i)} className={c.className}>
                  {c.cell(r, t)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
