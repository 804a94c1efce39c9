// Store products in integration tests, through the real protocol: files go up
// as upload purposes (sign, PUT, complete), then the product is saved.
// Reusable by every store test (cart, checkout, delivery).
import { call } from "./http";
import { PNG, putTo } from "./uploads";

/** The start of an MP3 (an ID3 tag), padded: enough for type sniffing (not playable audio). */
export function mp3Bytes(size = 4096) {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("ID3"));
  bytes.set([3, 0, 0, 0, 0, 0, 0], 3);
  return bytes;
}

/** The start of a WAV (RIFF/WAVE), padded. */
export function wavBytes(size = 4096) {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("RIFF"));
  bytes.set(new TextEncoder().encode("WAVE"), 8);
  return bytes;
}

export type StorePurpose = "product-cover" | "product-audio" | "voice-tag";

/** Signs, PUTs and completes one store upload; returns the response of complete (status and body). */
export async function storeUpload(
  cookie: string,
  o: {
    purpose: StorePurpose;
    fileName: string;
    contentType: string;
    bytes: Uint8Array<ArrayBuffer>;
    productId?: string;
  },
) {
  const signed = await call("/api/uploads", {
    cookie,
    json: {
      purpose: o.purpose,
      fileName: o.fileName,
      contentType: o.contentType,
      size: o.bytes.byteLength,
      ...(o.productId ? { productId: o.productId } : {}),
    },
  });
  if (signed.status !== 201) return { status: signed.status, body: await signed.json<any>(), key: undefined };
  const ticket = await signed.json<any>();
  const put = await putTo(ticket.put.url, o.bytes, ticket.put.headers);
  if (put.status !== 200) throw new Error(`put failed: ${put.status} ${await put.text()}`);
  const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
  return { status: done.status, body: await done.json<any>(), key: ticket.key as string };
}

export interface ProductOptions {
  title?: string;
  description?: string;
  price?: number | string;
  quantity?: number | string | null;
  licenseType?: "free" | "non-exclusive" | "exclusive";
  accessType?: "private" | "public-read";
  cover?: boolean;
  audioFiles?: number;
}

/** Uploads a cover and audio files for a new product and saves it; returns the product id and the answer. */
export async function createProduct(cookie: string, o: ProductOptions = {}) {
  const audioFiles = o.audioFiles ?? 2;
  const first = await storeUpload(cookie, {
    purpose: "product-audio",
    fileName: "beat-1.mp3",
    contentType: "audio/mpeg",
    bytes: mp3Bytes(),
  });
  if (first.status !== 201) throw new Error(`audio upload failed: ${JSON.stringify(first.body)}`);
  const productId: string = first.body.productId;
  const audioUploadIds = [first.body.uploadId];
  for (let i = 2; i <= audioFiles; i++) {
    const next = await storeUpload(cookie, {
      purpose: "product-audio",
      fileName: `beat-${i}.wav`,
      contentType: "audio/wav",
      bytes: wavBytes(),
      productId,
    });
    audioUploadIds.push(next.body.uploadId);
  }
  const cover =
    o.cover === false
      ? null
      : await storeUpload(cookie, {
          purpose: "product-cover",
          fileName: "cover.png",
          contentType: "image/png",
          bytes: PNG,
          productId,
        });
  const licenseType = o.licenseType ?? "non-exclusive";
  const response = await call("/api/products", {
    cookie,
    json: {
      productId,
      title: o.title ?? "Night Drive",
      description: o.description ?? "A slow beat at 80 bpm.",
      price: o.price ?? (licenseType === "free" ? 0 : 19.99),
      quantity: o.quantity ?? null,
      licenseType,
      accessType: o.accessType ?? "public-read",
      coverUploadId: cover?.body.uploadId ?? null,
      audioUploadIds,
    },
  });
  return { productId, response, body: await response.json<any>(), audioUploadIds };
}
