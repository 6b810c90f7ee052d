import styles from "./HeaderUser/HeaderUser.module.css";
/** Coin and diamond marks (inline SVG) with an amount; large amounts read as k (spec §9). */
export function formatCount(n: number): string {
  if (Math.abs(n) < 1000) return String(n);
  return `${(Math.floor(n / 100) / 10).toFixed(1)}k`;
}

export function Coin({ amount, label, testId }: { amount: number; label: string; testId?: string }) {
  return (
    <span className={styles.currency} title={`${label}: ${amount}`} data-testid={testId} data-amount={amount}>
      <svg width="16" height="16" viewBox="0 0 16 16" role="img" aria-label={label}>
        <circle cx="8" cy="8" r="7" fill="#f5b400" stroke="#c98a04" strokeWidth="1.2" />
        <path d="M8 4.2v7.6M5.8 6.2h4.4M5.8 9.8h4.4" stroke="#8a5d00" strokeWidth="1.2" strokeLinecap="round" />
      </svg>
      {formatCount(amount)}
    </span>
  );
}

export function Diamond({ amount, label, testId }: { amount: number; label: string; testId?: string }) {
  return (
    <span className={styles.currency} title={`${label}: ${amount}`} data-testid={testId} data-amount={amount}>
      <svg width="16" height="16" viewBox="0 0 16 16" role="img" aria-label={label}>
        <path d="M4 2.5h8l3 3.6L8 14 1 6.1z" fill="#4fb6f0" stroke="#1d7fbd" strokeWidth="1" strokeLinejoin="round" />
        <path d="M1 6.1h14M5.6 6.1 8 14l2.4-7.9M4 2.5l1.6 3.6L8 2.5l2.4 3.6L12 2.5" stroke="#1d7fbd" strokeWidth="0.8" fill="none" />
      </svg>
      {formatCount(amount)}
    </span>
  );
}
