// The help centre's questions (their text is in locales/support, faq.q.<id>) and the search over
// them in the reader's language.
import type { Category } from "../../api/support";

export interface FaqItem {
  id: string;
  category: Category;
}

export const FAQ: readonly FaqItem[] = [
  { id: "coins1", category: "coins" },
  { id: "coins2", category: "coins" },
  { id: "recharge1", category: "recharge" },
  { id: "recharge2", category: "recharge" },
  { id: "membership1", category: "membership" },
  { id: "membership2", category: "membership" },
  { id: "gifts1", category: "gifts" },
  { id: "gifts2", category: "gifts" },
  { id: "streaming1", category: "streaming" },
  { id: "streaming2", category: "streaming" },
  { id: "chat1", category: "chat" },
  { id: "chat2", category: "chat" },
  { id: "experts1", category: "experts" },
  { id: "experts2", category: "experts" },
  { id: "account1", category: "account" },
  { id: "account2", category: "account" },
];

/** Lower case without accents, so "recharge" finds "Recharge" and "deposito" finds "depósito". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

/**
 * The items whose question, answer or category name hold every word of query (words split on
 * spaces; a language written without spaces matches the query as one piece), in category.
 */
export function searchFaq<T extends FaqItem>(
  items: readonly T[],
  text: (item: T) => string,
  query: string,
  category: Category | "" = "",
): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return items.filter((it) => {
    if (category && it.category !== category) return false;
    if (words.length === 0) return true;
    const hay = fold(text(it));
    return words.every((w) => hay.includes(w));
  });
}
