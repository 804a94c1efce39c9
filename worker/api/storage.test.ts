// User content as served, and upload links after their upload ended (issue 13 items 1 and 2).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MULTIPART_THRESHOLD, PART_SIZE } from "../../app/kernel/schemas/files";
import { call, signUp } from "../../tests/workers/http";
import { mp4Bytes, PNG, putTo, sign, upload } from "../../tests/workers/uploads";
import { database } from "../db/client";
import { uploads } from "../db/schema";
import { makeDeps } from "../domain/deps";
import { purgeEndedUploads } from "../domain/uploads/uploads";

const db = database(env.DB);
const PAGE = new TextEncoder().encode(`<!doctype html><script>fetch("/api/projects")</script>${" ".repeat(200)}`);

function userContentHeaders(response: Response) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toBe("sandbox");
}

describe("user content is never a live document on the app's origin (item 1)", () => {
  it("an uploaded HTML page previews as plain text, sandboxed, not sniffed", async () => {
    const { cookie } = await signUp();
    const record = await upload(cookie, {
      fileName: "page.html",
      contentType: "text/html",
      bytes: PAGE,
      accessType: "public-read",
    });
    expect(record.kind).toBe("text");
    const view = await (await call(`/api/files/${record.fileId}`)).json<any>();
    const preview = await call(new URL(view.previewUrl).pathname);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(preview.headers.get("content-disposition")).toBe("inline");
    userContentHeaders(preview);
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(PAGE);

    const download = await (await call(`/api/files/${record.fileId}/download`, { method: "POST" })).json<any>();
    const saved = await call(new URL(download.url).pathname);
    expect(saved.headers.get("content-disposition")).toMatch(/^attachment; filename="page.html"/);
    userContentHeaders(saved);
  });

  it("an image previews inline as its checked type, with the same guards, ranges included", async () => {
    const { cookie } = await signUp();
    const record = await upload(cookie, { fileName: "a.png", contentType: "image/png", bytes: PNG });
    const view = await (await call(`/api/files/${record.fileId}`, { cookie })).json<any>();
    const preview = await call(new URL(view.previewUrl).pathname, { headers: { range: "bytes=0-7" } });
    expect(preview.status).toBe(206);
    expect(preview.headers.get("content-type")).toBe("image/png");
    userContentHeaders(preview);
  });
});

describe("upload links end with their upload (item 2)", () => {
  const MZ = (() => {
    const bytes = new Uint8Array(PNG.byteLength);
    bytes.set([0x4d, 0x5a]);
    return bytes;
  })();

  it("a second PUT after completion is refused and what is served stays what was checked", async () => {
    const { cookie } = await signUp();
    const record = await upload(cookie, {
      fileName: "a.png",
      contentType: "image/png",
      bytes: PNG,
      accessType: "public-read",
    });
    const again = await putTo(record.ticket.put.url, MZ, record.ticket.put.headers);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    const view = await (await call(`/api/files/${record.fileId}`)).json<any>();
    const served = await call(new URL(view.previewUrl).pathname);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it("a second PUT before completion cannot replace the stored bytes either", async () => {
    const { cookie } = await signUp();
    const ticket = await (
      await sign(cookie, { fileName: "a.png", contentType: "image/png", size: PNG.byteLength })
    ).json<any>();
    expect((await putTo(ticket.put.url, PNG, ticket.put.headers)).status).toBe(200);
    expect((await putTo(ticket.put.url, MZ, ticket.put.headers)).status).toBe(409);
    const stored = await env.FILES.get(ticket.key);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PNG);
  });

  it("after a refused upload a re-PUT stores nothing", async () => {
    const { cookie } = await signUp();
    const ticket = await (
      await sign(cookie, { fileName: "a.png", contentType: "image/png", size: MZ.byteLength })
    ).json<any>();
    await putTo(ticket.put.url, MZ, ticket.put.headers);
    expect((await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" })).status).toBe(400);
    const again = await putTo(ticket.put.url, MZ, ticket.put.headers);
    expect(again.status).toBe(404);
    expect(await env.FILES.head(ticket.key)).toBeNull();
  });

  it("after DELETE /api/uploads/:id a re-PUT stores nothing, for single and multipart uploads", async () => {
    const { cookie } = await signUp();
    const single = await (
      await sign(cookie, { fileName: "a.png", contentType: "image/png", size: PNG.byteLength })
    ).json<any>();
    expect((await call(`/api/uploads/${single.uploadId}`, { cookie, method: "DELETE" })).status).toBe(204);
    expect((await putTo(single.put.url, PNG, single.put.headers)).status).toBe(404);
    expect(await env.FILES.head(single.key)).toBeNull();

    const big = await (
      await sign(cookie, { fileName: "big.mp4", contentType: "video/mp4", size: MULTIPART_THRESHOLD + 10 })
    ).json<any>();
    expect((await call(`/api/uploads/${big.uploadId}`, { cookie, method: "DELETE" })).status).toBe(204);
    expect((await putTo(big.multipart.parts[0].url, mp4Bytes(PART_SIZE))).status).toBe(404);
    expect(await env.FILES.head(big.key)).toBeNull();
  });

  it("bytes that reach an ended upload's key while its link lived (production URLs cannot be revoked) are purged", async () => {
    const { cookie } = await signUp();
    const ticket = await (
      await sign(cookie, { fileName: "a.png", contentType: "image/png", size: PNG.byteLength })
    ).json<any>();
    await call(`/api/uploads/${ticket.uploadId}`, { cookie, method: "DELETE" });
    await env.FILES.put(ticket.key, MZ); // as R2 would take a presigned PUT still within its expiry
    const later = { ...makeDeps(env, "http://localhost"), now: () => Date.now() + 60 * 60 * 1000 };
    expect(await purgeEndedUploads(later)).toBeGreaterThanOrEqual(1);
    expect(await env.FILES.head(ticket.key)).toBeNull();
    const [row] = await db.select().from(uploads).where(eq(uploads.id, ticket.uploadId));
    expect(row!.purgedAt).not.toBeNull();
  });
});
