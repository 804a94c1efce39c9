// Store products through the whole Worker: creating from verified uploads,
// every rule and message, the manager's edits, the store page, and who may
// call what (visitor, other member, owner, admin).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PRICE_TOO_PRECISE, PRICE_TOO_SMALL } from "../../app/kernel/schemas/money";
import {
  AUDIO_REQUIRED,
  AUDIO_TYPE_INVALID,
  COVER_TYPE_INVALID,
  DESCRIPTION_REQUIRED,
  FREE_HAS_NO_PRICE,
  LAST_AUDIO_FILE,
  NO_PRODUCTS,
  ONE_FIELD_AT_A_TIME,
  QUANTITY_INVALID,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
  TOO_MANY_AUDIO_FILES,
  UPLOAD_SUCCESSFUL,
} from "../../app/kernel/schemas/products";
import { call, type Member, signUp, signUpAdmin } from "../../tests/workers/http";
import { expectMatrix, type RouteCall } from "../../tests/workers/matrix";
import { createProduct, mp3Bytes, storeUpload } from "../../tests/workers/products";
import { PNG } from "../../tests/workers/uploads";
import { database } from "../db/client";
import { jobs, productFiles, products, uploads } from "../db/schema";

const db = database(env.DB);
let seller: Member;
let other: Member;
let admin: Member;

beforeAll(async () => {
  [seller, other, admin] = await Promise.all([
    signUp({}, "198.51.100.21"),
    signUp({}, "198.51.100.22"),
    signUpAdmin({}, "198.51.100.23"),
  ]);
});

const product = async (id: string) => (await db.select().from(products).where(eq(products.id, id)))[0];
const filesOf = (id: string) => db.select().from(productFiles).where(eq(productFiles.productId, id));
const errorOf = async (response: Response) => ((await response.json()) as any).error;

/** A product's form with staged files, for checking one rule at a time. */
async function stagedForm(overrides: Record<string, unknown> = {}) {
  const audio = await storeUpload(seller.cookie, {
    purpose: "product-audio",
    fileName: "take.mp3",
    contentType: "audio/mpeg",
    bytes: mp3Bytes(),
  });
  return {
    productId: audio.body.productId,
    title: "Rule",
    description: "Checks one rule",
    price: 10,
    licenseType: "non-exclusive",
    audioUploadIds: [audio.body.uploadId],
    ...overrides,
  };
}

describe("creating a product", () => {
  it("saves the product, its cover and audio files and queues a probe and a preview per file", async () => {
    const { productId, response, body } = await createProduct(seller.cookie, { quantity: 5 });
    expect(response.status).toBe(201);
    expect(body.message).toBe(UPLOAD_SUCCESSFUL);
    const row = await product(productId);
    expect(row).toMatchObject({ userId: seller.user.id, priceCents: 1999, quantity: 5, status: "active" });
    expect(row!.coverKey).toMatch(new RegExp(`^users/${seller.user.id}/digiStore/${productId}/images/`));
    const files = await filesOf(productId);
    expect(files.map((f) => f.fileName)).toEqual(["beat-1.mp3", "beat-2.wav"]);
    for (const file of files) {
      expect(file.key).toMatch(new RegExp(`^users/${seller.user.id}/digiStore/${productId}/audioFiles/`));
      const queued = await db.select().from(jobs).where(eq(jobs.userId, seller.user.id));
      expect(queued.filter((j) => (j.input as any).id === file.id || (j.input as any).fileId === file.id)).toHaveLength(
        2,
      );
    }
  });

  it("defaults to a free licence and private access", async () => {
    const form = await stagedForm({ price: 0, licenseType: undefined });
    const response = await call("/api/products", { cookie: seller.cookie, json: form });
    expect(response.status).toBe(201);
    expect(await product(form.productId)).toMatchObject({ licenseType: "free", accessType: "private", priceCents: 0 });
  });

  it.each([
    [{ title: "  " }, "title", TITLE_REQUIRED],
    [{ title: "x".repeat(101) }, "title", TITLE_TOO_LONG],
    [{ description: "" }, "description", DESCRIPTION_REQUIRED],
    [{ price: 0.001 }, "price", PRICE_TOO_PRECISE],
    [{ price: "0" }, "price", PRICE_TOO_SMALL],
    [{ price: 5, licenseType: "free" }, "price", FREE_HAS_NO_PRICE],
    [{ quantity: 1001 }, "quantity", QUANTITY_INVALID],
    [{ quantity: -1 }, "quantity", QUANTITY_INVALID],
    [{ quantity: 2.5 }, "quantity", QUANTITY_INVALID],
    [{ audioUploadIds: [] }, "audioUploadIds", AUDIO_REQUIRED],
    [{ audioUploadIds: Array.from({ length: 21 }, (_, i) => `u${i}`) }, "audioUploadIds", TOO_MANY_AUDIO_FILES],
  ])("refuses %j with the field's message and saves nothing", async (overrides, field, message) => {
    const form = await stagedForm(overrides);
    const response = await call("/api/products", { cookie: seller.cookie, json: form });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.message).toBe(message);
    expect(error.fields[field]).toContain(message);
    expect(await product(form.productId)).toBeUndefined();
  });

  it("accepts quantity 0 and 1000 and a blank quantity as no limit", async () => {
    for (const [quantity, stored] of [
      [0, 0],
      ["1000", 1000],
      ["", null],
    ] as const) {
      const form = await stagedForm({ quantity });
      expect((await call("/api/products", { cookie: seller.cookie, json: form })).status).toBe(201);
      expect((await product(form.productId))!.quantity).toBe(stored);
    }
  });

  it("names a file that failed verification and saves nothing", async () => {
    const form = await stagedForm();
    const bad = await storeUpload(seller.cookie, {
      purpose: "product-audio",
      fileName: "fake.mp3",
      contentType: "audio/mpeg",
      bytes: PNG,
      productId: form.productId,
    });
    expect(bad.status).toBe(400);
    const [failed] = await db.select().from(uploads).where(eq(uploads.key, bad.key!));
    expect(failed!.status).toBe("failed");
    const response = await call("/api/products", {
      cookie: seller.cookie,
      json: { ...form, audioUploadIds: [...form.audioUploadIds, failed!.id] },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("fake.mp3 was not uploaded. Please upload it again.");
    expect(await product(form.productId)).toBeUndefined();
  });

  it("refuses a cover or audio file of another type before any byte is sent", async () => {
    const cover = await storeUpload(seller.cookie, {
      purpose: "product-cover",
      fileName: "cover.webp",
      contentType: "image/webp",
      bytes: PNG,
    });
    expect([cover.status, cover.body.error.message]).toEqual([400, COVER_TYPE_INVALID]);
    const audio = await storeUpload(seller.cookie, {
      purpose: "product-audio",
      fileName: "take.ogg",
      contentType: "audio/ogg",
      bytes: mp3Bytes(),
    });
    expect([audio.status, audio.body.error.message]).toEqual([400, AUDIO_TYPE_INVALID]);
  });

  it("refuses saving the same product twice, and another member's staged files", async () => {
    const { productId, audioUploadIds } = await createProduct(seller.cookie);
    const again = await call("/api/products", {
      cookie: seller.cookie,
      json: { productId, title: "T", description: "D", price: 1, licenseType: "exclusive", audioUploadIds },
    });
    expect(again.status).toBe(409);
    const form = await stagedForm();
    const stolen = await call("/api/products", { cookie: other.cookie, json: form });
    expect(stolen.status).toBe(400);
    expect(await product(form.productId)).toBeUndefined();
  });
});

describe("the manager's edits", () => {
  let productId: string;
  beforeAll(async () => {
    productId = (await createProduct(seller.cookie, { price: "19.99" })).productId;
  });
  const patch = (json: unknown, cookie = seller.cookie) =>
    call(`/api/products/${productId}`, { method: "PATCH", cookie, json });

  it("changes one field at a time", async () => {
    expect((await patch({ title: "  Night Drive II " })).status).toBe(200);
    expect((await patch({ description: "Now at 82 bpm." })).status).toBe(200);
    expect((await patch({ price: "12.5" })).status).toBe(200);
    expect((await patch({ quantity: 7 })).status).toBe(200);
    const answer = await patch({ accessType: "private" });
    expect(answer.status).toBe(200);
    // The answer is the product as the manager lists it (GET /api/products), not a hand-picked subset.
    const { product: view } = await answer.json<any>();
    expect(view).toMatchObject({ id: productId, title: "Night Drive II", priceCents: 1250, accessType: "private" });
    expect(Object.keys(view).sort()).toEqual(
      Object.keys(
        (await (await call("/api/products", { cookie: seller.cookie })).json<any>()).products.find(
          (p: { id: string }) => p.id === productId,
        ),
      ).sort(),
    );
    expect(await product(productId)).toMatchObject({
      title: "Night Drive II",
      description: "Now at 82 bpm.",
      priceCents: 1250,
      quantity: 7,
      accessType: "private",
    });
  });

  it("refuses two fields at once, invalid values and a price on a free licence", async () => {
    expect((await errorOf(await patch({ title: "A", description: "B" }))).message).toBe(ONE_FIELD_AT_A_TIME);
    expect((await errorOf(await patch({}))).message).toBe(ONE_FIELD_AT_A_TIME);
    expect((await errorOf(await patch({ title: "" }))).message).toBe(TITLE_REQUIRED);
    expect((await errorOf(await patch({ price: "0" }))).message).toBe(PRICE_TOO_SMALL);
    expect((await errorOf(await patch({ quantity: 1001 }))).message).toBe(QUANTITY_INVALID);
    expect((await errorOf(await patch({ licenseType: "free" }))).message).toBe(ONE_FIELD_AT_A_TIME);
    const free = await createProduct(seller.cookie, { licenseType: "free" });
    const response = await call(`/api/products/${free.productId}`, {
      method: "PATCH",
      cookie: seller.cookie,
      json: { price: 3 },
    });
    expect((await errorOf(response)).message).toBe(FREE_HAS_NO_PRICE);
    expect((await product(productId))!.licenseType).toBe("non-exclusive");
  });

  it("replaces and removes the cover, deleting the old image", async () => {
    const before = (await product(productId))!.coverKey!;
    const replaced = await storeUpload(seller.cookie, {
      purpose: "product-cover",
      fileName: "new.png",
      contentType: "image/png",
      bytes: PNG,
      productId,
    });
    expect(replaced.status).toBe(201);
    const after = (await product(productId))!.coverKey!;
    expect(after).not.toBe(before);
    expect(await env.FILES.head(before)).toBeNull();
    expect((await call(`/api/products/${productId}/cover`, { method: "DELETE", cookie: seller.cookie })).status).toBe(
      204,
    );
    expect((await product(productId))!.coverKey).toBeNull();
    expect(await env.FILES.head(after)).toBeNull();
  });

  it("adds audio files by upload, removes them, and keeps the last one", async () => {
    const added = await storeUpload(seller.cookie, {
      purpose: "product-audio",
      fileName: "extra.mp3",
      contentType: "audio/mpeg",
      bytes: mp3Bytes(),
      productId,
    });
    expect(added.status).toBe(201);
    const files = await filesOf(productId);
    expect(files.map((f) => f.fileName)).toEqual(["beat-1.mp3", "beat-2.wav", "extra.mp3"]);
    for (const file of files.slice(0, 2)) {
      const removed = await call(`/api/products/${productId}/files/${file.id}`, {
        method: "DELETE",
        cookie: seller.cookie,
      });
      expect(removed.status).toBe(204);
    }
    const last = await call(`/api/products/${productId}/files/${files[2]!.id}`, {
      method: "DELETE",
      cookie: seller.cookie,
    });
    expect([last.status, (await errorOf(last)).message]).toEqual([409, LAST_AUDIO_FILE]);
    // Removed files stay (for buyers), marked.
    expect((await filesOf(productId)).filter((f) => f.removedAt)).toHaveLength(2);
    expect(await env.FILES.head(files[0]!.key)).not.toBeNull();
  });

  it("deletes a product for the seller and the store, keeping its rows and originals for buyers", async () => {
    const { productId: doomed } = await createProduct(seller.cookie);
    expect((await call(`/api/products/${doomed}`, { method: "DELETE", cookie: seller.cookie })).status).toBe(204);
    expect((await product(doomed))!.status).toBe("deleted");
    const [file] = await filesOf(doomed);
    expect(await env.FILES.head(file!.key)).not.toBeNull();
    const mine = await (await call("/api/products", { cookie: seller.cookie })).json<any>();
    expect(mine.products.map((p: any) => p.id)).not.toContain(doomed);
    const store = await (await call(`/api/sellers/${seller.user.id}/products`)).json<any>();
    expect(store.products.map((p: any) => p.id)).not.toContain(doomed);
    expect(
      (await call(`/api/products/${doomed}`, { method: "PATCH", cookie: seller.cookie, json: { title: "x" } })).status,
    ).toBe(404);
  });
});

describe("the store page", () => {
  let open: string;
  let hidden: string;
  beforeAll(async () => {
    open = (await createProduct(seller.cookie, { title: "Open", accessType: "public-read" })).productId;
    hidden = (await createProduct(seller.cookie, { title: "Hidden", accessType: "private" })).productId;
  });
  const store = async (cookie?: string) =>
    (await call(`/api/sellers/${seller.user.id}/products`, { cookie })).json<any>();

  it("shows visitors and other members the public products, with previews only", async () => {
    for (const cookie of [undefined, other.cookie]) {
      const view = await store(cookie);
      // The storefront's header: the name shown, when they joined; never their e-mail.
      expect(view.seller).toMatchObject({ id: seller.user.id, username: seller.form.username });
      expect(Object.keys(view.seller).sort()).toEqual(["createdAt", "id", "name", "username"]);
      expect(view.own).toBe(false);
      const ids = view.products.map((p: any) => p.id);
      expect(ids).toContain(open);
      expect(ids).not.toContain(hidden);
      const shown = view.products.find((p: any) => p.id === open);
      expect(shown).toMatchObject({ title: "Open", priceCents: 1999, licenseType: "non-exclusive" });
      const cover = await call(new URL(shown.coverUrl).pathname);
      expect([cover.status, cover.headers.get("content-type")]).toEqual([200, "image/png"]);
      // No original's link or key: only the preview (none yet: the job has not run) and peaks.
      expect(JSON.stringify(view)).not.toContain("audioFiles");
      for (const file of shown.files) expect(file).not.toHaveProperty("url");
      expect(shown.files.map((f: any) => f.previewUrl)).toEqual([null, null]);
    }
  });

  it("shows the seller their private products too, marked private", async () => {
    const view = await store(seller.cookie);
    expect(view.own).toBe(true);
    expect(view.products.find((p: any) => p.id === hidden)).toMatchObject({ accessType: "private" });
  });

  it("lists nothing for an unknown seller", async () => {
    const view = await (await call("/api/sellers/nobody/products")).json<any>();
    expect(view).toEqual({
      seller: null,
      own: false,
      products: [],
      genres: [],
      stats: { beats: 0, plays: 0, sales: 0 },
    });
  });

  it("gives the seller links to their originals in the manager", async () => {
    const mine = await (await call("/api/products", { cookie: seller.cookie })).json<any>();
    const shown = mine.products.find((p: any) => p.id === hidden);
    expect(shown.files).toHaveLength(2);
    const original = await call(new URL(shown.files[0].url).pathname);
    expect([original.status, original.headers.get("content-type")]).toEqual([200, "audio/mpeg"]);
    expect(new Uint8Array(await original.arrayBuffer()).slice(0, 3)).toEqual(new TextEncoder().encode("ID3"));
  });
});

describe("authorisation matrix", () => {
  let productId: string;
  let fileId: string;
  beforeAll(async () => {
    productId = (await createProduct(seller.cookie, { accessType: "private" })).productId;
    fileId = (await filesOf(productId))[0]!.id;
  });

  /** Every seller route on someone's product; each must answer a non-owner as if it did not exist. */
  const routes = (): RouteCall[] => [
    ["PATCH", `/api/products/${productId}`, { title: "Taken" }],
    ["DELETE", `/api/products/${productId}/cover`],
    ["DELETE", `/api/products/${productId}/files/${fileId}`],
    ["DELETE", `/api/products/${productId}`],
  ];
  /** Uploads into someone's product: a cover and an audio file. */
  const uploadsInto = (): RouteCall[] => [
    [
      "POST",
      "/api/uploads",
      { purpose: "product-cover", fileName: "c.png", contentType: "image/png", size: 10, productId },
    ],
    [
      "POST",
      "/api/uploads",
      { purpose: "product-audio", fileName: "a.mp3", contentType: "audio/mpeg", size: 10, productId },
    ],
  ];
  const callers = () => ({ other: other.cookie, admin: admin.cookie, owner: seller.cookie });

  it("answers a visitor 401 on every seller route and lets them browse the store", async () => {
    const sellerOnly: RouteCall[] = [
      ["GET", "/api/products"],
      ["GET", "/api/voice-tag"],
      ["POST", "/api/products", {}],
      ["DELETE", "/api/voice-tag"],
    ];
    await expectMatrix([...routes(), ...sellerOnly, ...uploadsInto()], { visitor: 401 });
    await expectMatrix([["GET", `/api/sellers/${seller.user.id}/products`]], { visitor: 200 });
  });

  it("answers another member and the admin 404 for someone else's product, changing nothing", async () => {
    await expectMatrix([...routes(), ...uploadsInto()], { other: 404, admin: 404 }, callers());
    for (const member of [other, admin]) {
      const theirs = await (await call("/api/products", { cookie: member.cookie })).json<any>();
      expect(theirs.products.map((p: any) => p.id)).not.toContain(productId);
      const store = await (
        await call(`/api/sellers/${seller.user.id}/products`, { cookie: member.cookie })
      ).json<any>();
      expect(store.products.map((p: any) => p.id)).not.toContain(productId);
    }
    expect(await product(productId)).toMatchObject({ status: "active", title: "Night Drive" });
    expect((await filesOf(productId)).every((f) => !f.removedAt)).toBe(true);
  });

  it("serves the owner on every route", async () => {
    const [patch, cover, file, remove] = routes();
    await expectMatrix([patch!], { owner: 200 }, callers());
    await expectMatrix([cover!, file!], { owner: 204 }, callers());
    await expectMatrix([uploadsInto()[1]!], { owner: 201 }, callers());
    await expectMatrix([remove!], { owner: 204 }, callers());
  });

  it("never hands another member a private product's file: no listing, no link, no key", async () => {
    const { productId: secret } = await createProduct(seller.cookie, { accessType: "private" });
    const [file] = await filesOf(secret);
    const everything = JSON.stringify([
      await (await call(`/api/sellers/${seller.user.id}/products`, { cookie: other.cookie })).json(),
      await (await call("/api/products", { cookie: other.cookie })).json(),
    ]);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(file!.key);
    // Project-file routes do not reach product files either.
    expect((await call(`/api/files/${file!.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/files/${file!.id}/download`, { method: "POST", cookie: other.cookie })).status).toBe(404);
  });
});

describe("the cached store page", () => {
  it("no longer shows a visitor a product once it is made private", async () => {
    const { productId } = await createProduct(seller.cookie, { title: "Zebra Beat" });
    expect(await (await call(`/digiprev/${seller.user.id}`)).text()).toContain("Zebra Beat");
    const patched = await call(`/api/products/${productId}`, {
      method: "PATCH",
      cookie: seller.cookie,
      json: { accessType: "private" },
    });
    expect(patched.status).toBe(200);
    expect(await (await call(`/digiprev/${seller.user.id}`)).text()).not.toContain("Zebra Beat");
  });
});

describe("a store without products", () => {
  it("says 'No products found.' on the store page and on the manager", async () => {
    const newcomer = await signUp();
    const store = await (await call(`/digiprev/${newcomer.user.id}`)).text();
    expect(store).toContain(NO_PRODUCTS);
    const manager = await call("/digimanager", { cookie: newcomer.cookie });
    expect(manager.status).toBe(200);
    expect(await manager.text()).toContain(NO_PRODUCTS);
  });
});
