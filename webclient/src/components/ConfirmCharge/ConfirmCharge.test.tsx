import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { balancesAtom } from "../../state/session";
import { chargeOutcome, useConfirmCharge, type Charge } from "./ConfirmCharge";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const q = (id: string) => host().querySelector<HTMLElement>(`[data-testid="${id}"]`);
let answers: boolean[] = [];

function Buyer({ charge }: { charge: Charge }) {
  const { ask, dialog } = useConfirmCharge();
  return (
    <>
      <button data-testid="buy" onClick={() => void ask(charge).then((ok) => answers.push(ok))} />
      {dialog}
    </>
  );
}

async function render(charge: Charge) {
  const router = createMemoryRouter([
    { path: "/", element: <Buyer charge={charge} /> },
    { path: "/recharge", element: <p data-testid="recharge-page" /> },
  ]);
  await act(async () =>
    root().render(
      <StateProvider>
        <RouterProvider router={router} />
      </StateProvider>,
    ),
  );
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  answers = [];
  // no session: the dialog's refresh does nothing and the figures are the test's
  appStore.set(balancesAtom, { coin: 1200, diamond: 30 });
});

describe("ConfirmCharge", () => {
  it("works out the balance after and what is missing", () => {
    expect(chargeOutcome(1200, 520)).toEqual({ after: 680, missing: 0 });
    expect(chargeOutcome(100, 520)).toEqual({ after: -420, missing: 420 });
    expect(chargeOutcome(undefined, 520)).toEqual({ missing: 0 });
  });

  it("shows the price and the balance after, and answers yes on Pay", async () => {
    await render({ what: "Golden Boot ×1", price: 520, currency: "coin" });
    await act(async () => q("buy")!.click());
    expect(q("charge-what")?.textContent).toBe("Golden Boot ×1");
    expect(q("charge-price")?.textContent).toBe("520 coins");
    expect(q("charge-balance")?.textContent).toBe("1,200 coins");
    expect(q("charge-after")?.textContent).toBe("680 coins");
    expect(q("charge-ok")?.textContent).toBe("Pay 520 coins");
    await act(async () => q("charge-ok")!.click());
    await vi.waitFor(() => expect(answers).toEqual([true]));
    expect(q("charge-confirm")).toBeNull();
  });

  it("answers no on Cancel and on Escape", async () => {
    await render({ what: "Pinned paid message", price: 100, currency: "coin" });
    await act(async () => q("buy")!.click());
    await act(async () => q("charge-cancel")!.click());
    await act(async () => q("buy")!.click());
    await act(async () => window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    await vi.waitFor(() => expect(answers).toEqual([false, false]));
  });

  it("focuses Pay and keeps Tab in the dialog", async () => {
    await render({ what: "Golden Boot ×1", price: 520, currency: "coin" });
    await act(async () => q("buy")!.click());
    expect(document.activeElement).toBe(q("charge-ok"));
    const tab = (shiftKey = false) =>
      act(() => {
        document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", shiftKey, bubbles: true, cancelable: true }));
      });
    tab();
    expect(document.activeElement).toBe(q("charge-cancel"));
    tab(true);
    expect(document.activeElement).toBe(q("charge-ok"));
  });

  it("offers the recharge page instead of Pay when the balance is too low, in the charge's currency", async () => {
    await render({ what: "Stadium ×1", price: 1000, currency: "diamond" });
    await act(async () => q("buy")!.click());
    expect(q("charge-balance")?.textContent).toBe("30 diamonds");
    expect(q("charge-insufficient")?.textContent).toBe("Not enough: 970 diamonds more needed.");
    expect(q("charge-ok")).toBeNull();
    await act(async () => q("charge-recharge")!.click());
    await vi.waitFor(() => expect(q("recharge-page")).not.toBeNull());
    expect(answers).toEqual([false]);
  });
});
