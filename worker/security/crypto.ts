// Small WebCrypto helpers shared by sessions, codes, passwords and tokens.
import { boundedMap } from "../bounded-map";

const encoder = new TextEncoder();

export function randomId(bytes = 16): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** What a token in a link (an invitation, a signing or free-download link: `randomId()`, base64url) looks like. */
export const LINK_TOKEN = "[A-Za-z0-9_-]{20,64}";
const linkToken = new RegExp(`^${LINK_TOKEN}$`);

/** False for anything no link token could be, so it is refused before a lookup. */
export function isLinkToken(token: string): boolean {
  return linkToken.test(token);
}

/** A uniformly random six-digit code, 100000 to 999999 (seed 000 §9). */
/** Crockford's base 32: digits and letters without I, L, O, U, so a code read aloud is typed right. */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `length` characters of CODE_ALPHABET, uniformly random (256 = 8 × 32). */
export function readableCode(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => CODE_ALPHABET[b % 32]).join("");
}

export function randomSixDigitCode(): string {
  const range = 900_000;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= limit);
  return String(100_000 + (buf[0]! % range));
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return base64url(new Uint8Array(digest));
}

// Imported once per secret and isolate: every signed cookie and URL is checked with the same few keys (ADR 027).
// Secrets are few; the bound only guards against a misuse.
const hmacKeys = boundedMap<Promise<CryptoKey>>(16);

function hmacKey(secret: string) {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    key.catch(() => hmacKeys.delete(secret));
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function hmacSha256(secret: string, text: string): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(text));
  return base64url(new Uint8Array(sig));
}

/** Constant-time comparison of two strings of any length. */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

export function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  // A plain loop: Uint8Array.from(string, fn) walks the string's iterator, which showed in a page's profile.
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}
