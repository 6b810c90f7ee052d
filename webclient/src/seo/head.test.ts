import { afterEach, describe, expect, it } from "vitest";
import { applyHead, buildHead, MOBILE_MEDIA } from "./head";

const base = { origin: "https://courtside.test", mobileHost: "", siteName: "Courtside", title: "T" };
const types = (pathname: string) => buildHead({ ...base, pathname }).jsonLd.map((x) => x["@type"]);

describe("buildHead", () => {
  it("puts WebSite on every page", () => {
    for (const p of ["/", "/protocol/1", "/nowhere/at/all"]) expect(types(p)).toEqual(["WebSite"]);
  });
  it("adds VideoObject on /live/:id", () => {
    expect(types("/live/1001")).toEqual(["WebSite", "VideoObject"]);
  });
  it("adds SportsEvent on /:game/:id for catalogue games only", () => {
    expect(types("/soccer/77")).toEqual(["WebSite", "SportsEvent"]);
    expect(types("/protocol/2")).toEqual(["WebSite"]);
  });
  it("builds canonical without trailing slash and the /m mobile alternate by default", () => {
    const h = buildHead({ ...base, pathname: "/live/1001/" });
    expect(h.canonical).toBe("https://courtside.test/live/1001");
    expect(h.mobileAlternate).toBe("https://courtside.test/m/live/1001");
    expect(buildHead({ ...base, pathname: "/" }).mobileAlternate).toBe("https://courtside.test/m");
  });
  it("uses the configured mobile host", () => {
    const h = buildHead({ ...base, mobileHost: "https://m.courtside.test/", pathname: "/live/9" });
    expect(h.mobileAlternate).toBe("https://m.courtside.test/live/9");
  });
});

describe("applyHead", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });
  it("writes one canonical, one alternate and one JSON-LD script, replacing the previous page's", () => {
    applyHead(buildHead({ ...base, pathname: "/live/1" }));
    applyHead(buildHead({ ...base, pathname: "/soccer/2" }));
    const canon = document.head.querySelectorAll('link[rel="canonical"]');
    expect(canon).toHaveLength(1);
    expect(canon[0]!.getAttribute("href")).toBe("https://courtside.test/soccer/2");
    const alt = document.head.querySelectorAll(`link[rel="alternate"][media="${MOBILE_MEDIA}"]`);
    expect(alt).toHaveLength(1);
    expect(alt[0]!.getAttribute("href")).toBe("https://courtside.test/m/soccer/2");
    const ld = document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(ld).toHaveLength(1);
    const data = JSON.parse(ld[0]!.textContent!) as { "@type": string }[];
    expect(data.map((d) => d["@type"])).toEqual(["WebSite", "SportsEvent"]);
  });
});
