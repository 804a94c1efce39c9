// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
// has signed in to an account before carries a signed token for that account. Its sign-in attempts
// are counted per device, not against the account's shared limit, so a stranger who knows the
// e-mail can lock out only other unknown clients, never the owner's own browser (issue 13 item 9).
import { readCookie, serializeCookie } from "../http/cookies";
import { hmacSha256, randomId, timingSafeEqual } from "./crypto";

export const DEVICE_COOKIE = "device";
const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const mac = (secret: string, email: string, nonce: string) => hmacSha256(secret, `device:${email}:${nonce}`);

/** A fresh device token for this account (nonce.mac; the e-mail is bound in, not written out). */
export async function deviceToken(secret: string, email: string): Promise<string> {
  const nonce = randomId(12);
  return `${nonce}.${await mac(secret, email, nonce)}`;
}

/** The device's nonce when the token was issued for this account by this server, else null. */
export async function trustedDevice(secret: string, token: string | undefined, email: string) {
  const [nonce, signature, extra] = token?.split(".") ?? [];
  if (!nonce || !signature || extra !== undefined || nonce.length > 40) return null;
  return timingSafeEqual(await mac(secret, email, nonce), signature) ? nonce : null;
}

export function readDeviceToken(request: Request): string | undefined {
  return readCookie(request, DEVICE_COOKIE);
}

export function deviceCookie(request: Request, token: string): string {
  return serializeCookie(request, DEVICE_COOKIE, token, { maxAgeSeconds: DEVICE_LIFETIME_SECONDS });
}
