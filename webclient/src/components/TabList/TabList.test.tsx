import { act, useState } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { testRoot } from "../../test/root";
import { TabList, type Tab } from "./TabList";

const view = testRoot();

const ITEMS: Tab<string>[] = [
  { key: "a", label: "A", testId: "t-a" },
  { key: "b", label: "B", testId: "t-b", count: 3 },
  { key: "c", label: "C", testId: "t-c", disabled: true },
  { key: "d", label: "D", testId: "t-d" },
];

function Row({ items = ITEMS, start = "a" }: { items?: Tab<string>[]; start?: string }) {
  const [sel, setSel] = useState(start);
  return <TabList items={items} selected={sel} onSelect={setSel} label="Row" className="row" tabClassName="tab" selectedClassName="on" countClassName="n" />;
}

const tab = (id: string) => view.host().querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
const tabs = () => [...view.host().querySelectorAll<HTMLElement>('[role="tab"]')];
const selected = () => tabs().filter((t) => t.getAttribute("aria-selected") === "true").map((t) => t.dataset.testid);
const inTabOrder = () => tabs().filter((t) => t.tabIndex === 0).map((t) => t.dataset.testid);
const key = async (k: string) => {
  await act(async () => {
    (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  });
};
const render = view.render;

describe("TabList", () => {
  it("renders a labelled tablist of tabs with the page's classes, counts and test ids", async () => {
    await render(<Row />);
    const list = view.host().querySelector('[role="tablist"]')!;
    expect(list.getAttribute("aria-label")).toBe("Row");
    expect(list.className).toBe("row");
    expect(tabs().map((t) => t.dataset.testid)).toEqual(["t-a", "t-b", "t-c", "t-d"]);
    expect(tab("t-a").classList.contains("on")).toBe(true);
    expect(tab("t-b").classList.contains("on")).toBe(false);
    expect(tab("t-b").classList.contains("tab")).toBe(true);
    expect(tab("t-b").querySelector(".n")?.textContent).toBe("3");
    expect(tab("t-a").tagName).toBe("BUTTON");
  });

  it("keeps only the selected tab in the Tab order (roving tabindex)", async () => {
    await render(<Row start="b" />);
    expect(inTabOrder()).toEqual(["t-b"]);
    expect(selected()).toEqual(["t-b"]);
    // No tab selected: the first enabled one is the stop.
    await render(<Row key="other" start="zz" />);
    expect(inTabOrder()).toEqual(["t-a"]);
  });

  it("moves focus and selection with Right/Left, wrapping and skipping disabled tabs", async () => {
    await render(<Row />);
    tab("t-a").focus();
    await key("ArrowRight");
    expect(document.activeElement).toBe(tab("t-b"));
    expect(selected()).toEqual(["t-b"]);
    expect(inTabOrder()).toEqual(["t-b"]);
    await key("ArrowRight"); // c is disabled
    expect(selected()).toEqual(["t-d"]);
    await key("ArrowRight"); // wraps
    expect(selected()).toEqual(["t-a"]);
    await key("ArrowLeft");
    expect(selected()).toEqual(["t-d"]);
    expect(document.activeElement).toBe(tab("t-d"));
  });

  it("goes to the first and last tab with Home and End", async () => {
    await render(<Row start="b" />);
    tab("t-b").focus();
    await key("End");
    expect(selected()).toEqual(["t-d"]);
    await key("Home");
    expect(selected()).toEqual(["t-a"]);
    expect(document.activeElement).toBe(tab("t-a"));
  });

  it("mirrors Left and Right in a right-to-left page", async () => {
    view.host().setAttribute("dir", "rtl");
    await render(<Row />);
    tab("t-a").focus();
    await key("ArrowLeft");
    expect(selected()).toEqual(["t-b"]);
    await key("ArrowRight");
    expect(selected()).toEqual(["t-a"]);
  });

  it("ignores other keys", async () => {
    await render(<Row />);
    tab("t-a").focus();
    await key("ArrowDown");
    await key("x");
    expect(selected()).toEqual(["t-a"]);
  });

  it("renders route tabs as real links and navigates when the arrows select them", async () => {
    const LINKS: Tab<string>[] = [
      { key: "one", label: "One", href: "/one", testId: "l-one" },
      { key: "two", label: "Two", href: "/two", testId: "l-two" },
    ];
    function Page() {
      const here = useLocation().pathname.slice(1);
      return (
        <>
          <TabList items={LINKS} selected={here} label="Pages" />
          <p data-testid="where">{here}</p>
        </>
      );
    }
    await render(
      <MemoryRouter initialEntries={["/one"]}>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(tab("l-one").tagName).toBe("A");
    expect(tab("l-two").getAttribute("href")).toBe("/two");
    expect(tab("l-two").getAttribute("role")).toBe("tab");
    expect(inTabOrder()).toEqual(["l-one"]);
    tab("l-one").focus();
    await key("ArrowRight");
    expect(tab("where").textContent).toBe("two");
    expect(selected()).toEqual(["l-two"]);
    expect(document.activeElement).toBe(tab("l-two"));
  });
});
