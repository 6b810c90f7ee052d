import { act, useEffect } from "react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import { initI18n } from "../i18n";
import { testRoot } from "../test/root";
import { captureSeed, Loadable, usePaged, useResource, type PagedResource, type Resource } from ".";

/** A promise the test settles by hand, with the signal its call got. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => act(async () => {});

beforeAll(async () => {
  await initI18n("en_US");
});

describe("useResource", () => {
  const root = testRoot();
  let seen: Resource<string>;
  function Probe({ k, load, refreshMs }: { k: string | null; load: (s: AbortSignal) => Promise<string>; refreshMs?: number }) {
    const r = useResource(k, load, { refreshMs });
    useEffect(() => {
      seen = r;
    });
    return (
      <MemoryRouter>
        <Loadable resource={r} empty={(v) => v === ""} notFound="page">
          {(v) => <p data-testid="value">{v}</p>}
        </Loadable>
      </MemoryRouter>
    );
  }

  it("shows loading, then the answer; a new key aborts the old call and never shows its answer", async () => {
    const calls: { key: string; signal: AbortSignal; d: ReturnType<typeof deferred<string>> }[] = [];
    const load = (key: string) => (signal: AbortSignal) => {
      const d = deferred<string>();
      calls.push({ key, signal, d });
      return d.promise;
    };
    await root.render(<Probe k="a" load={load("a")} />);
    expect(root.q('[data-testid="loading"]')).not.toBeNull();
    expect(seen.status).toBe("loading");
    await root.render(<Probe k="b" load={load("b")} />);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.d.resolve("answer of a");
    calls[1]!.d.resolve("answer of b");
    await flush();
    expect(root.q('[data-testid="value"]')?.textContent).toBe("answer of b");
    expect(seen.status).toBe("ready");
  });

  it("a null key loads nothing and draws nothing", async () => {
    let called = 0;
    await root.render(<Probe k={null} load={async () => (called++, "x")} />);
    expect(seen.status).toBe("idle");
    expect(called).toBe(0);
    expect(root.text()).toBe("");
  });

  it("an error shows the message and Retry, which loads again", async () => {
    let n = 0;
    const load = async () => {
      n++;
      if (n === 1) throw new ApiError({ kind: "http", httpStatus: 500, userMessage: "Request failed" });
      return "second try";
    };
    await root.render(<Probe k="a" load={load} />);
    await flush();
    expect(root.q('[data-testid="load-error"]')?.textContent).toContain("Request failed");
    await act(async () => root.q<HTMLButtonElement>('[data-testid="load-error"] button')!.click());
    await flush();
    expect(root.q('[data-testid="value"]')?.textContent).toBe("second try");
  });

  it("a 404 shows the not-found page; an empty answer the no-data picture", async () => {
    await root.render(<Probe k="gone" load={async () => Promise.reject(new ApiError({ kind: "http", httpStatus: 404, userMessage: "not there" }))} />);
    await flush();
    expect(seen.notFound).toBe(true);
    expect(root.q('[data-testid="error-panel"]')?.textContent).toContain("404");
    await root.render(<Probe k="empty" load={async () => ""} />);
    await flush();
    expect(root.q('[data-testid="no-data"]')).not.toBeNull();
  });

  it("refresh keeps the answer on screen, and keeps it when the refresh fails; set replaces it locally", async () => {
    let next: () => Promise<string> = async () => "first";
    await root.render(<Probe k="a" load={() => next()} />);
    await flush();
    const d = deferred<string>();
    next = () => d.promise;
    act(() => seen.refresh());
    expect(root.q('[data-testid="value"]')?.textContent).toBe("first");
    d.reject(new ApiError({ kind: "http", httpStatus: 500, userMessage: "Request failed" }));
    await flush();
    expect(root.q('[data-testid="value"]')?.textContent).toBe("first");
    act(() => seen.set((cur) => `${cur} (edited)`));
    await flush();
    expect(root.q('[data-testid="value"]')?.textContent).toBe("first (edited)");
  });
  it("a key the first HTML answered starts loaded with that answer; its call replaces it, and a later visit loads afresh", async () => {
    // The node's seed (api/siteshelldata.go), as the first HTML carries it.
    const el = document.createElement("script");
    el.type = "application/json";
    el.dataset.shellData = "";
    el.textContent = JSON.stringify({ key: "seeded", value: "from the first HTML" });
    document.body.append(el);
    captureSeed();
    el.remove();
    const calls: ReturnType<typeof deferred<string>>[] = [];
    const load = () => {
      const d = deferred<string>();
      calls.push(d);
      return d.promise;
    };
    await root.render(<Probe k="other" load={load} />);
    expect(seen.status).toBe("loading"); // another key: no seed
    await root.render(<Probe k="seeded" load={load} />);
    // The first render of the key draws the seed, no spinner; the call still runs.
    expect(root.q('[data-testid="loading"]')).toBeNull();
    expect(root.q('[data-testid="value"]')?.textContent).toBe("from the first HTML");
    expect(calls).toHaveLength(2);
    calls[1]!.resolve("from the call");
    await flush();
    expect(root.q('[data-testid="value"]')?.textContent).toBe("from the call");
    // A seed whose call fails stays on screen (the client toasts the failure), as a failed refresh does.
    el.textContent = JSON.stringify({ key: "failing", value: "seeded too" });
    document.body.append(el);
    captureSeed();
    el.remove();
    await root.render(<Probe k="failing" load={load} />);
    calls[2]!.reject(new Error("offline"));
    await flush();
    expect(root.q('[data-testid="value"]')?.textContent).toBe("seeded too");
    expect(seen.status).toBe("ready");
    // Answered: the seed is gone, a later visit of the key loads.
    await root.render(<Probe k={null} load={load} />);
    await root.render(<Probe k="seeded" load={load} />);
    expect(root.q('[data-testid="loading"]')).not.toBeNull();
  });
});

describe("usePaged", () => {
  const root = testRoot();
  let seen: PagedResource<number>;
  function Probe({ k, load }: { k: string; load: (page: number, s: AbortSignal) => Promise<{ list: number[]; total: number }> }) {
    const r = usePaged(k, load, { idOf: (x) => x });
    useEffect(() => {
      seen = r;
    });
    return <p data-testid="items">{r.items.join(",")}</p>;
  }
  const pages = (all: number[], size: number) => async (page: number) => ({ list: all.slice((page - 1) * size, page * size), total: all.length });

  it("loads page 1, appends the next page on more, and stops at the total", async () => {
    await root.render(<Probe k="a" load={pages([1, 2, 3, 4, 5], 2)} />);
    await flush();
    expect(seen.items).toEqual([1, 2]);
    expect(seen.hasMore).toBe(true);
    act(() => seen.more());
    await flush();
    act(() => seen.more());
    await flush();
    expect(seen.items).toEqual([1, 2, 3, 4, 5]);
    expect(seen.hasMore).toBe(false);
  });

  it("a row that moved to the next page is shown once, and a new key starts again at page 1", async () => {
    let rows = [1, 2, 3, 4];
    await root.render(<Probe k="a" load={(p) => pages(rows, 2)(p)} />);
    await flush();
    rows = [0, 1, 2, 3, 4]; // a new row on top pushes 2 onto page 2
    act(() => seen.more());
    await flush();
    expect(seen.items).toEqual([1, 2, 3]);
    await root.render(<Probe k="b" load={pages([9, 8], 2)} />);
    await flush();
    expect(seen.items).toEqual([9, 8]);
  });

  it("refresh reloads page 1 only while only page 1 is shown", async () => {
    let rows = [1, 2, 3];
    let calls = 0;
    const load = (p: number) => (calls++, pages(rows, 2)(p));
    await root.render(<Probe k="a" load={load} />);
    await flush();
    rows = [7, 1, 2, 3];
    act(() => seen.refresh());
    await flush();
    expect(seen.items).toEqual([7, 1]);
    act(() => seen.more());
    await flush();
    const before = calls;
    act(() => seen.refresh());
    await flush();
    expect(calls).toBe(before);
  });

  it("update edits the rows and moves the total by the rows a mutation added, so More still reaches the end", async () => {
    let rows = [1, 2, 3];
    await root.render(<Probe k="a" load={(p) => pages(rows, 2)(p)} />);
    await flush();
    rows = [0, 1, 2, 3]; // the reader posted 0: it is on top of the server's list too
    act(() => seen.update((xs) => [0, ...xs], 1));
    expect(seen.items).toEqual([0, 1, 2]);
    expect(seen.total).toBe(4);
    expect(seen.hasMore).toBe(true);
    act(() => seen.more());
    await flush();
    expect(seen.items).toEqual([0, 1, 2, 3]);
    expect(seen.hasMore).toBe(false);
  });
});
