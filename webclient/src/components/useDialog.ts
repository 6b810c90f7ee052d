// The one keyboard behaviour of the site's dialogs and popovers (issue 19, docs/accessibility.md).
//
// A modal dialog (the login modal, the charge confirmation, the live room's popups, the channel
// link) spreads `useDialog(onClose)` on its role="dialog" element: its first focusable control (or
// `initialFocus`) takes focus when it opens, Tab and Shift+Tab cycle inside it and never reach the
// page behind, Escape closes it, and focus goes back to what had it before (the opener) when it
// closes. A non-modal popover (`{ modal: false }`: a badge's card, a menu that closes on an outside
// click) only closes on Escape and gives focus back if it held it.
//
// Open dialogs form a stack: only the topmost answers Tab and Escape, so a charge confirmation over
// the live room closes before the room's popup does. Escape is taken at the window in the capture
// phase and goes no further: it closes the dialog only (the live room's own Escape, which leaves
// theatre mode, does not also run).
import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE = [
  "a[href]",
  "area[href]",
  "button:not(:disabled)",
  'input:not(:disabled):not([type="hidden"])',
  "select:not(:disabled)",
  "textarea:not(:disabled)",
  "iframe",
  '[contenteditable="true"]',
  "[tabindex]",
].join(",");

/** The controls Tab reaches inside root, in document order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !el.closest("[hidden], [inert]"));
}

interface Layer {
  el(): HTMLElement | null;
  modal: boolean;
  close(): void;
}

const layers: Layer[] = [];

function onKeyDown(e: KeyboardEvent) {
  const top = layers[layers.length - 1];
  if (!top) return;
  if (e.key === "Escape") {
    e.stopImmediatePropagation();
    top.close();
    return;
  }
  if (e.key !== "Tab" || !top.modal) return;
  const el = top.el();
  if (!el) return;
  const items = focusables(el);
  const active = document.activeElement;
  if (items.length === 0) {
    e.preventDefault();
    el.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const inside = active instanceof Node && active !== el && el.contains(active);
  let next: HTMLElement | null = null;
  if (!inside) next = e.shiftKey ? last : first;
  else if (e.shiftKey && active === first) next = last;
  else if (!e.shiftKey && active === last) next = first;
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

function push(layer: Layer) {
  if (layers.length === 0) window.addEventListener("keydown", onKeyDown, true);
  layers.push(layer);
}

function remove(layer: Layer) {
  const i = layers.indexOf(layer);
  if (i >= 0) layers.splice(i, 1);
  if (layers.length === 0) window.removeEventListener("keydown", onKeyDown, true);
}

export interface DialogOptions {
  /** false for a popover: Escape closes it, but Tab may leave it and it takes no focus. */
  modal?: boolean;
  /** The control to focus on open instead of the first one (a modal dialog only). */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * Spread the result on the dialog element: `<div role="dialog" {...useDialog<HTMLDivElement>(close)}>`.
 * A modal dialog gets `aria-modal` and `tabIndex={-1}` (it takes focus itself when it holds no control).
 */
export function useDialog<T extends HTMLElement>(onClose: () => void, { modal = true, initialFocus }: DialogOptions = {}) {
  const ref = useRef<T>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const layer: Layer = { el: () => ref.current, modal, close: () => close.current() };
    push(layer);
    if (modal) {
      const el = ref.current;
      (initialFocus?.current ?? (el && focusables(el)[0]) ?? el)?.focus();
    }
    return () => {
      remove(layer);
      // The opener may have gone meanwhile (a deleted chat line scrolls out of the virtual list).
      // A popover gives focus back only when it held it (focus then fell to the body).
      const lost = !document.activeElement || document.activeElement === document.body;
      if (before?.isConnected && (modal || lost)) before.focus();
    };
  }, [modal, initialFocus]);
  return modal ? ({ ref, tabIndex: -1, "aria-modal": true } as const) : ({ ref } as const);
}
