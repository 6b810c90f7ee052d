import { describe, expect, it } from "vitest";
import { FAQ, fold, searchFaq } from "./faq";
import en from "../../i18n/locales/support/en_US.json";
import zh from "../../i18n/locales/support/zh_CN.json";
import es from "../../i18n/locales/support/es.json";

type Locale = typeof en;
const textOf = (l: Locale) => (it: { id: string; category: string }) => {
  const q = (l.faq.q as Record<string, { q: string; a: string }>)[it.id]!;
  return `${q.q} ${q.a} ${(l.category as Record<string, string>)[it.category]}`;
};

describe("help centre search", () => {
  it("has a question and an answer for every item in every language it ships", () => {
    for (const l of [en, zh, es] as Locale[]) {
      for (const it of FAQ) {
        const q = (l.faq.q as Record<string, { q: string; a: string }>)[it.id];
        expect(q?.q, it.id).toBeTruthy();
        expect(q?.a.length, it.id).toBeGreaterThan(20);
      }
    }
  });

  it("finds every word of the query, whatever the case and accents", () => {
    const ids = (q: string, l: Locale = en, c: "" | "chat" = "") => searchFaq(FAQ, textOf(l), q, c).map((i) => i.id);
    expect(ids("")).toHaveLength(FAQ.length);
    expect(ids("PASSWORD forgot")).toEqual(["account1"]);
    expect(ids("svip")).toEqual(expect.arrayContaining(["membership1"]));
    expect(ids("mute", en, "chat")).toEqual(["chat1", "chat2"]);
    expect(ids("nothing like this anywhere")).toEqual([]);
    expect(ids("密码", zh as Locale)).toContain("account1");
    expect(fold("Depósito")).toBe("deposito");
  });
});
