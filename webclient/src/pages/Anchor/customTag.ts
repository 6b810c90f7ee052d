// The custom-tag rule of the streamer centre, as the server applies it (api/anchor customtag.go
// NormalizeTag): spaces trimmed and collapsed, a leading '#' dropped, then 2 to 20 letters (any
// script), digits, spaces, '-' or '&'. Checked here so the form says it before the round trip.

export const TAG_MIN = 2;
export const TAG_MAX = 20;

/** The tag as it would be stored ("" for no tag), or null when the server would refuse it. */
export function normalizeTag(raw: string): string | null {
  const tag = raw.trim().replace(/^#/, "").trim().split(/\s+/).filter(Boolean).join(" ");
  if (!tag) return "";
  const n = [...tag].length;
  if (n < TAG_MIN || n > TAG_MAX) return null;
  return /^[\p{L}\p{M}\p{N} &-]+$/u.test(tag) ? tag : null;
}
