// Development stand-in for R2's S3 endpoint: the signed URLs of
// DevStorageSigner point here. The token is the authorisation (as a presigned
// URL is); bytes stream between the request and the R2 binding.

import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { uploads } from "../db/schema";
import { Forbidden, Invalid, NotFound } from "../domain/errors";
import { recordStoredPart } from "../domain/uploads/uploads";
import { contentDisposition, DevStorageSigner } from "../storage/signer";
import type { AppEnv } from "./context";

function devSigner(c: { get(key: "deps"): AppEnv["Variables"]["deps"] }) {
  const { signer } = c.get("deps").storage;
  if (!(signer instanceof DevStorageSigner)) throw new NotFound();
  return signer;
}

export const storage = new Hono<AppEnv>()
  .put("/storage/put/:token", async (c) => {
    const claims = await devSigner(c).verify(c.req.param("token"), "put");
    if (!claims) throw new Forbidden("Upload link is invalid or has expired.");
    const length = Number(c.req.header("content-length"));
    if (!c.req.raw.body || !Number.isFinite(length)) throw new Invalid("Content-Length is required.");
    if (claims.size !== undefined && length !== claims.size)
      throw new Invalid(`Expected exactly ${claims.size} bytes.`);
    const { bucket } = c.get("deps").storage;

    if (claims.multipartId && claims.partNumber) {
      const deps = c.get("deps");
      const [upload] = await deps.db
        .select()
        .from(uploads)
        .where(
          and(eq(uploads.key, claims.key), eq(uploads.multipartId, claims.multipartId), eq(uploads.status, "pending")),
        );
      if (!upload) throw new NotFound("Upload not found.");
      const part = await bucket
        .resumeMultipartUpload(claims.key, claims.multipartId)
        .uploadPart(claims.partNumber, c.req.raw.body);
      await recordStoredPart(deps, upload, part.partNumber, part.etag);
      c.header("etag", part.etag);
      return c.body(null, 200);
    }
    const object = await bucket.put(claims.key, c.req.raw.body, { httpMetadata: { contentType: claims.contentType } });
    c.header("etag", object.httpEtag);
    return c.body(null, 200);
  })
  .get("/storage/get/:token", async (c) => {
    const claims = await devSigner(c).verify(c.req.param("token"), "get");
    if (!claims) throw new Forbidden("Download link is invalid or has expired.");
    const object = await c.get("deps").storage.bucket.get(claims.key, { range: c.req.raw.headers });
    if (!object) throw new NotFound();
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set("etag", object.httpEtag);
    headers.set("accept-ranges", "bytes");
    headers.set("cache-control", "private, max-age=300");
    if (claims.downloadName) headers.set("content-disposition", contentDisposition(claims.downloadName));
    const range = object.range as { offset?: number; length?: number } | undefined;
    if (range && c.req.header("range")) {
      const offset = range.offset ?? 0;
      const length = range.length ?? object.size - offset;
      headers.set("content-range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
      headers.set("content-length", String(length));
      return new Response((object as R2ObjectBody).body, { status: 206, headers });
    }
    headers.set("content-length", String(object.size));
    return new Response((object as R2ObjectBody).body, { status: 200, headers });
  });
