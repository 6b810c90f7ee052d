// The small-screen menu is a popover: Escape closes it and focus goes back to the menu button.
import { act } from "react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../i18n";
import { StateProvider } from "../state/hooks";
import { testRoot } from "../test/root";
import { Header } from "./Header";

describe("header menu", () => {
  const view = testRoot();
  beforeAll(async () => {
    await initI18n("en_US");
  });
  const button = () => view.q<HTMLButtonElement>('[data-testid="nav-menu-button"]')!;
  const menu = () => view.q('[data-testid="nav-menu"]');

  it("opens from the menu button and closes on Escape, giving focus back to the button", async () => {
    await view.render(
      <StateProvider>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </StateProvider>,
    );
    button().focus();
    act(() => button().click());
    expect(menu()).not.toBeNull();
    expect(button().getAttribute("aria-expanded")).toBe("true");
    // Focus inside the menu, as after tabbing to a link.
    act(() => menu()!.querySelector<HTMLElement>("a")!.focus());
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(menu()).toBeNull();
    expect(button().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button());
  });
});
