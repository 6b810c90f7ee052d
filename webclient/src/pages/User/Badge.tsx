// The level badge (issue 23): a tier per ten levels, the same tiers as api/userarea/levels.go.
import { useUserAreaT, type UserAreaKey } from "../../i18n/userarea";
import styles from "./UserAreaPages.module.css";

const TIERS: [number, string][] = [[1, "bronze"], [10, "silver"], [20, "gold"], [30, "platinum"], [40, "diamond"], [50, "legend"]];

/** The badge of a level. */
export function badgeOf(level: number): string {
  let b = "bronze";
  for (const [from, name] of TIERS) if (level >= from) b = name;
  return b;
}

export function BadgeMark({ badge }: { badge: string }) {
  const { t } = useUserAreaT();
  const label = t(`levels.badge.${badge}` as UserAreaKey);
  return (
    <span className={`${styles.ubadge} ${styles[`ubadge--${badge}`] ?? ""}`} title={label} data-testid="level-badge">
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
        <path d="M7 1l1.8 3.7 4 .6-2.9 2.8.7 4L7 10.2 3.4 12.1l.7-4L1.2 5.3l4-.6z" fill="currentColor" />
      </svg>
      {label}
    </span>
  );
}
