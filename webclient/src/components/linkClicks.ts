// In-app links without a router <Link> each (issue 19, the home page's blocking time): a long list
// drew two or three <Link>s per row (a match row's competition, teams and "watch live"), and each
// resolves its path (useHref, resolveTo) on every render of the row. Such a row writes a plain
// <a href data-link> instead, and one listener for the whole document (useLinkClicks, mounted by the
// Layout) sends a plain left click on it through the router, as <Link> does; a click with a modifier
// or the middle button, or a link with a target or a download, keeps the browser's behaviour.
import { useEffect } from "react";
import { useNavigate } from "react-router";

/** The attribute that marks an in-app link the document's listener navigates. */
export const LINK_ATTR = "data-link";

/** The in-site path a click on an element should navigate to, or null to leave the click alone. */
export function linkTarget(e: Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "target">): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.target instanceof Element ? e.target.closest(`a[${LINK_ATTR}]`) : null;
  if (!a || a.hasAttribute("download") || ((a.getAttribute("target") ?? "_self") !== "_self")) return null;
  const href = a.getAttribute("href");
  return href && href.startsWith("/") && !href.startsWith("//") ? href : null;
}

/** Routes clicks on data-link anchors anywhere in the document (mounted once, by the Layout). */
export function useLinkClicks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const to = linkTarget(e);
      if (!to) return;
      e.preventDefault();
      void navigate(to);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
