// Production's upload links (R2's S3 endpoint, presigned with SigV4 in the query) checked the way
// R2 checks them: a stand-in for R2's side recomputes the signature from the request the browser
// will send, written here from AWS's specification, not with aws4fetch. What the signature covers
// is what makes an upload create-only and its size fixed (ADR 013): a request that drops
// `If-None-Match: *`, changes the type or sends more bytes no longer matches it.
import { describe, expect, it } from "vitest";
import { fromBase64url } from "../security/crypto";
import { DevStorageSigner, R2PresignedSigner, type SignedRequest } from "./signer";

const SETTINGS = { accountId: "acc0123", accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret/KEY+1", bucket: "files" };

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const sha256 = async (text: string) => hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
async function hmac(key: ArrayBuffer, text: string) {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", k, encoder.encode(text));
}
/** RFC 3986 encoding, as SigV4 wants it for query names and values. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface Sent {
  method: string;
  url: string;
  /** Every header the browser sends, Host and Content-Length included. */
  headers: Record<string, string>;
}

/** R2's side: does the request match its presigned signature, and is the link still valid? */
async function r2Accepts(request: Sent, now: Date): Promise<{ ok: boolean; reason?: string }> {
  const url = new URL(request.url);
  const q = url.searchParams;
  if (q.get("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256") return { ok: false, reason: "algorithm" };
  const date = q.get("X-Amz-Date")!;
  const [accessKey, day, region, service, terminator] = q.get("X-Amz-Credential")!.split("/");
  if (accessKey !== SETTINGS.accessKeyId || terminator !== "aws4_request") return { ok: false, reason: "credential" };
  const signedAt = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
  if (now.getTime() > signedAt + Number(q.get("X-Amz-Expires")) * 1000) return { ok: false, reason: "expired" };
  const signedHeaders = q.get("X-Amz-SignedHeaders")!.split(";");
  const sent = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  // Every signed header must be sent with its signed value; R2 also refuses a conditional header sent unsigned.
  if (signedHeaders.some((name) => !(name in sent))) return { ok: false, reason: "a signed header is missing" };
  if ("if-none-match" in sent && !signedHeaders.includes("if-none-match"))
    return { ok: false, reason: "unsigned if-none-match" };
  const query = [...q.entries()]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonical = [
    request.method,
    url.pathname,
    query,
    ...signedHeaders.map((name) => `${name}:${sent[name]}`),
    "",
    signedHeaders.join(";"),
    "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", date, scope, await sha256(canonical)].join("\n");
  let key = await hmac(encoder.encode(`AWS4${SETTINGS.secretAccessKey}`).buffer as ArrayBuffer, day!);
  for (const part of [region!, service!, "aws4_request"]) key = await hmac(key, part);
  const ok = hex(await hmac(key, toSign)) === q.get("X-Amz-Signature");
  return ok ? { ok } : { ok, reason: "signature" };
}

/** The request a browser makes with a signed link: its headers, plus Host and the body's length. */
function browserPut(signed: SignedRequest, size: number, change: Record<string, string | null> = {}): Sent {
  const headers: Record<string, string> = {
    ...signed.headers,
    host: new URL(signed.url).host,
    "content-length": String(size),
  };
  for (const [name, value] of Object.entries(change)) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  return { method: signed.method, url: signed.url, headers };
}

const signer = () => new R2PresignedSigner(SETTINGS);
const now = () => new Date();

describe("R2PresignedSigner.signPut (production uploads)", () => {
  it("signs a browser upload as create-only, with its type and exact size", async () => {
    const signed = await signer().signPut(
      { key: "users/u1/projects/p1/take one.mp3", contentType: "audio/mpeg", size: 5000 },
      900,
    );
    const url = new URL(signed.url);
    expect(url.origin).toBe("https://acc0123.r2.cloudflarestorage.com");
    expect(url.pathname).toBe("/files/users/u1/projects/p1/take%20one.mp3");
    expect(url.searchParams.get("X-Amz-SignedHeaders")!.split(";")).toEqual([
      "content-length",
      "content-type",
      "host",
      "if-none-match",
    ]);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    // The browser sets Content-Length itself; it is signed in, never handed over as a header.
    expect(signed.headers).toEqual({ "content-type": "audio/mpeg", "if-none-match": "*" });

    expect(await r2Accepts(browserPut(signed, 5000), now())).toEqual({ ok: true });
    // Dropping If-None-Match (to overwrite checked bytes), another type or another size: refused.
    expect(await r2Accepts(browserPut(signed, 5000, { "if-none-match": null }), now())).toMatchObject({ ok: false });
    expect(await r2Accepts(browserPut(signed, 5000, { "content-type": "text/html" }), now())).toMatchObject({
      ok: false,
    });
    expect(await r2Accepts(browserPut(signed, 5001), now())).toMatchObject({ ok: false, reason: "signature" });
    // Another object under the same signature: refused.
    const elsewhere = { ...signed, url: signed.url.replace("take%20one.mp3", "other.mp3") };
    expect(await r2Accepts(browserPut(elsewhere, 5000), now())).toMatchObject({ ok: false, reason: "signature" });
    // And the link ends.
    expect(await r2Accepts(browserPut(signed, 5000), new Date(Date.now() + 901_000))).toMatchObject({
      ok: false,
      reason: "expired",
    });
  });

  it("signs each part of a multipart upload with its number, upload id and size", async () => {
    const signed = await signer().signPut(
      {
        key: "users/u1/episodes/e1/video.mp4",
        contentType: "video/mp4",
        size: 8 * 1024 * 1024,
        part: { multipartId: "mp-1/x+y", partNumber: 3 },
      },
      3600,
    );
    const url = new URL(signed.url);
    expect(url.searchParams.get("partNumber")).toBe("3");
    expect(url.searchParams.get("uploadId")).toBe("mp-1/x+y");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;host");
    // A part carries no type and no condition: R2 takes neither on UploadPart.
    expect(signed.headers).toEqual({});
    expect(await r2Accepts(browserPut(signed, 8 * 1024 * 1024), now())).toEqual({ ok: true });
    expect(await r2Accepts(browserPut(signed, 8 * 1024 * 1024 + 1), now())).toMatchObject({ ok: false });
    const otherPart = { ...signed, url: signed.url.replace("partNumber=3", "partNumber=4") };
    expect(await r2Accepts(browserPut(otherPart, 8 * 1024 * 1024), now())).toMatchObject({ ok: false });
  });

  it("lets the renderer's output be written again by a retried job, and only with its type", async () => {
    const signed = await signer().signPut(
      { key: "users/u1/renders/r1.mp4", contentType: "video/mp4", output: true },
      60,
    );
    expect(new URL(signed.url).searchParams.get("X-Amz-SignedHeaders")).toBe("content-type;host");
    expect(signed.headers).toEqual({ "content-type": "video/mp4" });
    const sent = { method: "PUT", url: signed.url, headers: { ...signed.headers, host: new URL(signed.url).host } };
    expect(await r2Accepts(sent, now())).toEqual({ ok: true });
    expect(
      await r2Accepts({ ...sent, headers: { ...sent.headers, "content-type": "application/octet-stream" } }, now()),
    ).toMatchObject({ ok: false });
  });
});

describe("development storage links", () => {
  const signer = new DevStorageSigner("a-test-secret-of-enough-length-0123", "http://localhost");
  const key = "users/u-secret-entrant/beatbattle/1700000000-abc-beat.mp3";

  it("are sealed and opaque: they name no storage key, and an altered one is refused", async () => {
    const { url } = await signer.signGet({ key, contentType: "audio/mpeg" }, 60);
    const token = url.split("/").pop()!;
    const decoded = new TextDecoder().decode(fromBase64url(token));
    expect(`${url} ${decoded}`).not.toContain("u-secret-entrant");
    expect(`${url} ${decoded}`).not.toContain("users/");
    expect(await signer.verify(token, "get")).toMatchObject({ key, op: "get" });
    const flipped = `${token.slice(0, 20)}${token[20] === "A" ? "B" : "A"}${token.slice(21)}`;
    expect(await signer.verify(flipped, "get")).toBeNull();
    expect(await signer.verify(token, "put")).toBeNull();
    expect(await signer.verify("not-a-token", "get")).toBeNull();
  });
});
