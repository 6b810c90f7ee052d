import styles from "./Shop.module.css";
/** The coin mark beside prices. */
export function CoinIcon() {
  return (
    <svg className={styles.shopCoin} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="7" fill="#f2b705" stroke="#a07800" />
      <text x="8" y="11.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#7a5600">C</text>
    </svg>
  );
}
