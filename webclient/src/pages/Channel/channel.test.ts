import { describe, expect, it } from "vitest";
import { webcrypto } from "node:crypto";
import { sealWith } from "../../api/seal";
import { detectPlatform } from "./Download";
import { perDay } from "./Statistics";

const subtle = (globalThis.crypto?.subtle ?? webcrypto.subtle) as SubtleCrypto;

function fromB64url(s: string): BufferSource {
  return Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

describe("sealed payloads", () => {
  it("seal with AES-256-GCM, the key id as additional data and a fresh nonce each time", async () => {
    const raw = new Uint8Array(new ArrayBuffer(32)).map((_, i) => i);
    const key = { key: btoa(String.fromCharCode(...raw)), keyId: "kid123", alg: "AES-256-GCM", expiresAt: 0 };
    const a = await sealWith(key, { password: "goodpass1" }, subtle);
    const b = await sealWith(key, { password: "goodpass1" }, subtle);
    expect(a.sealed).not.toBe(b.sealed);
    const [prefix, kid, nonce, ct] = a.sealed.split(".");
    expect(prefix).toBe("gcm1");
    expect(kid).toBe("kid123");
    const k = await subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["decrypt"]);
    const plain = await subtle.decrypt({ name: "AES-GCM", iv: fromB64url(nonce!), additionalData: new TextEncoder().encode("kid123") }, k, fromB64url(ct!));
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({ password: "goodpass1" });
    await expect(
      subtle.decrypt({ name: "AES-GCM", iv: fromB64url(nonce!), additionalData: new TextEncoder().encode("other") }, k, fromB64url(ct!)),
    ).rejects.toBeTruthy();
  });
});

describe("download page", () => {
  it("detects the platform", () => {
    expect(detectPlatform("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe("iOS");
    expect(detectPlatform("Mozilla/5.0 (Linux; Android 14; Pixel 8)")).toBe("Android");
    expect(detectPlatform("Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe("Windows");
    expect(detectPlatform("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)")).toBe("macOS");
  });
});

describe("statistics", () => {
  it("fills every day of the period and sums or filters channels", () => {
    const s = {
      from: "2026-11-18",
      to: "2026-11-20",
      channels: [],
      days: [
        { day: "2026-11-18", channelId: 1, visits: 3, registrations: 1, downloads: 0 },
        { day: "2026-11-18", channelId: 2, visits: 2, registrations: 0, downloads: 1 },
        { day: "2026-11-20", channelId: 2, visits: 5, registrations: 2, downloads: 2 },
      ],
    };
    expect(perDay(s).map((d) => [d.day, d.visits])).toEqual([["2026-11-18", 5], ["2026-11-19", 0], ["2026-11-20", 5]]);
    expect(perDay(s, 1).map((d) => d.registrations)).toEqual([1, 0, 0]);
  });
});
