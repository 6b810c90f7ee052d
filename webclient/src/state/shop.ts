// Coin shop state (issue 21): the list's category and sort survive a visit to a product and back.
import { atom } from "jotai";
import type { ShopSort } from "../api/shop";

export const shopCategoryAtom = atom<string>("");
export const shopSortAtom = atom<ShopSort>("");
/** Bumped after every payment, so lists and balances reload. */
export const shopVersionAtom = atom(0);
