// Head tags set after each navigation (spec §1, §2): the canonical link, the mobile
// alternate link and JSON-LD structured data. Pure builders plus one DOM writer so the
// rules are testable without a router.
import { GAME_SLUGS } from "./games";

export const MOBILE_MEDIA = "only screen and (max-width: 640px)";

export interface HeadInput {
  origin: string;
  pathname: string;
  /** Mobile site origin; empty = same origin with an /m prefix. */
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
  if (mobileHost) return `${mobileHost.replace(/\/$/, "")}${p}`;
  return `${origin}/m${p === "/" ? "" : p}`;
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
