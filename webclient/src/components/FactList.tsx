// Label-over-value facts (the "form-stats" list): a team's or player's fields in the library, a
// form window's record on the match page, the live situation of the animation tab.
import type { ReactNode } from "react";
import styles from "./FactList.module.css";

/** One fact: its label and its value. */
export type Fact = readonly [label: ReactNode, value: ReactNode];

/** The facts as a definition list; they hold no state, so a fact's place serves as its key. */
export function FactList({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={className ? `${styles.formStats} ${className}` : styles.formStats}>
      {facts.map(([label, value], i) => (
        <div key={i}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
