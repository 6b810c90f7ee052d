// Formatting shared by the shop pages: coins in the reader's locale, known category and status
// labels (unknown ones are shown as sent), and the details' light markup parsed into blocks.
import { formatNumber } from "../../i18n/format";

export { useLocaleTag } from "../../i18n/format";

/** Coins are whole numbers with the reader's grouping. */
export const formatCoins = formatNumber;

export const CATEGORIES = ["apparel", "equipment", "collectibles", "digital", "membership", "blindbox"] as const;
export type KnownCategory = (typeof CATEGORIES)[number];
export const isKnownCategory = (c: string): c is KnownCategory => (CATEGORIES as readonly string[]).includes(c);

export const STATUSES = [
  "unpaid", "exchanging", "review", "exchanged", "charged_back", "cancelled", "expired",
  "paid", "created", "pending", "failed", "refunded", "purchase", "extend", "upgrade",
] as const;
export type KnownStatus = (typeof STATUSES)[number];
export const isKnownStatus = (s: string): s is KnownStatus => (STATUSES as readonly string[]).includes(s);

/** One block of a product's details: `## heading`, `- item` lines, `![alt](/picture)`, paragraphs. */
export type Block =
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "image"; alt: string; src: string }
  | { kind: "paragraph"; text: string };

const IMAGE = /^!\[([^\]]*)\]\(([^)\s]+)\)$/;

/** Parses the light markup of a product's details. Pictures only from this site or https. */
export function parseDetails(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk.split("\n").map((l) => l.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((l) => l.startsWith("- "))) {
      blocks.push({ kind: "list", items: lines.map((l) => l.slice(2)) });
      continue;
    }
    for (const l of lines) {
      const img = IMAGE.exec(l);
      if (l.startsWith("## ")) blocks.push({ kind: "heading", text: l.slice(3) });
      else if (img && (img[2]!.startsWith("/") || img[2]!.startsWith("https://"))) blocks.push({ kind: "image", alt: img[1]!, src: img[2]! });
      else {
        const last = blocks[blocks.length - 1];
        if (last?.kind === "paragraph" && lines.indexOf(l) > 0) last.text += ` ${l}`;
        else blocks.push({ kind: "paragraph", text: l });
      }
    }
  }
  return blocks;
}
