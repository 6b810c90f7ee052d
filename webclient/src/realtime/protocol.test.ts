// @vitest-environment node
import { describe, expect, it } from "vitest";
import { baseTopic, decodeFrames, gatewayUrl, pickGateway } from "./protocol";

describe("gatewayUrl", () => {
  const page = { protocol: "http:", host: "site.test" };
  const cases: [string, string, { protocol: string; host: string }][] = [
    ["ws://127.0.0.1:8081/ws", "ws://127.0.0.1:8081/ws?v=1", page],
    ["127.0.0.1:8081", "ws://127.0.0.1:8081/ws?v=1", page],
    ["gw.example.com", "wss://gw.example.com/ws?v=1", { protocol: "https:", host: "x" }],
    ["https://gw.example.com/ws", "wss://gw.example.com/ws?v=1", page],
    ["ws://h:1/ws?v=1", "ws://h:1/ws?v=1", page],
  ];
  for (const [entry, want, p] of cases) {
    it(`maps ${entry}`, () => expect(gatewayUrl(entry, p)).toBe(want));
  }
});

describe("decodeFrames", () => {
  it("reads one object per frame", () => {
    expect(decodeFrames('{"t":"pong"}')).toEqual([{ t: "pong" }]);
  });
  it("reads newline-separated objects and skips junk lines", () => {
    expect(decodeFrames('{"t":"pong"}\nnot json\n{"t":"presence","room":"1","count":3}')).toEqual([
      { t: "pong" },
      { t: "presence", room: "1", count: 3 },
    ]);
  });
  it("ignores values without a type", () => {
    expect(decodeFrames("[1,2]")).toEqual([]);
  });
});

describe("baseTopic", () => {
  it("drops the server's @<delay ms> suffix and nothing else", () => {
    expect(baseTopic("match:abc@3000")).toBe("match:abc");
    expect(baseTopic("scores:1")).toBe("scores:1");
    expect(baseTopic("match:a@b")).toBe("match:a@b");
  });
});

describe("pickGateway", () => {
  it("tries every gateway in turn, so a reconnect after a node died reaches another", () => {
    const list = ["ws://a:8081/ws", "ws://b:8083/ws", "ws://c:8085/ws"];
    expect([0, 1, 2, 3].map((n) => pickGateway(list, n))).toEqual([list[0], list[1], list[2], list[0]]);
  });
  it("has nothing to pick from an empty list", () => expect(pickGateway([], 4)).toBeUndefined());
});
