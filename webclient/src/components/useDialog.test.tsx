import { act, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { useDialog } from "./useDialog";
import { testRoot } from "../test/root";

const { root } = testRoot();
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

/** Presses a key where the focus is, as a browser would (jsdom moves no focus on Tab itself). */
function press(key: string, shiftKey = false) {
  const target = document.activeElement ?? document.body;
  const e = new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true });
  act(() => {
    target.dispatchEvent(e);
  });
  return e;
}

function Dialog({ name, onClose, modal = true, children }: { name: string; onClose(): void; modal?: boolean; children?: React.ReactNode }) {
  const dialog = useDialog<HTMLDivElement>(onClose, { modal });
  return (
    <div role="dialog" aria-label={name} data-testid={name} {...dialog}>
      <button data-testid={`${name}-first`}>first</button>
      <button disabled>disabled</button>
      <input data-testid={`${name}-middle`} />
      <a href="/x" data-testid={`${name}-last`}>
        last
      </a>
      {children}
    </div>
  );
}

/** A page with a button behind the dialog and the opener; `inner` opens a second dialog on top. */
function Page({ modal = true, onClose = vi.fn(), inner = false }: { modal?: boolean; onClose?: () => void; inner?: boolean }) {
  const [open, setOpen] = useState(false);
  const [top, setTop] = useState(false);
  return (
    <>
      <button data-testid="behind">behind</button>
      <button data-testid="opener" onClick={() => setOpen(true)}>
        open
      </button>
      {open && (
        <Dialog
          name="outer"
          modal={modal}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          {inner && (
            <button data-testid="open-inner" onClick={() => setTop(true)}>
              inner
            </button>
          )}
        </Dialog>
      )}
      {top && <Dialog name="inner" onClose={() => setTop(false)} />}
      <button data-testid="after">after</button>
    </>
  );
}

async function open(page: React.ReactElement) {
  await act(async () => root().render(page));
  q("opener").focus();
  await act(async () => q("opener").click());
}

describe("useDialog (modal)", () => {
  it("focuses the first control when it opens and marks itself modal", async () => {
    await open(<Page />);
    expect(document.activeElement).toBe(q("outer-first"));
    expect(q("outer").getAttribute("aria-modal")).toBe("true");
  });

  it("keeps Tab inside: the last control goes round to the first", async () => {
    await open(<Page />);
    q("outer-last").focus();
    const e = press("Tab");
    expect(e.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(q("outer-first"));
  });

  it("keeps Shift+Tab inside: the first control goes round to the last", async () => {
    await open(<Page />);
    expect(document.activeElement).toBe(q("outer-first"));
    press("Tab", true);
    expect(document.activeElement).toBe(q("outer-last"));
  });

  it("leaves Tab between inner controls to the browser", async () => {
    await open(<Page />);
    expect(press("Tab").defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(q("outer-first"));
  });

  it("brings focus that got outside (a click behind) back in on Tab", async () => {
    await open(<Page />);
    q("behind").focus();
    press("Tab");
    expect(document.activeElement).toBe(q("outer-first"));
    q("after").focus();
    press("Tab", true);
    expect(document.activeElement).toBe(q("outer-last"));
  });

  it("closes on Escape, which goes no further, and gives focus back to the opener", async () => {
    const onClose = vi.fn();
    const onWindow = vi.fn();
    window.addEventListener("keydown", onWindow);
    await open(<Page onClose={onClose} />);
    press("Escape");
    window.removeEventListener("keydown", onWindow);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onWindow).not.toHaveBeenCalled();
    expect(document.querySelector('[data-testid="outer"]')).toBeNull();
    expect(document.activeElement).toBe(q("opener"));
  });

  it("answers only on the topmost dialog: Tab cycles there, Escape closes it alone", async () => {
    const onClose = vi.fn();
    await open(<Page onClose={onClose} inner />);
    q("open-inner").focus();
    await act(async () => q("open-inner").click());
    expect(document.activeElement).toBe(q("inner-first"));
    q("inner-last").focus();
    press("Tab");
    expect(document.activeElement).toBe(q("inner-first"));
    press("Escape");
    expect(document.querySelector('[data-testid="inner"]')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(q("open-inner"));
    press("Escape");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(q("opener"));
  });
});

describe("useDialog (popover)", () => {
  it("takes no focus and lets Tab leave, but closes on Escape", async () => {
    const onClose = vi.fn();
    await open(<Page modal={false} onClose={onClose} />);
    expect(document.activeElement).toBe(q("opener"));
    expect(q("outer").hasAttribute("aria-modal")).toBe(false);
    q("outer-last").focus();
    expect(press("Tab").defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(q("outer-last"));
    press("Escape");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(q("opener"));
  });
});
