// A guest's closed proclamations, kept in this browser (a signed-in user's are stored on the server,
// so they stay closed on every device). Only the last few ids are kept: proclamations are few and
// short-lived.
const KEY = "courtside.dismissedProclamations";
const KEEP = 30;

export function guestDismissed(): number[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(raw) ? raw.filter((x): x is number => Number.isInteger(x) && x > 0) : [];
  } catch {
    return [];
  }
}

export function addGuestDismissed(id: number): void {
  const ids = [...guestDismissed().filter((x) => x !== id), id].slice(-KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Storage full or blocked: the banner still closes for this page view.
  }
}
