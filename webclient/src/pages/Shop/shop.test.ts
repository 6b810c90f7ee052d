import { describe, expect, it } from "vitest";
import { parseDetails, formatCoins } from "./format";
import { maxQuantity } from "./OrderForm";
import type { Product } from "../../api/shop";

const product = (p: Partial<Product>): Product => ({
  id: 1, kind: "physical", category: "", name: "x", picture: "", price: 10, stock: 10, soldOut: false,
  perOrderLimit: 0, perUserLimit: 0, redeemed: 0, ...p,
});

describe("product details markup", () => {
  it("parses headings, lists, pictures and paragraphs", () => {
    const blocks = parseDetails("## Title\n\nA line\nmore of it\n\n- one\n- two\n\n![Jersey](/shop/jersey.svg)");
    expect(blocks).toEqual([
      { kind: "heading", text: "Title" },
      { kind: "paragraph", text: "A line more of it" },
      { kind: "list", items: ["one", "two"] },
      { kind: "image", alt: "Jersey", src: "/shop/jersey.svg" },
    ]);
  });
  it("never makes a picture of another scheme", () => {
    expect(parseDetails("![x](javascript:alert(1))")[0]!.kind).toBe("paragraph");
    expect(parseDetails("![x](http://evil.test/a.png)")[0]!.kind).toBe("paragraph");
  });
});

describe("the order form's quantity", () => {
  it("is bounded by stock and both limits", () => {
    expect(maxQuantity(product({ stock: 3 }))).toBe(3);
    expect(maxQuantity(product({ stock: 30, perOrderLimit: 2 }))).toBe(2);
    expect(maxQuantity(product({ stock: 30, perOrderLimit: 5, perUserLimit: 1 }))).toBe(1);
    expect(maxQuantity(product({ stock: 0 }))).toBe(0);
    expect(maxQuantity(product({ stock: 1000 }))).toBe(99);
  });
});

describe("coins", () => {
  it("are grouped in the reader's locale", () => {
    expect(formatCoins(12990, "en-US")).toBe("12,990");
    expect(formatCoins(12990, "de")).toBe("12.990");
  });
});
