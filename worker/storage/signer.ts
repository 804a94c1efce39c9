// Owns signing: short-lived URLs the browser (or the renderer) uses to move
// bytes straight to and from storage, never through the Worker's memory.
//  - production: R2's S3 endpoint, presigned with aws4fetch (Content-Type and
//    Content-Length signed into uploads);
//  - development: there is no S3 endpoint, so the same interface signs an HMAC
//    token for the Worker's own /api/storage/… routes, which stream into and
//    out of the R2 binding.
import { AwsClient } from "aws4fetch";
import { isDevelopment } from "../config";
import { base64url, fromBase64url } from "../security/crypto";
import { type Served, servedAs } from "./served";

export interface SignedRequest {
  url: string;
  method: "PUT" | "GET";
  headers: Record<string, string>;
}

export interface PutTarget {
  key: string;
  contentType: string;
  /** Signed in when known; outputs whose size is not known yet (renders) leave it out. */
  size?: number;
  /** Present for one part of a multipart upload. */
  part?: { multipartId: string; partNumber: number };
  /**
   * A job's output for the renderer, which a retry writes again. Without it the target is a
   * browser upload: create-only (`If-None-Match: *`), so its link cannot replace checked bytes.
   */
  output?: boolean;
}

export interface GetTarget {
  key: string;
  /**
   * The record's checked type. What is served is decided from it by `servedAs` (an inline
   * allow-list, everything else an attachment); without it the object is an inert attachment.
   */
  contentType?: string;
  /** When set, the answer carries `Content-Disposition: attachment; filename=…`. */
  downloadName?: string;
}

export interface Signer {
  signPut(target: PutTarget, expiresInSeconds: number): Promise<SignedRequest>;
  signGet(target: GetTarget, expiresInSeconds: number): Promise<SignedRequest>;
}

// ── production: R2 S3 presigning ────────────────────────────────────────────

export class R2PresignedSigner implements Signer {
  private readonly client: AwsClient;
  private readonly endpoint: string;

  constructor(settings: { accountId: string; accessKeyId: string; secretAccessKey: string; bucket: string }) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: "s3",
      region: "auto",
    });
    this.endpoint = `https://${settings.accountId}.r2.cloudflarestorage.com/${settings.bucket}`;
  }

  private objectUrl(key: string) {
    return new URL(`${this.endpoint}/${key.split("/").map(encodeURIComponent).join("/")}`);
  }

  async signPut(target: PutTarget, expiresInSeconds: number): Promise<SignedRequest> {
    const url = this.objectUrl(target.key);
    url.searchParams.set("X-Amz-Expires", String(expiresInSeconds));
    if (target.part) {
      url.searchParams.set("partNumber", String(target.part.partNumber));
      url.searchParams.set("uploadId", target.part.multipartId);
    }
    const headers: Record<string, string> = {};
    if (target.size !== undefined) headers["content-length"] = String(target.size);
    if (!target.part) headers["content-type"] = target.contentType;
    if (!target.part && !target.output) headers["if-none-match"] = "*";
    const signed = await this.client.sign(url.toString(), {
      method: "PUT",
      headers,
      aws: { signQuery: true, allHeaders: true },
    });
    // Content-Length is signed in but set by the browser itself; it must not be sent as a header.
    const { "content-length": _, ...sendable } = headers;
    return { url: signed.url, method: "PUT", headers: sendable };
  }

  async signGet(target: GetTarget, expiresInSeconds: number): Promise<SignedRequest> {
    const url = this.objectUrl(target.key);
    url.searchParams.set("X-Amz-Expires", String(expiresInSeconds));
    // R2 answers with these instead of the stored metadata (which the uploader chose).
    const served = servedAs(target);
    url.searchParams.set("response-content-type", served.contentType);
    url.searchParams.set("response-content-disposition", served.contentDisposition);
    const signed = await this.client.sign(url.toString(), { method: "GET", aws: { signQuery: true } });
    return { url: signed.url, method: "GET", headers: {} };
  }
}

// ── development: HMAC tokens for the Worker's own storage routes ────────────

interface TokenClaims {
  op: "put" | "get";
  key: string;
  exp: number;
  contentType?: string;
  size?: number;
  multipartId?: string;
  partNumber?: number;
  output?: boolean;
  /** GET: what the development route serves (decided when signing, as R2's response-* parameters). */
  served?: Served;
}

export class DevStorageSigner implements Signer {
  constructor(
    private readonly secret: string,
    private readonly origin: string,
    private readonly now: () => number = Date.now,
    /** Where upload (PUT) links point: workerd's own socket under `npm start` (./direct-uploads.ts). */
    private readonly uploadOrigin: string = origin,
  ) {}

  private tokenKey?: Promise<CryptoKey>;

  /** AES-GCM over the claims: a link is sealed (it cannot be altered) and opaque (it names no storage key). */
  private key() {
    this.tokenKey ??= crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(`storage-token:${this.secret}`))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    return this.tokenKey;
  }

  private async token(claims: TokenClaims) {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: "AES-GCM", iv },
        await this.key(),
        new TextEncoder().encode(JSON.stringify(claims)),
      ),
    );
    const bytes = new Uint8Array(iv.length + sealed.length);
    bytes.set(iv);
    bytes.set(sealed, iv.length);
    return base64url(bytes);
  }

  async signPut(target: PutTarget, expiresInSeconds: number): Promise<SignedRequest> {
    const token = await this.token({
      op: "put",
      key: target.key,
      exp: this.now() + expiresInSeconds * 1000,
      contentType: target.contentType,
      size: target.size,
      multipartId: target.part?.multipartId,
      partNumber: target.part?.partNumber,
      output: target.output,
    });
    const headers: Record<string, string> = target.part ? {} : { "content-type": target.contentType };
    // A part's number rides in the query as on S3's UploadPart; the sealed claims are what counts.
    const part = target.part ? `?partNumber=${target.part.partNumber}` : "";
    return { url: `${this.uploadOrigin}/api/storage/put/${token}${part}`, method: "PUT", headers };
  }

  async signGet(target: GetTarget, expiresInSeconds: number): Promise<SignedRequest> {
    const token = await this.token({
      op: "get",
      key: target.key,
      exp: this.now() + expiresInSeconds * 1000,
      served: servedAs(target),
    });
    return { url: `${this.origin}/api/storage/get/${token}`, method: "GET", headers: {} };
  }

  /** The claims of a valid, unexpired token for the given operation, or null. */
  async verify(token: string, op: TokenClaims["op"]): Promise<TokenClaims | null> {
    try {
      const bytes = fromBase64url(token);
      if (bytes.length < 13) return null;
      const opened = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: bytes.slice(0, 12) },
        await this.key(),
        bytes.slice(12),
      );
      const claims = JSON.parse(new TextDecoder().decode(opened)) as TokenClaims;
      return claims.op === op && claims.exp > this.now() ? claims : null;
    } catch {
      return null;
    }
  }
}

/**
 * Production signs against R2's S3 endpoint when its credentials are set;
 * development falls back to the Worker's own routes. `origin` is the app's
 * own origin, for the development URLs; `devUploadOrigin`, when the dev server
 * gave one, takes the development upload links straight to workerd.
 */
export function storageSigner(env: Env, origin: string, devUploadOrigin?: string): Signer {
  if (env.R2_ACCOUNT_ID && env.R2_ACCESS_KEY_ID && env.R2_SECRET_ACCESS_KEY && env.R2_BUCKET_NAME) {
    return new R2PresignedSigner({
      accountId: env.R2_ACCOUNT_ID,
      accessKeyId: env.R2_ACCESS_KEY_ID,
      secretAccessKey: env.R2_SECRET_ACCESS_KEY,
      bucket: env.R2_BUCKET_NAME,
    });
  }
  if (isDevelopment(env)) return new DevStorageSigner(env.SESSION_SECRET, origin, Date.now, devUploadOrigin ?? origin);
  throw new Error("R2 S3 credentials are not set: production cannot sign storage URLs");
}
