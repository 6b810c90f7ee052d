// Sealed payloads (docs/decisions/0013-payload-encryption.md): a short-lived key from
// GET /system/getPrivateKey, bound to the session, and AES-256-GCM with a random 96-bit nonce and the
// key id as additional data. The sealed body is {"sealed": "gcm1.<keyId>.<nonce>.<ciphertext>"};
// the server opens it before the handler reads it. Key or sealing failures are only logged (spec
// §8): the payload then goes as it is (WebCrypto exists only in secure contexts).
import { api } from "./client";
import { appStore } from "../state/store";
import { tokenAtom } from "../state/session";

export interface PayloadKey {
  key: string;
  keyId: string;
  alg: string;
  expiresAt: number;
}

let cached: { token: string; key: PayloadKey } | null = null;

function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Seals a JSON payload with key (exported for tests). */
export async function sealWith(key: PayloadKey, payload: unknown, subtle: SubtleCrypto = crypto.subtle): Promise<{ sealed: string }> {
  const k = await subtle.importKey("raw", fromB64(key.key) as BufferSource, { name: "AES-GCM" }, false, ["encrypt"]);
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(payload));
  const ct = new Uint8Array(
    await subtle.encrypt({ name: "AES-GCM", iv: nonce as BufferSource, additionalData: new TextEncoder().encode(key.keyId) as BufferSource }, k, plain as BufferSource),
  );
  return { sealed: `gcm1.${key.keyId}.${b64url(nonce)}.${b64url(ct)}` };
}

/** Whether this page can seal at all: WebCrypto exists only in secure contexts (HTTPS, localhost). */
export function canSeal(): boolean {
  return typeof crypto !== "undefined" && !!crypto.subtle;
}

/** This session's payload key, fetched again when the session changed or it nears its expiry. */
async function sessionKey(): Promise<PayloadKey> {
  const token = appStore.get(tokenAtom);
  if (!cached || cached.token !== token || cached.key.expiresAt - Date.now() < 30_000) {
    cached = { token, key: await api.get<PayloadKey>("/system/getPrivateKey", { toast: false }) };
  }
  return cached.key;
}

/**
 * Seals payload exactly as sealed() does, but says what happened instead of falling back: the
 * live check of /jiami shows the key it used, and a failure (no WebCrypto, no key) throws.
 */
export async function sealForCheck(payload: unknown): Promise<{ body: { sealed: string }; key: PayloadKey }> {
  if (!canSeal()) throw new Error("WebCrypto is not available here");
  const key = await sessionKey();
  return { body: await sealWith(key, payload), key };
}

/** The payload sealed for this session, or as it is when sealing is not possible here. */
export async function sealed<T>(payload: T): Promise<T | { sealed: string }> {
  if (!canSeal()) return payload;
  try {
    return await sealWith(await sessionKey(), payload);
  } catch (err) {
    console.warn("payload key or sealing failed; sending the payload unsealed", err);
    return payload;
  }
}

/** Drops the cached key (after the server answered that it expired). */
export function forgetPayloadKey() {
  cached = null;
}
