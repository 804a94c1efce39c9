// Store rows for integration tests: products with audio originals in R2,
// written straight to D1 (the seller's pages are tested by their own suite).
import { env } from "cloudflare:workers";
import { database } from "../../worker/db/client";
import { productFiles, products, users } from "../../worker/db/schema";
import { createSession, SESSION_COOKIE } from "../../worker/sessions";
import { call } from "./http";

export interface ProductOptions {
  title?: string;
  priceCents?: number;
  quantity?: number | null;
  licenseType?: "free" | "non-exclusive" | "exclusive";
  accessType?: "private" | "public-read";
  files?: { fileName: string; bytes: Uint8Array; contentType?: string }[];
}

/** A listed product of `sellerId` with its audio files stored in R2. */
export async function insertProduct(sellerId: string, o: ProductOptions = {}) {
  const db = database(env.DB);
  const id = crypto.randomUUID();
  const licenseType = o.licenseType ?? "non-exclusive";
  await db.insert(products).values({
    id,
    userId: sellerId,
    title: o.title ?? `Beat ${id.slice(0, 6)}`,
    description: "A test beat",
    priceCents: licenseType === "free" ? 0 : (o.priceCents ?? 1999),
    quantity: o.quantity ?? null,
    licenseType,
    accessType: o.accessType ?? "public-read",
  });
  const files = o.files ?? [{ fileName: "beat.mp3", bytes: new TextEncoder().encode("ID3 fake mp3 bytes") }];
  for (const [index, file] of files.entries()) {
    const key = `users/${sellerId}/digiStore/${id}/audioFiles/${Date.now()}-${index}-${file.fileName}`;
    await env.FILES.put(key, file.bytes);
    await db.insert(productFiles).values({
      id: crypto.randomUUID(),
      productId: id,
      userId: sellerId,
      key,
      fileName: file.fileName,
      contentType: file.contentType ?? "audio/mpeg",
      size: file.bytes.byteLength,
      seqPos: index,
    });
  }
  return id;
}

export const addToCart = (cookie: string, productId: string) =>
  call("/api/cart/items", { cookie, json: { productId } });

export const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Buyer" };

/** Proceed to Payment, then confirm with the test provider's card form. */
export async function payCart(cookie: string, number = TEST_CARD.number, body: { discountCode?: string } = {}) {
  const started = await call("/api/checkout", { cookie, json: body });
  if (started.status !== 201) throw new Error(`checkout failed: ${started.status} ${await started.text()}`);
  const checkout = await started.json<{ orderId: string; clientSecret: string; amountCents: number }>();
  const confirmed = await call("/api/payments/test/confirm", {
    cookie,
    json: { clientSecret: checkout.clientSecret, card: { ...TEST_CARD, number } },
  });
  return { checkout, confirmed, result: await confirmed.json<any>() };
}

/** A member made straight in D1 with a session: for tests that need many buyers at once. */
export async function quickMember(role: "user" | "admin" = "user") {
  const db = database(env.DB);
  const id = crypto.randomUUID();
  const tag = id.slice(0, 8);
  const member = { id, name: `Buyer ${tag}`, username: `buyer_${tag}`, email: `buyer-${tag}@example.com`, role };
  await db.insert(users).values({ ...member, passwordHash: "unused", verified: true });
  const token = await createSession(db, env.SESSION_SECRET, member);
  return { user: { id, role }, cookie: `${SESSION_COOKIE}=${token}` };
}
