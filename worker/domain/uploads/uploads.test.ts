// The upload protocol end to end through the Worker, with real local R2.
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MULTIPART_THRESHOLD, PART_SIZE } from "../../../app/kernel/schemas/files";
import { call, signUp } from "../../../tests/workers/http";
import { mp4Bytes, PNG, putTo, sign, upload } from "../../../tests/workers/uploads";
import { database } from "../../db/client";
import { files, jobs, projects, type Upload, uploadParts, uploads } from "../../db/schema";
import { DevStorageSigner } from "../../storage/signer";
import { makeDeps } from "../deps";
import { sweepAbandonedUploads, sweepEndedUploadRows } from "./uploads";

const db = database(env.DB);

describe("sign → PUT → complete", () => {
  it("stores a PNG under the user's key scheme and records it only after verification", async () => {
    const { cookie, user } = await signUp();
    const signed = await sign(cookie, {
      fileName: "My cover art (final).png",
      contentType: "image/png",
      size: PNG.byteLength,
      projectTitle: "Spring  Show",
    });
    expect(signed.status).toBe(201);
    const ticket = await signed.json<any>();
    expect(ticket.key).toMatch(
      new RegExp(`^users/${user.id}/projects/[\\w-]+/files/\\d+-[\\w-]+-My_cover_art_final.png$`),
    );
    expect(ticket.put.url).toMatch(/^http:\/\/localhost\/api\/storage\/put\//);
    expect(ticket.put.headers["content-type"]).toBe("image/png");
    expect(await db.select().from(projects).where(eq(projects.userId, user.id))).toHaveLength(0);

    expect((await putTo(ticket.put.url, PNG, ticket.put.headers)).status).toBe(200);
    const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
    expect(done.status).toBe(201);
    const record = await done.json<any>();
    expect(record).toMatchObject({
      message: "Upload successful!",
      projectTitle: "Spring_Show",
      kind: "image",
      probeStatus: "none",
    });

    const [file] = await db.select().from(files).where(eq(files.id, record.fileId));
    expect(file).toMatchObject({
      userId: user.id,
      fileName: "My_cover_art_final.png",
      contentType: "image/png",
      size: PNG.byteLength,
      accessType: "private",
    });
    const stored = await env.FILES.get(ticket.key);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PNG);
  });

  it("queues a probe job for audio and video", async () => {
    const { cookie, user } = await signUp();
    const record = await upload(cookie, { fileName: "clip.mp4", contentType: "video/mp4", bytes: mp4Bytes() });
    expect(record).toMatchObject({ kind: "video", probeStatus: "queued" });
    const [job] = await db.select().from(jobs).where(eq(jobs.userId, user.id));
    expect(job).toMatchObject({ kind: "probe", status: "queued", input: { target: "file", id: record.fileId } });
  });

  it("refuses a file whose size differs from the announced one, and deletes it", async () => {
    const { cookie, user } = await signUp();
    const ticket = await (await sign(cookie, { fileName: "a.png", contentType: "image/png", size: 500 })).json<any>();
    expect((await putTo(ticket.put.url, PNG, ticket.put.headers)).status).toBe(400); // the signed length is enforced
    await env.FILES.put(ticket.key, PNG); // as if storage had accepted a short body
    const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
    expect(done.status).toBe(400);
    expect((await done.json<any>()).error.message).toBe(
      `File size does not match: expected 500 bytes, received ${PNG.byteLength}.`,
    );
    expect(await env.FILES.head(ticket.key)).toBeNull();
    expect(await db.select().from(files).where(eq(files.userId, user.id))).toHaveLength(0);
    const [row] = await db.select().from(uploads).where(eq(uploads.id, ticket.uploadId));
    expect(row!.status).toBe("failed");
  });

  it("refuses bytes that are not what the type says (magic bytes), and deletes them", async () => {
    const { cookie, user } = await signUp();
    const fake = new TextEncoder().encode("<html><script>alert(1)</script></html>".padEnd(200, " "));
    const ticket = await (
      await sign(cookie, { fileName: "photo.png", contentType: "image/png", size: fake.byteLength })
    ).json<any>();
    await putTo(ticket.put.url, fake, ticket.put.headers);
    const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
    expect(done.status).toBe(400);
    expect((await done.json<any>()).error.message).toBe("File content does not match its type.");
    expect(await env.FILES.head(ticket.key)).toBeNull();
    expect(await db.select().from(projects).where(eq(projects.userId, user.id))).toHaveLength(0);
  });

  it("refuses kinds that are not allowed before signing", async () => {
    const { cookie } = await signUp();
    const response = await sign(cookie, { fileName: "tool.exe", contentType: "application/x-msdownload", size: 10 });
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.message).toBe("File type is not allowed.");
  });

  it("requires a project title for a new project, with the seed's message", async () => {
    const { cookie } = await signUp();
    const response = await sign(cookie, { fileName: "a.png", contentType: "image/png", size: 10, projectTitle: "  " });
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.message).toBe("Project title is required");
  });

  it("refuses an expired or forged upload link", async () => {
    const { cookie } = await signUp();
    const ticket = await (
      await sign(cookie, { fileName: "a.png", contentType: "image/png", size: PNG.byteLength })
    ).json<any>();
    const past = new DevStorageSigner(env.SESSION_SECRET, "http://localhost", () => Date.now() - 60 * 60 * 1000);
    const expired = await past.signPut({ key: ticket.key, contentType: "image/png", size: PNG.byteLength }, 60);
    expect((await putTo(expired.url, PNG)).status).toBe(403);
    const forged = ticket.put.url.replace(/[\w-]{4}$/, (tail: string) => (tail === "AAAA" ? "BBBB" : "AAAA"));
    expect((await putTo(forged, PNG)).status).toBe(403);
  });

  it("adds later files to an existing project, and never to another member's", async () => {
    const owner = await signUp();
    const first = await upload(owner.cookie, {
      fileName: "a.png",
      contentType: "image/png",
      bytes: PNG,
      projectTitle: "Show",
    });
    const second = await upload(owner.cookie, {
      fileName: "b.png",
      contentType: "image/png",
      bytes: PNG,
      projectId: first.projectId,
    });
    expect(second.projectId).toBe(first.projectId);
    const intruder = await signUp();
    const response = await sign(intruder.cookie, {
      fileName: "x.png",
      contentType: "image/png",
      size: PNG.byteLength,
      projectId: first.projectId,
    });
    expect(response.status).toBe(404);
  });

  it("is for members only, and one member cannot complete another's upload", async () => {
    expect((await sign("", { fileName: "a.png", contentType: "image/png", size: 10 })).status).toBe(401);
    const owner = await signUp();
    const ticket = await (
      await sign(owner.cookie, { fileName: "a.png", contentType: "image/png", size: PNG.byteLength })
    ).json<any>();
    await putTo(ticket.put.url, PNG, ticket.put.headers);
    const other = await signUp();
    expect(
      (await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie: other.cookie, method: "POST" })).status,
    ).toBe(404);
    expect((await call(`/api/uploads/${ticket.uploadId}`, { cookie: other.cookie })).status).toBe(404);
  });
});

describe("multipart uploads above 100 MB", () => {
  it("splits into equal parts, resumes after an interruption, and assembles the file", async () => {
    const { cookie } = await signUp();
    const size = MULTIPART_THRESHOLD + 1;
    const bytes = new Uint8Array(size);
    bytes.set(mp4Bytes(64));
    for (let i = 64; i < size; i += 4096) bytes[i] = i % 251;

    const ticket = await (await sign(cookie, { fileName: "long.mp4", contentType: "video/mp4", size })).json<any>();
    expect(ticket.put).toBeUndefined();
    expect(ticket.multipart.partSize).toBe(PART_SIZE);
    expect(ticket.multipart.partCount).toBe(Math.ceil(size / PART_SIZE));
    const parts = ticket.multipart.parts as { partNumber: number; size: number; url: string }[];
    expect(parts.slice(0, -1).every((p) => p.size === PART_SIZE)).toBe(true);
    const slice = (n: number) => bytes.subarray((n - 1) * PART_SIZE, Math.min(size, n * PART_SIZE));

    // The first three parts go up, then the connection "drops".
    for (const part of parts.slice(0, 3)) {
      const put = await putTo(part.url, slice(part.partNumber));
      expect(put.status).toBe(200);
      const etag = put.headers.get("etag")!;
      expect(
        (await call(`/api/uploads/${ticket.uploadId}/parts`, { cookie, json: { partNumber: part.partNumber, etag } }))
          .status,
      ).toBe(204);
    }
    const early = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
    expect((await early.json<any>()).error.message).toBe(`Upload is incomplete: 3 of ${parts.length} parts stored.`);

    // After a reload: the server lists what is done and signs the rest.
    const resumed = await (await call(`/api/uploads/${ticket.uploadId}`, { cookie })).json<any>();
    expect(resumed.multipart.done).toEqual([1, 2, 3]);
    expect(resumed.multipart.parts.map((p: any) => p.partNumber)).toEqual(parts.slice(3).map((p) => p.partNumber));
    for (const part of resumed.multipart.parts)
      expect((await putTo(part.url, slice(part.partNumber))).status).toBe(200);

    const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
    expect(done.status).toBe(201);
    const stored = await env.FILES.head(ticket.key);
    expect(stored!.size).toBe(size);
    const tail = await env.FILES.get(ticket.key, { range: { offset: size - 8192, length: 8192 } });
    expect(new Uint8Array(await tail!.arrayBuffer())).toEqual(bytes.subarray(size - 8192));
  });

  it("takes parts side by side and out of order (as the browser's four lanes send them), once each, and assembles them in order", async () => {
    const { cookie } = await signUp();
    const size = MULTIPART_THRESHOLD + 1;
    const bytes = new Uint8Array(size);
    bytes.set(mp4Bytes(64));
    for (let i = 64; i < size; i += 1024) bytes[i] = (i >> 10) % 251;
    const ticket = await (await sign(cookie, { fileName: "lanes.mp4", contentType: "video/mp4", size })).json<any>();
    const parts = ticket.multipart.parts as { partNumber: number; url: string }[];
    const slice = (n: number) => bytes.subarray((n - 1) * PART_SIZE, Math.min(size, n * PART_SIZE));
    const order = [...parts].reverse();
    const send = async (part: { partNumber: number; url: string }) => {
      const put = await putTo(part.url, slice(part.partNumber));
      expect(put.status).toBe(200);
      const etag = put.headers.get("etag")!;
      const report = await call(`/api/uploads/${ticket.uploadId}/parts`, {
        cookie,
        json: { partNumber: part.partNumber, etag },
      });
      expect(report.status).toBe(204);
    };
    await Promise.all(
      [0, 1, 2, 3].map(async (lane) => {
        for (let i = lane; i < order.length; i += 4) await send(order[i]!);
      }),
    );
    // A retry of a part whose answer was lost replaces it; it is still one part.
    await send(parts[1]!);

    const listed = await (await call(`/api/uploads/${ticket.uploadId}`, { cookie })).json<any>();
    expect(listed.multipart.done).toEqual(parts.map((p) => p.partNumber));
    expect(listed.multipart.parts).toEqual([]);
    const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
    expect(done.status).toBe(201);
    expect((await env.FILES.head(ticket.key))!.size).toBe(size);
    for (const offset of [PART_SIZE - 4096, 3 * PART_SIZE - 4096, size - 4096]) {
      const stored = await env.FILES.get(ticket.key, { range: { offset, length: 4096 } });
      expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes.subarray(offset, offset + 4096));
    }
  });

  it("an aborted multipart upload leaves no bytes, no parts and no way to add any", async () => {
    const { cookie } = await signUp();
    const size = MULTIPART_THRESHOLD + 10;
    const ticket = await (await sign(cookie, { fileName: "gone.mp4", contentType: "video/mp4", size })).json<any>();
    const stored: R2UploadedPart[] = [];
    for (const part of ticket.multipart.parts.slice(0, 2)) {
      const put = await putTo(part.url, mp4Bytes(PART_SIZE));
      expect(put.status).toBe(200);
      stored.push({ partNumber: part.partNumber, etag: put.headers.get("etag")! });
    }
    const [row] = await db.select().from(uploads).where(eq(uploads.id, ticket.uploadId));
    expect((await call(`/api/uploads/${ticket.uploadId}`, { cookie, method: "DELETE" })).status).toBe(204);

    expect(await env.FILES.head(ticket.key)).toBeNull();
    expect((await env.FILES.list({ prefix: ticket.key })).objects).toEqual([]);
    // R2 no longer knows the multipart upload: its stored parts cannot be assembled any more.
    await expect(env.FILES.resumeMultipartUpload(ticket.key, row!.multipartId!).complete(stored)).rejects.toThrow();
    expect((await putTo(ticket.multipart.parts[2].url, mp4Bytes(PART_SIZE))).status).toBe(404);
    expect((await call(`/api/uploads/${ticket.uploadId}`, { cookie })).status).toBe(404);
    expect(await env.FILES.head(ticket.key)).toBeNull();
  });

  it("aborts abandoned uploads in the sweep", async () => {
    const { cookie } = await signUp();
    const ticket = await (
      await sign(cookie, { fileName: "big.mp4", contentType: "video/mp4", size: MULTIPART_THRESHOLD + 10 })
    ).json<any>();
    await putTo(ticket.multipart.parts[0].url, mp4Bytes(PART_SIZE));
    const deps = { ...makeDeps(env, "http://localhost"), now: () => Date.now() + 25 * 60 * 60 * 1000 };
    expect(await sweepAbandonedUploads(deps)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(uploads).where(eq(uploads.id, ticket.uploadId));
    expect(row!.status).toBe("aborted");
    expect((await call(`/api/uploads/${ticket.uploadId}`, { cookie })).status).toBe(404);
  });
});

describe("the sweep of ended uploads' bookkeeping", () => {
  it("removes part rows of ended uploads and old ended upload rows, and never touches an upload in progress", async () => {
    const { user } = await signUp();
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const row = (id: string, status: Upload["status"], age: number, purgedAt: Date | null = null) => ({
      id,
      userId: user.id,
      purpose: "project-file",
      target: {},
      key: `users/${user.id}/sweep/${id}`,
      fileName: `${id}.mp4`,
      contentType: "video/mp4",
      size: 2 * PART_SIZE,
      multipartId: `mp-${id}`,
      partSize: PART_SIZE,
      status,
      expiresAt: new Date(now - age + day),
      purgedAt,
      createdAt: new Date(now - age),
    });
    const ids = {
      done: `${user.id}-done`,
      oldDone: `${user.id}-old-done`,
      inProgress: `${user.id}-pending`,
      oldInProgress: `${user.id}-old-pending`,
      purged: `${user.id}-purged`,
      unpurged: `${user.id}-unpurged`,
    };
    await db.insert(uploads).values([
      row(ids.done, "completed", day),
      row(ids.oldDone, "completed", 8 * day),
      row(ids.inProgress, "pending", 60_000),
      // Pending past its lifetime is the abandoned-upload sweep's to end, not this one's.
      row(ids.oldInProgress, "pending", 30 * day),
      row(ids.purged, "aborted", 9 * day, new Date(now - 8 * day)),
      row(ids.unpurged, "failed", 9 * day),
    ]);
    await db
      .insert(uploadParts)
      .values(
        Object.values(ids).flatMap((uploadId) =>
          [1, 2].map((partNumber) => ({ uploadId, partNumber, etag: `e${partNumber}`, size: PART_SIZE })),
        ),
      );

    const swept = await sweepEndedUploadRows({ db, now: () => now });

    const mine = Object.values(ids);
    const left = await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, mine));
    expect(left.map((u) => u.id).sort()).toEqual([ids.done, ids.inProgress, ids.oldInProgress, ids.unpurged].sort());
    const parts = await db.select().from(uploadParts).where(inArray(uploadParts.uploadId, mine));
    expect(parts.map((p) => `${p.uploadId}#${p.partNumber}`).sort()).toEqual(
      [`${ids.inProgress}#1`, `${ids.inProgress}#2`, `${ids.oldInProgress}#1`, `${ids.oldInProgress}#2`].sort(),
    );
    expect(swept.uploads).toBeGreaterThanOrEqual(2);
    expect(swept.parts).toBeGreaterThanOrEqual(8);
  });
});
