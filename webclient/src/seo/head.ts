// Head tags set after each in-app navigation (spec §1, §2): the canonical link, the hreflang
// and mobile alternate links and JSON-LD structured data. The first page's head is the server's
// (api/seo: title, description, Open Graph and structured data with real names, which crawlers
// and link previews read without running this code); the client takes over only when the reader
// moves to another page, and then drops the server's page-specific tags rather than leave the
// previous page's. Pure builders plus DOM writers so the rules are testable without a router.
import { GAME_SLUGS } from "./games";

export const MOBILE_MEDIA = "only screen and (max-width: 640px)";

export interface HeadInput {
  origin: string;
  pathname: string;
  /** Mobile site origin; empty = this origin with the same path (the site is responsive). */
  mobileHost: string;
  siteName: string;
  /** Page title already localized, used in structured data. */
  title: string;
}

export interface HeadTags {
  canonical: string;
  mobileAlternate: string;
  jsonLd: Record<string, unknown>[];
}

function cleanPath(pathname: string): string {
  const p = pathname.startsWith("/") ? pathname : `/${pathname}`;
  return p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p;
}

export function mobileUrl(origin: string, pathname: string, mobileHost: string): string {
  const p = cleanPath(pathname);
  return `${(mobileHost || origin).replace(/\/$/, "")}${p}`;
}

/** The mobile origin the server was configured with (COURTSIDE_MOBILE_HOST), read from the
 * mobile alternate link of the first HTML; "" when there is none. */
export function serverMobileHost(doc: Document = document): string {
  const href = doc.head.querySelector(`link[rel="alternate"][media="${MOBILE_MEDIA}"]`)?.getAttribute("href");
  if (!href) return "";
  try {
    return new URL(href).origin;
  } catch {
    return "";
  }
}

/** Whether the head is still the server's, written for this page (the first HTML). */
export function hasServerHead(doc: Document = document): boolean {
  return doc.head.querySelector('script[type="application/ld+json"][data-head="server"]') !== null;
}

// The server's tags that describe one page only; after a navigation they would describe the
// previous one.
const SERVER_PAGE_TAGS = [
  'script[data-head="server"]',
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[property="og:type"]',
  'meta[property="og:title"]',
  'meta[property="og:description"]',
  'meta[property="og:image"]',
  'meta[name^="twitter:"]',
];

/** Removes the server's page-specific tags (after the first in-app navigation). */
export function dropServerHead(doc: Document = document): void {
  for (const el of doc.head.querySelectorAll(SERVER_PAGE_TAGS.join(","))) el.remove();
}

/** Which page kind a path is, for structured data. */
export function pageKind(pathname: string): { kind: "live"; id: string } | { kind: "match"; game: string; id: string } | { kind: "other" } {
  const parts = cleanPath(pathname).split("/").filter(Boolean);
  if (parts.length === 2 && parts[0] === "live") return { kind: "live", id: parts[1]! };
  if (parts.length === 2 && GAME_SLUGS.has(parts[0]!)) return { kind: "match", game: parts[0]!, id: parts[1]! };
  return { kind: "other" };
}

export function buildHead(input: HeadInput): HeadTags {
  const path = cleanPath(input.pathname);
  const canonical = `${input.origin}${path}`;
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: input.siteName,
    url: `${input.origin}/`,
  };
  const jsonLd: Record<string, unknown>[] = [website];
  const kind = pageKind(path);
  if (kind.kind === "live") {
    jsonLd.push({
      "@context": "https://schema.org",
      "@type": "VideoObject",
      name: input.title,
      description: input.title,
      url: canonical,
      embedUrl: canonical,
      publication: { "@type": "BroadcastEvent", isLiveBroadcast: true },
    });
  } else if (kind.kind === "match") {
    jsonLd.push({
      "@context": "https://schema.org",
      "@type": "SportsEvent",
      name: input.title,
      url: canonical,
      sport: kind.game,
      identifier: kind.id,
    });
  }
  return { canonical, mobileAlternate: mobileUrl(input.origin, path, input.mobileHost), jsonLd };
}

const LD_ID = "courtside-ld-json";

function upsertLink(selector: string, attrs: Record<string, string>): void {
  let el = document.head.querySelector<HTMLLinkElement>(selector);
  if (!el) {
    el = document.createElement("link");
    document.head.appendChild(el);
  }
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
}

/** Writes the tags into document.head, replacing the previous page's. */
export function applyHead(tags: HeadTags): void {
  upsertLink('link[rel="canonical"]', { rel: "canonical", href: tags.canonical });
  // The server wrote one alternate per language (?lang=<code>) and x-default: point them here.
  for (const el of document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
    const lang = el.getAttribute("hreflang");
    const code = new URL(el.href, tags.canonical).searchParams.get("lang");
    el.setAttribute("href", lang === "x-default" || !code ? tags.canonical : `${tags.canonical}?lang=${encodeURIComponent(code)}`);
  }
  document.head.querySelector('meta[property="og:url"]')?.setAttribute("content", tags.canonical);
  upsertLink(`link[rel="alternate"][media="${MOBILE_MEDIA}"]`, {
    rel: "alternate",
    media: MOBILE_MEDIA,
    href: tags.mobileAlternate,
  });
  let script = document.getElementById(LD_ID);
  if (!script) {
    script = document.createElement("script");
    script.id = LD_ID;
    script.setAttribute("type", "application/ld+json");
    document.head.appendChild(script);
  }
  script.textContent = JSON.stringify(tags.jsonLd.length === 1 ? tags.jsonLd[0] : tags.jsonLd);
}

/** The server's answer for a page (GET /java/site/head), as applyServerHead needs it. */
export interface ServerHead {
  title: string;
  description: string;
  robots?: string;
  image: string;
  ogType: string;
  jsonLd: Record<string, unknown>[];
}

function upsertMeta(attr: "name" | "property", key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute("content", content);
}

/** Writes the server's head of the page the reader moved to: the same tags the first HTML has. */
export function applyServerHead(h: ServerHead): void {
  document.title = h.title;
  upsertMeta("name", "description", h.description);
  upsertMeta("name", "robots", h.robots ?? "");
  upsertMeta("property", "og:type", h.ogType);
  upsertMeta("property", "og:title", h.title);
  upsertMeta("property", "og:description", h.description);
  upsertMeta("property", "og:image", h.image);
  upsertMeta("name", "twitter:card", "summary_large_image");
  upsertMeta("name", "twitter:title", h.title);
  upsertMeta("name", "twitter:description", h.description);
  upsertMeta("name", "twitter:image", h.image);
  for (const el of document.head.querySelectorAll('script[type="application/ld+json"]')) el.remove();
  for (const ld of h.jsonLd) {
    const script = document.createElement("script");
    script.setAttribute("type", "application/ld+json");
    script.dataset.head = "server";
    script.textContent = JSON.stringify(ld);
    document.head.appendChild(script);
  }
}
