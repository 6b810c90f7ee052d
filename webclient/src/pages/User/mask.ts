// Masks for showing contact details on screen (screenshots, shoulder surfing).

/** "+8613812345678" with area 86 -> "+86 138****5678". */
export function maskPhone(full: string, areaCode?: string): string {
  const area = areaCode ?? "";
  const num = area && full.startsWith(`+${area}`) ? full.slice(area.length + 1) : full.replace(/^\+/, "");
  const masked = num.length > 6 ? `${num.slice(0, 3)}****${num.slice(-4)}` : num.replace(/\d(?=\d{2})/g, "*");
  return area ? `+${area} ${masked}` : masked;
}

/** "fan2026@example.com" -> "fa***@example.com". */
export function maskEmail(e: string): string {
  const at = e.lastIndexOf("@");
  if (at < 1) return e;
  const local = e.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length))}***${e.slice(at)}`;
}

/** The national number of a stored phone "+<area><number>". */
export function nationalNumber(full: string, areaCode?: string): string {
  const area = areaCode ?? "";
  return area && full.startsWith(`+${area}`) ? full.slice(area.length + 1) : full.replace(/^\+/, "");
}
