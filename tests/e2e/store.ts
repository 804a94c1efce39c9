// Seller helpers for the store's browser tests (reusable by every store journey):
// real audio (generated beats), and a product created through /digistore as a seller would.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { UPLOAD_SUCCESSFUL } from "../../app/kernel/schemas/products";
import { picture } from "./art";
import { origin, uploadByApi } from "./fixtures";
import { sound } from "./sound";

/** Two short beats (an mp3 and a wav) and a cover picture, in a fresh folder. */
export function makeStoreMedia() {
  const dir = mkdtempSync(join(tmpdir(), "e2e-store-"));
  const files = { mp3: join(dir, "beat-a.mp3"), wav: join(dir, "beat-b.wav"), cover: join(dir, "cover.png") };
  const source = join(dir, "beat-a.wav");
  writeFileSync(source, sound("beat", "beat-a", 4));
  execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-i", source, "-c:a", "libmp3lame", files.mp3]);
  writeFileSync(files.wav, sound("beat", "beat-b", 3));
  writeFileSync(files.cover, picture("album", "beat cover", 600, 600, "png"));
  return files;
}

export interface ProductDraft {
  title: string;
  description: string;
  license: "Free License (Non-Commercial Use)" | "Non-Exclusive License" | "Exclusive License";
  price?: string;
  quantity?: string;
  access: "private" | "public-read";
  cover?: string;
  audio: string[];
}

/** Fills 'Create Your Product' on the signed-in seller's page and waits for UPLOAD_SUCCESSFUL. */
export async function createProductInPage(page: Page, draft: ProductDraft) {
  await page.goto("/digistore");
  await expect(page.getByRole("heading", { name: "Create Your Product" })).toBeVisible();
  await page.getByLabel("Title").fill(draft.title);
  await page.getByLabel("Description").fill(draft.description);
  await page.getByLabel("License type").selectOption({ label: draft.license });
  if (draft.price !== undefined) await page.getByLabel("Price (USD)").fill(draft.price);
  if (draft.quantity !== undefined) await page.getByLabel("Quantity (optional)").fill(draft.quantity);
  await page.getByLabel(draft.access === "private" ? "Private (only you)" : /^Public-read/).check();
  if (draft.cover) await page.getByLabel("Cover image").setInputFiles(draft.cover);
  await page.getByLabel("Audio files").setInputFiles(draft.audio);
  // The store row beside the form shows the product as typed before anything is sent.
  await expect(page.locator("[data-preview]")).toContainText(draft.title);
  await page.getByRole("button", { name: "Upload Product" }).click();
  await expect(page.getByRole("status")).toContainText(UPLOAD_SUCCESSFUL, { timeout: 20_000 });
}

/**
 * A drum loop at `bpm` (a kick on every beat, a hat on every eighth), `seconds` long, as an mp3
 * named beat-<bpm>.mp3 in a fresh folder: real audio whose tempo the renderer's probe can hear.
 */
export function drumLoop(bpm: number, seconds = 12) {
  const dir = mkdtempSync(join(tmpdir(), "e2e-drums-"));
  const file = join(dir, `beat-${bpm}.mp3`);
  const beat = 60 / bpm;
  const phase = `mod(t,${beat})`;
  const kick = `0.8*sin(2*PI*(50*${phase}+6*(1-exp(-${phase}*30))))*exp(-${phase}*9)`;
  const hat = `0.15*(random(0)*2-1)*exp(-mod(t,${beat / 2})*70)`;
  execFileSync("ffmpeg", [
    ...["-y", "-loglevel", "error", "-f", "lavfi"],
    ...["-i", `aevalsrc='${kick}+${hat}':s=44100:d=${seconds}`],
    ...["-c:a", "libmp3lame", "-b:a", "128k", file],
  ]);
  return file;
}

/** The signed-in member's own store link, from the header's 'Digi' link. */
export async function ownStorePath(page: Page) {
  const href = await page.getByRole("link", { name: "Digi", exact: true }).first().getAttribute("href");
  expect(href).toMatch(/^\/digiprev\//);
  return href!;
}

/** The seller's product with a cover and two audio files, made through the store's API. */
export async function sellerProduct(
  seller: Page,
  title: string,
  {
    fileNames = ["verse.wav", "hook.wav"],
    price = 24.5,
    licenseType = "non-exclusive",
  }: { fileNames?: [string, string]; price?: number; licenseType?: "non-exclusive" | "free" } = {},
) {
  const first = await uploadByApi(
    seller.request,
    { purpose: "product-audio", fileName: fileNames[0], contentType: "audio/wav" },
    sound("beat", `${title} ${fileNames[0]}`),
  );
  const productId = first.productId!;
  const second = await uploadByApi(
    seller.request,
    { purpose: "product-audio", fileName: fileNames[1], contentType: "audio/wav", productId },
    sound("beat", `${title} ${fileNames[1]}`),
  );
  const cover = await uploadByApi(
    seller.request,
    { purpose: "product-cover", fileName: "cover.jpg", contentType: "image/jpeg", productId },
    picture("album", title),
  );
  const saved = await seller.request.post("/api/products", {
    headers: { origin: origin() },
    data: {
      productId,
      title,
      description: "Made for the checkout journey.",
      price: licenseType === "free" ? 0 : price,
      quantity: 5,
      licenseType,
      accessType: "public-read",
      coverUploadId: cover.uploadId,
      audioUploadIds: [first.uploadId, second.uploadId],
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return productId;
}
