import { parseDetails } from "./format";
import styles from "./Shop.module.css";

/** A product's details as blocks (text is never HTML: React escapes it). */
export function Details({ text }: { text: string }) {
  return (
    <div className={styles.shopDetailsText}>
      {parseDetails(text).map((b, i) => {
        switch (b.kind) {
          case "heading":
            return <h3 key={i}>{b.text}</h3>;
          case "list":
            return (
              <ul key={i}>
                {b.items.map((it, j) => (
                  <li key={j}>{it}</li>
                ))}
              </ul>
            );
          case "image":
            return <img key={i} src={b.src} alt={b.alt} loading="lazy" />;
          default:
            return <p key={i}>{b.text}</p>;
        }
      })}
    </div>
  );
}
