// Stripe's webhook signature (`Stripe-Signature: t=<seconds>,v1=<hex>`): HMAC-SHA256 with the
// endpoint's secret over `<t>.<raw body>`, any v1 may match, a delivery older than the tolerance is
// refused. WebCrypto, as Stripe's SDK does in a Worker; stripe.test.ts checks it against the SDK's
// own signer.
import { BadSignature } from "./contract";

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares two hex strings in time that does not depend on where they differ. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The header Stripe would send with `payload`: what the test provider signs its events with. */
export async function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`;
}

/** Throws `BadSignature` unless `header` signs `payload` with `secret` within `toleranceSeconds`. */
export async function verifyStripeSignature(
  payload: string,
  header: string,
  secret: string,
  toleranceSeconds: number,
  now = Date.now(),
): Promise<void> {
  let timestamp = -1;
  const signatures: string[] = [];
  for (const item of header.split(",")) {
    const [key, value = ""] = item.split("=");
    if (key === "t") timestamp = Number.parseInt(value, 10);
    if (key === "v1") signatures.push(value);
  }
  if (!Number.isFinite(timestamp) || timestamp < 0 || signatures.length === 0) {
    throw new BadSignature("Unable to extract timestamp and signatures from header");
  }
  const expected = await hmacHex(secret, `${timestamp}.${payload}`);
  if (!signatures.some((signature) => sameHex(signature, expected))) {
    throw new BadSignature("No signatures found matching the expected signature for payload.");
  }
  if (Math.floor(now / 1000) - timestamp > toleranceSeconds) {
    throw new BadSignature("Timestamp outside the tolerance zone");
  }
}
