// Development stand-in for R2's S3 endpoint: the signed URLs of
// DevStorageSigner point here. The token is the authorisation (as a presigned
// URL is); bytes stream between the request and the R2 binding, downloads a
// slice at a time (../storage/sliced-reads.ts). Upload links may come straight
// to workerd's own socket, another origin than the page's, hence CORS as R2's
// bucket rule gives in production (../storage/direct-uploads.ts).

import { cors } from "hono/cors";
import { Conflict, Forbidden, Invalid, NotFound } from "../domain/errors";
import { recordStoredPart, uploadTakingBytes } from "../domain/uploads/uploads";
import { DIRECT_UPLOAD_CORS } from "../storage/direct-uploads";
import { serveObject } from "../storage/serve-object";
import { DevStorageSigner } from "../storage/signer";
import { type AppEnv, publicApi } from "./context";

function devSigner(c: { get(key: "deps"): AppEnv["Variables"]["deps"] }) {
  const { signer } = c.get("deps").storage;
  if (!(signer instanceof DevStorageSigner)) throw new NotFound();
  return signer;
}

export const storageApi = publicApi()
  .use("/storage/put/*", cors(DIRECT_UPLOAD_CORS))
  // A link writes only while its upload is pending, and a single upload's object only once: after
  // completion, refusal or abort it is dead, so what is served stays what complete checked (ADR 013).
  .put("/storage/put/:token", async (c) => {
    const deps = c.get("deps");
    const claims = await devSigner(c).verify(c.req.param("token"), "put");
    if (!claims) throw new Forbidden("Upload link is invalid or has expired.");
    const length = Number(c.req.header("content-length"));
    if (!c.req.raw.body || !Number.isFinite(length)) throw new Invalid("Content-Length is required.");
    if (claims.size !== undefined && length !== claims.size)
      throw new Invalid(`Expected exactly ${claims.size} bytes.`);
    const storage = deps.storage;
    // Job outputs (renders, packages) are signed for the renderer, not for an upload record.
    if (claims.output) {
      const object = await storage.put(claims.key, c.req.raw.body, {
        httpMetadata: { contentType: claims.contentType },
      });
      c.header("etag", object.httpEtag);
      return c.body(null, 200);
    }

    const upload = await uploadTakingBytes(deps, claims.key, claims.multipartId);
    if (!upload) throw new NotFound("Upload not found.");
    if (claims.multipartId && claims.partNumber) {
      const part = await storage
        .resumeMultipartUpload(claims.key, claims.multipartId)
        .uploadPart(claims.partNumber, c.req.raw.body);
      await recordStoredPart(deps, upload, part.partNumber, part.etag);
      c.header("etag", part.etag);
      return c.body(null, 200);
    }
    // Create-only, as production's signed `If-None-Match: *`: the first complete PUT wins.
    if (await storage.head(claims.key)) throw new Conflict("This upload has already been stored.");
    const object = await storage.put(claims.key, c.req.raw.body, {
      httpMetadata: { contentType: claims.contentType },
      onlyIf: new Headers({ "if-none-match": "*" }),
    });
    if (!object || !("httpEtag" in object)) throw new Conflict("This upload has already been stored.");
    c.header("etag", object.httpEtag);
    return c.body(null, 200);
  })
  .get("/storage/get/:token", async (c) => {
    const claims = await devSigner(c).verify(c.req.param("token"), "get");
    if (!claims) throw new Forbidden("Download link is invalid or has expired.");
    // The stored metadata is the uploader's claim: never served. The signed claims say what to serve.
    return serveObject(c.get("deps").storage, claims.key, claims.served, c.req.header("range"));
  });
