// Client-side checks of the streamer application and the live settings (spec §3, §5, §9),
// mirroring api/anchor/validate.go so the form can say what is wrong before sending. The server
// checks everything again; these only save a round trip. Error values are i18n keys under
// anchor.error.
import type { AnchorSettings } from "../../api/anchor";

export const MIN_AGE = 18;
export const MAX_DETAIL_PICS = 3;
export const MAX_IMAGE_BYTES = 3 << 20;
export const LIMITS = { name: 50, intro: 1000, title: 60, teaser: 200, detailIntro: 2000, tag: 20 } as const;
export const MAX_PRICE = 100_000;

export type FieldError =
  | "required"
  | "tooLong"
  | "idNumberInvalid"
  | "birthDateRequired"
  | "underage"
  | "photosRequired"
  | "rulesRequired"
  | "notSquare"
  | "tooManyPictures"
  | "priceInvalid"
  | "m3u8Invalid"
  | "imageInvalid";

const len = (s: string) => [...s].length;

/** An 18-character mainland resident identity number: 17 digits and a digit or X. */
export function looksLikeResidentId(id: string): boolean {
  return /^\d{17}[\dXx]$/.test(id.trim());
}

/** Birth date (UTC midnight) of an 18-character resident ID after its GB 11643 check character, else null. */
export function birthFromResidentId(id: string): Date | null {
  const s = id.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(s)) return null;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(s[i]) * weights[i]!;
  if (s[17] !== "10X98765432"[sum % 11]) return null;
  return parseDate(`${s.slice(6, 10)}-${s.slice(10, 12)}-${s.slice(12, 14)}`);
}

/** A YYYY-MM-DD date that exists, as UTC midnight; null otherwise. */
export function parseDate(v: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

/** Whole years between birth and now (18 on the 18th birthday), in UTC. */
export function ageOn(birth: Date, now: Date): number {
  let y = now.getUTCFullYear() - birth.getUTCFullYear();
  const mo = now.getUTCMonth() - birth.getUTCMonth();
  if (mo < 0 || (mo === 0 && now.getUTCDate() < birth.getUTCDate())) y--;
  return y;
}

export interface ApplicationForm {
  realName: string;
  idNumber: string;
  /** Only for documents other than an 18-character resident ID. */
  birthDate: string;
  intro: string;
  liveContent: string;
  idFront: number;
  idBack: number;
  idHand: number;
  /** The applicant confirmed the streamer rules, 18 or older included (spec §6). */
  agreed: boolean;
}

export type ApplicationErrors = Partial<Record<keyof ApplicationForm | "photos", FieldError>>;

export function validateApplication(f: ApplicationForm, now: Date): ApplicationErrors {
  const e: ApplicationErrors = {};
  const name = f.realName.trim();
  if (!name) e.realName = "required";
  else if (len(name) > LIMITS.name) e.realName = "tooLong";
  const id = f.idNumber.trim();
  let birth: Date | null = null;
  if (!id) e.idNumber = "required";
  else if (id.length > 32) e.idNumber = "tooLong";
  else if (looksLikeResidentId(id)) {
    birth = birthFromResidentId(id);
    if (!birth) e.idNumber = "idNumberInvalid";
  } else {
    birth = parseDate(f.birthDate);
    if (!birth) e.birthDate = "birthDateRequired";
  }
  if (birth && (birth > now || ageOn(birth, now) < MIN_AGE)) e[looksLikeResidentId(id) ? "idNumber" : "birthDate"] = "underage";
  const intro = f.intro.trim();
  if (!intro) e.intro = "required";
  else if (len(intro) > LIMITS.intro) e.intro = "tooLong";
  if (len(f.liveContent.trim()) > LIMITS.intro) e.liveContent = "tooLong";
  if (!f.idFront || !f.idBack || !f.idHand) e.photos = "photosRequired";
  if (!f.agreed) e.agreed = "rulesRequired";
  return e;
}

/** Detail pictures must be exactly square (the server refuses others on upload). */
export function checkDetailPicture(size: { width: number; height: number }): FieldError | null {
  if (size.width <= 0 || size.height <= 0) return "imageInvalid";
  return size.width === size.height ? null : "notSquare";
}

/** JPG or PNG of at most 3 MB (spec §9). */
export function checkImageFile(file: { type: string; size: number }): FieldError | null {
  if (file.type !== "image/jpeg" && file.type !== "image/png") return "imageInvalid";
  return file.size > MAX_IMAGE_BYTES ? "imageInvalid" : null;
}

export type SettingsErrors = Partial<Record<keyof AnchorSettings, FieldError>>;

export function validM3u8(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.host && u.pathname.toLowerCase().endsWith(".m3u8");
  } catch {
    return false;
  }
}

export function validateSettings(s: AnchorSettings): SettingsErrors {
  const e: SettingsErrors = {};
  const title = s.title.trim();
  if (!title) e.title = "required";
  else if (len(title) > LIMITS.title) e.title = "tooLong";
  if (len(s.teaser.trim()) > LIMITS.teaser) e.teaser = "tooLong";
  const intro = s.detailIntro.trim();
  if (!intro) e.detailIntro = "required";
  else if (len(intro) > LIMITS.detailIntro) e.detailIntro = "tooLong";
  if (s.detailPics.length > MAX_DETAIL_PICS) e.detailPics = "tooManyPictures";
  if (s.paid && !(Number.isInteger(s.price) && s.price >= 1 && s.price <= MAX_PRICE)) e.price = "priceInvalid";
  const m3u8 = s.m3u8.trim();
  if (m3u8 && !validM3u8(m3u8)) e.m3u8 = "m3u8Invalid";
  return e;
}

/** Reads an image file's pixel size in the browser. */
export function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      reject(new Error("not an image"));
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}
