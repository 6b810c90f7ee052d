// A footer or protocol page's body (api/content's blocks): each block's text in its own element, so
// nothing anybody typed is ever read as HTML. Used by the pages and by the back office's preview.
import type { PageBlock } from "../api/content";

export function PageBody({ body }: { body: readonly PageBlock[] }) {
  return (
    <>
      {body.map((b, i) =>
        b.type !== "list" ? (
          b.type === "h" ? <h2 key={i}>{b.text}</h2> : <p key={i}>{b.text}</p>
        ) : (
          <ul key={i}>
            {b.items.map((it, j) => (
              <li key={j}>{it}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
