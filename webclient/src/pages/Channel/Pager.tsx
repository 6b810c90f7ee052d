import styles from "./Channel.module.css";
// Previous and next page of a channel list.
export function Pager({ page, total, size, onPage }: { page: number; total: number; size: number; onPage: (p: number) => void }) {
  const pages = Math.ceil(total / size);
  if (pages <= 1) return null;
  return (
    <div className={styles.chanPager}>
      <button type="button" className={`${styles.chanBtn} ${styles.chanBtnGhost}`} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="previous">‹</button>
      <span>
        {page} / {pages}
      </span>
      <button type="button" className={`${styles.chanBtn} ${styles.chanBtnGhost}`} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="next">›</button>
    </div>
  );
}
