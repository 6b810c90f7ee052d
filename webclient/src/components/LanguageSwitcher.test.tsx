// The language switcher draws one language's name until it is opened (the first layout no longer
// shapes 22 names in nine scripts), lists every language in its own name when opened, and closes on
// Escape, on a press outside and on a choice.
import { act } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../i18n";
import { LOCALES } from "../i18n/locales";
import { StateProvider } from "../state/hooks";
import { testRoot } from "../test/root";
import { LanguageSwitcher } from "./LanguageSwitcher";

describe("language switcher", () => {
  const view = testRoot();
  beforeAll(async () => {
    await initI18n("en_US");
  });
  const button = () => view.q<HTMLButtonElement>('[data-testid="lang-select"]')!;
  const menu = () => view.q('[data-testid="lang-menu"]');
  // The list is a lazy chunk: opening waits for it.
  const open = async () => {
    act(() => button().click());
    for (let i = 0; i < 100 && !menu(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  };
  const draw = () =>
    view.render(
      <StateProvider>
        <LanguageSwitcher />
      </StateProvider>,
    );

  it("shows only the current language until opened", async () => {
    await draw();
    expect(button().textContent).toBe("Language: English");
    expect(button().getAttribute("aria-expanded")).toBe("false");
    expect(menu()).toBeNull();
    expect(view.text()).not.toContain("العربية");
  });

  it("lists every language in its own name and script, the current one marked and focused", async () => {
    await draw();
    await open();
    expect(button().getAttribute("aria-expanded")).toBe("true");
    const options = [...menu()!.querySelectorAll<HTMLButtonElement>("button")];
    expect(options.map((o) => o.dataset.testid)).toEqual(LOCALES.map((c) => `lang-option-${c}`));
    const arabic = view.q<HTMLButtonElement>('[data-testid="lang-option-ar"]')!;
    expect([arabic.textContent, arabic.lang]).toEqual(["العربية", "ar"]);
    const current = menu()!.querySelectorAll('[aria-current="true"]');
    expect([...current].map((o) => o.textContent)).toEqual(["English"]);
    expect(document.activeElement).toBe(current[0]);
    // The arrows move through the list, wrapping at its ends.
    act(() => {
      menu()!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    });
    expect(document.activeElement).toBe(view.q(`[data-testid="lang-option-${LOCALES.at(-1)}"]`));
  });

  it("closes on Escape and gives focus back to the button", async () => {
    await draw();
    await open();
    expect(menu()).not.toBeNull();
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it("closes on a press outside it", async () => {
    await draw();
    await open();
    act(() => {
      document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    });
    expect(menu()).toBeNull();
  });

  it("switches the language on a choice", async () => {
    await draw();
    await open();
    await act(async () => {
      view.q<HTMLButtonElement>('[data-testid="lang-option-de"]')!.click();
    });
    expect(menu()).toBeNull();
    for (let i = 0; i < 100 && button().dataset.locale !== "de"; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(button().textContent).toBe("Sprache: Deutsch");
    expect(document.cookie).toContain("lang=de");
  });
});
