// The paid message configuration: every reader of a page load shares one request; while it loads
// or when it failed the readers get null (no paid messages), and a reader after a failure asks again.
import { act, useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { testRoot } from "../../test/root";

const tiers = vi.fn();
vi.mock("../../api/paidmsg", () => ({ paidApi: { tiers: () => tiers() } }));
const { forgetPaidConfig, usePaidConfig } = await import("./paidConfig");

const seen: Record<string, unknown> = {};
function Reader({ name }: { name: string }) {
  const cfg = usePaidConfig();
  useEffect(() => {
    seen[name] = cfg;
  });
  return <span data-testid={name}>{cfg ? cfg.tiers.length : "none"}</span>;
}

const root = testRoot();
afterEach(() => {
  forgetPaidConfig();
  tiers.mockReset();
});

describe("usePaidConfig", () => {
  it("answers every reader from one request", async () => {
    tiers.mockResolvedValue({ list: [{ coins: 10 }, { coins: 50 }], reasons: [{ id: "spam" }] });
    await root.render(
      <>
        <Reader name="composer" />
        <Reader name="pinned" />
      </>,
    );
    await act(async () => {});
    expect(tiers).toHaveBeenCalledTimes(1);
    expect(root.q('[data-testid="composer"]')?.textContent).toBe("2");
    expect(root.q('[data-testid="pinned"]')?.textContent).toBe("2");
  });

  it("gives null while loading and after a failure, and the next reader asks again", async () => {
    let fail!: (e: unknown) => void;
    tiers.mockReturnValueOnce(new Promise((_, rej) => (fail = rej)));
    await root.render(<Reader name="composer" />);
    expect(seen.composer).toBeNull();
    await act(async () => fail(new ApiError({ kind: "http", httpStatus: 500, userMessage: "Request failed" })));
    expect(root.q('[data-testid="composer"]')?.textContent).toBe("none");
    tiers.mockResolvedValueOnce({ list: [{ coins: 10 }] });
    await root.render(<Reader key="again" name="removal" />);
    await act(async () => {});
    expect(tiers).toHaveBeenCalledTimes(2);
    expect(root.q('[data-testid="removal"]')?.textContent).toBe("1");
  });
});
