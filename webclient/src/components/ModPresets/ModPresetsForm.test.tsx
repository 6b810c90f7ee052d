// The moderation presets form against a fake /java server: it loads the room's presets, refuses
// numbers out of the server's limits in place, saves what was chosen and shows the server's refusal.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { ModPresetsForm, fromDraft, toDraft } from "./ModPresetsForm";
import type { ModPresets } from "../../api/modpresets";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const q = <T extends Element>(id: string) => host().querySelector<T>(`[data-testid="${id}"]`);
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true));

const stored: ModPresets = {
  room: "1002", goalSlowSecs: 0, goalSlowInterval: 10, rateThreshold: 0, rateAction: "slow", rateSlowSecs: 60,
  rateSlowInterval: 10, shieldMins: 10, shieldWords: [], newAccountDays: 7, followersOnly: false, minFollowMins: 0, role: "streamer",
};

function fakeServer(handler: (path: string, query: URLSearchParams, body: unknown) => { ok: boolean; result?: unknown; code?: number; msg?: string }) {
  const calls: { path: string; query: URLSearchParams; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit) => {
      const u = new URL(input, "http://test");
      const path = u.pathname.replace(/^\/java/, "");
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ path, query: u.searchParams, body });
      const r = handler(path, u.searchParams, body);
      return new Response(JSON.stringify(r.ok ? { status: "success", result: r.result } : { status: "fail", errorCode: r.code, errorMsg: r.msg }));
    }),
  );
  return calls;
}

function setValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

async function render(node: React.ReactNode) {
  await act(async () => {
    root().render(<StateProvider>{node}</StateProvider>);
  });
}

beforeAll(async () => {
  await initI18n("en_US");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fromDraft", () => {
  it("turns the form back into presets, the goal preset off when unticked", () => {
    const d = { ...toDraft(stored), words: " scam \n\nspoiler " };
    expect(fromDraft(d, "1002")).toEqual({ presets: { ...stored, role: undefined, shieldWords: ["scam", "spoiler"] }, errors: {} });
  });
  it("reports every field out of range and saves nothing", () => {
    const d = { ...toDraft(stored), goalOn: true, goalSlowSecs: "0", shieldMins: "5000", rateThreshold: "-1", minFollowMins: "1.5" };
    const r = fromDraft(d, "1002");
    expect(r.presets).toBeUndefined();
    expect(Object.keys(r.errors).sort()).toEqual(["goalSlowSecs", "minFollowMins", "rateThreshold", "shieldMins"]);
  });
});

describe("ModPresetsForm", () => {
  it("loads the room's presets, refuses a bad number in place, then saves the goal preset", async () => {
    const calls = fakeServer((path, _q, body) => {
      if (path === "/live/modPresets" && body === undefined) return { ok: true, result: stored };
      if (path === "/live/modPresets") return { ok: true, result: { ...(body as ModPresets), role: "streamer" } };
      return { ok: false, code: 404, msg: "no route" };
    });
    await render(<ModPresetsForm room="1002" />);
    await until(() => !!q("mp-save"));
    expect(calls[0]!.query.get("room")).toBe("1002");
    expect(q<HTMLInputElement>("mp-goalSlowSecs")!.disabled).toBe(true);

    await act(async () => q<HTMLInputElement>("mp-goalOn")!.click());
    await act(async () => setValue(q<HTMLInputElement>("mp-goalSlowSecs")!, "9999"));
    await act(async () => q<HTMLButtonElement>("mp-save")!.click());
    expect(q("mp-goalSlowSecs-error")!.textContent).toBe("Enter a whole number from 0 to 3600");
    expect(calls.length).toBe(1);

    await act(async () => setValue(q<HTMLInputElement>("mp-goalSlowSecs")!, "90"));
    await act(async () => setValue(q<HTMLInputElement>("mp-goalSlowInterval")!, "20"));
    await act(async () => setValue(q<HTMLSelectElement>("mp-rateAction")!, "shield"));
    await act(async () => setValue(q<HTMLInputElement>("mp-rateThreshold")!, "12.5"));
    await act(async () => setValue(q<HTMLTextAreaElement>("mp-words")!, "scam\nspoiler"));
    await act(async () => q<HTMLButtonElement>("mp-save")!.click());
    await until(() => q("mp-message")?.textContent === "Presets saved");
    const saved = calls[1]!.body as ModPresets;
    expect(saved).toMatchObject({ goalSlowSecs: 90, goalSlowInterval: 20, rateAction: "shield", rateThreshold: 12.5, shieldWords: ["scam", "spoiler"] });
    expect(q("mp-rateSlowSecs")).toBeNull(); // slow-mode fields only for the slow action
  });

  it("shows the server's refusal in the page's language", async () => {
    fakeServer((_p, _q, body) =>
      body === undefined ? { ok: true, result: stored } : { ok: false, code: 7306, msg: "Only the streamer and moderators of this room can change its moderation presets" },
    );
    await render(<ModPresetsForm room="1002" />);
    await until(() => !!q("mp-save"));
    await act(async () => q<HTMLButtonElement>("mp-save")!.click());
    await until(() => !!q("mp-message"));
    expect(q("mp-message")!.textContent).toContain("Only the streamer and moderators");
  });
});
