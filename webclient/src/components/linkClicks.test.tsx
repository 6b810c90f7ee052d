// A plain <a data-link> (a match row's links) navigates in the app on a plain click, as a router
// <Link> does, and leaves the browser's behaviour to a click with a modifier, a target or an outside
// address.
import { act } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { testRoot } from "../test/root";
import { useLinkClicks } from "./linkClicks";

function Page() {
  useLinkClicks();
  const { pathname } = useLocation();
  return (
    <div>
      <p data-testid="at">{pathname}</p>
      <a href="/soccer/m1" data-link="" data-testid="row">
        <span data-testid="inner">Arsenal</span>
      </a>
      <a href="/soccer/m2" data-link="" target="_blank" data-testid="blank">blank</a>
      <a href="//evil.test/x" data-link="" data-testid="outside">outside</a>
      <a href="/soccer/m3" data-testid="plain">plain</a>
    </div>
  );
}

describe("data-link anchors", () => {
  const view = testRoot();

  const setUp = async () => {
    const router = createMemoryRouter([{ path: "*", element: <Page /> }], { initialEntries: ["/"] });
    await view.render(<RouterProvider router={router} />);
    return router;
  };
  // Whether the click reached the window (after the document's listener) already handled; the
  // window then cancels it, as jsdom cannot follow a link.
  const click = (sel: string, init: MouseEventInit = {}) => {
    let handled = false;
    const last = (e: Event) => ((handled = e.defaultPrevented), e.preventDefault());
    window.addEventListener("click", last, { once: true });
    act(() => void view.q(sel)!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init })));
    return { defaultPrevented: handled };
  };

  it("navigates in the app on a plain click, from inside the anchor too", async () => {
    const router = await setUp();
    const ev = click('[data-testid="inner"]');
    expect(ev.defaultPrevented).toBe(true);
    await act(async () => {});
    expect(router.state.location.pathname).toBe("/soccer/m1");
    expect(view.q('[data-testid="at"]')!.textContent).toBe("/soccer/m1");
  });

  it("leaves modified clicks, targets, outside addresses and unmarked anchors to the browser", async () => {
    const router = await setUp();
    for (const [sel, init] of [
      ['[data-testid="row"]', { ctrlKey: true }],
      ['[data-testid="row"]', { metaKey: true }],
      ['[data-testid="row"]', { button: 1 }],
      ['[data-testid="blank"]', {}],
      ['[data-testid="outside"]', {}],
      ['[data-testid="plain"]', {}],
    ] as const) {
      const ev = click(sel, init);
      expect(ev.defaultPrevented, `${sel} ${JSON.stringify(init)}`).toBe(false);
    }
    expect(router.state.location.pathname).toBe("/");
  });
});
