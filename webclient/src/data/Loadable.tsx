// Draws a resource's states the same way on every page: loading (a box that holds the space the
// answer will take, so nothing jumps when it arrives), an error with Retry, the 404 panel when the
// thing does not exist, the no-data picture when the answer is empty, else the page's own content.
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorPanel } from "../components/ErrorPanel";
import { NoData } from "../components/NoData";
import styles from "./Loadable.module.css";

/** The part of a resource (or a paged resource) Loadable reads. */
export interface LoadableState {
  status: "idle" | "loading" | "error" | "ready";
  error: string | null;
  notFound: boolean;
  reload: () => void;
}

export interface LoadableProps<V> {
  resource: LoadableState & { value?: V | null };
  /** True when the answer has nothing to show: the no-data picture with emptyLabel. */
  empty?: (value: V) => boolean;
  emptyLabel?: string;
  /** "page": a 404 answer shows the not-found page (a page about one thing); "inline" (default): the error box. */
  notFound?: "page" | "inline";
  /** The height the content will roughly take, reserved while loading (layout shift, Lighthouse CLS). */
  minHeight?: CSSProperties["minHeight"];
  children: (value: V) => ReactNode;
}

export function Loadable<V>({ resource, empty, emptyLabel, notFound = "inline", minHeight, children }: LoadableProps<V>) {
  const { t } = useTranslation();
  switch (resource.status) {
    case "idle":
      return null;
    case "loading":
      return (
        <div className={styles.loading} style={{ minHeight }} aria-busy="true" data-testid="loading">
          <span className={styles.spinner} aria-hidden="true" />
          <span className="visually-hidden">{t("common.loading")}</span>
        </div>
      );
    case "error":
      if (resource.notFound && notFound === "page") return <ErrorPanel code="404" title={t("errors.notFound")} />;
      return (
        <div className={styles.error} role="alert" data-testid="load-error">
          <p>{resource.error}</p>
          <button type="button" className={styles.retry} onClick={resource.reload}>
            {t("common.retry")}
          </button>
        </div>
      );
    case "ready": {
      const value = resource.value as V;
      if (empty?.(value)) return <NoData label={emptyLabel} />;
      return <>{children(value)}</>;
    }
  }
}
