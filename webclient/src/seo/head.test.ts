import { afterEach, describe, expect, it } from "vitest";
import { applyHead, applyServerHead, buildHead, dropServerHead, hasServerHead, MOBILE_MEDIA, serverMobileHost } from "./head";

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
  it("builds canonical without trailing slash and the same page as mobile alternate by default", () => {
    const h = buildHead({ ...base, pathname: "/live/1001/" });
    expect(h.canonical).toBe("https://courtside.test/live/1001");
    // Never /m/...: that path is no page of this site (issue 19).
    expect(h.mobileAlternate).toBe("https://courtside.test/live/1001");
    expect(buildHead({ ...base, pathname: "/" }).mobileAlternate).toBe("https://courtside.test/");
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
    expect(alt[0]!.getAttribute("href")).toBe("https://courtside.test/soccer/2");
    const ld = document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(ld).toHaveLength(1);
    const data = JSON.parse(ld[0]!.textContent!) as { "@type": string }[];
    expect(data.map((d) => d["@type"])).toEqual(["WebSite", "SportsEvent"]);
  });
});

describe("the server's head", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });
  const serverHead =
    '<title>Arsenal vs Chelsea · Courtside</title><meta name="description" content="d" />' +
    '<link rel="canonical" href="https://courtside.test/soccer/1" />' +
    '<link rel="alternate" hreflang="de" href="https://courtside.test/soccer/1?lang=de" />' +
    '<link rel="alternate" hreflang="x-default" href="https://courtside.test/soccer/1" />' +
    `<link rel="alternate" media="${MOBILE_MEDIA}" href="https://m.courtside.test/soccer/1" />` +
    '<meta property="og:title" content="Arsenal vs Chelsea" /><meta property="og:url" content="https://courtside.test/soccer/1" />' +
    '<meta name="twitter:title" content="Arsenal vs Chelsea" />' +
    '<script type="application/ld+json" data-head="server">{"@type":"SportsEvent"}</script>';

  it("is recognised and names the configured mobile host", () => {
    document.head.innerHTML = serverHead;
    expect(hasServerHead()).toBe(true);
    expect(serverMobileHost()).toBe("https://m.courtside.test");
  });

  it("is replaced after a navigation: page-specific tags dropped, links pointed at the new page", () => {
    document.head.innerHTML = serverHead;
    dropServerHead();
    applyHead(buildHead({ ...base, mobileHost: serverMobileHost(), pathname: "/news" }));
    expect(hasServerHead()).toBe(false);
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
    expect(document.head.querySelector('meta[name="twitter:title"]')).toBeNull();
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    expect(document.head.querySelector('link[hreflang="de"]')!.getAttribute("href")).toBe("https://courtside.test/news?lang=de");
    expect(document.head.querySelector('link[hreflang="x-default"]')!.getAttribute("href")).toBe("https://courtside.test/news");
    expect(document.head.querySelector('meta[property="og:url"]')!.getAttribute("content")).toBe("https://courtside.test/news");
    expect(document.head.querySelector(`link[media="${MOBILE_MEDIA}"]`)!.getAttribute("href")).toBe("https://m.courtside.test/news");
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
  });
});

describe("applyServerHead", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });
  it("writes the server's title, tags and structured data for the new page, once", () => {
    applyHead(buildHead({ ...base, pathname: "/live/1" }));
    const head = {
      title: "Derby night – live stream by Kay · Courtside",
      description: "Watch </script> live",
      image: "https://courtside.test/og-cover.jpg",
      ogType: "video.other",
      jsonLd: [{ "@context": "https://schema.org", "@type": "VideoObject", name: "Derby night" }],
    };
    applyServerHead(head);
    applyServerHead({ ...head, robots: "noindex, nofollow" });
    expect(document.title).toBe(head.title);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')!.getAttribute("content")).toBe("Watch </script> live");
    expect(document.head.querySelector('meta[property="og:title"]')!.getAttribute("content")).toBe(head.title);
    expect(document.head.querySelector('meta[name="robots"]')!.getAttribute("content")).toBe("noindex, nofollow");
    const ld = document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(ld).toHaveLength(1);
    expect(JSON.parse(ld[0]!.textContent!)).toEqual(head.jsonLd[0]);
    expect(hasServerHead()).toBe(true);
    applyServerHead({ ...head, robots: "" });
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
