// A React root for component tests: a fresh host element and root before each test, unmounted and
// removed after it, so a test file states only what it renders and what it reads back.
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Registers the per-test root; call it once at the top of a test file. */
export function testRoot() {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement("div");
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    host.remove();
  });
  return {
    render: (ui: ReactNode) => act(async () => root.render(ui)),
    q: <T extends Element = Element>(selector: string) => host.querySelector<T>(selector),
    all: (selector: string) => [...host.querySelectorAll(selector)],
    text: () => host.textContent ?? "",
    /** The host element itself (e.g. to set dir="rtl" around what is rendered). */
    host: () => host,
    /** The React root, for a test that renders inside its own act (a synchronous act, or a
     * render between two steps of one act); render above is the usual way. */
    root: () => root,
  };
}
