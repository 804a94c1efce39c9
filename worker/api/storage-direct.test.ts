// Development upload links straight to workerd's own socket (ADR 029): the dev server names the
// socket in a header, the signer points upload links there, and the storage route answers the
// page's cross-origin PUT (CORS as R2's bucket rule in production) with the same token checks.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, ORIGIN, signUp } from "../../tests/workers/http";
import { mp4Bytes } from "../../tests/workers/uploads";
import { DIRECT_UPLOAD_ORIGIN_HEADER, directUploadOrigin } from "../storage/direct-uploads";

const SOCKET = "http://127.0.0.1:43210";
const BYTES = mp4Bytes();

async function signed(cookie: string, headers: Record<string, string> = {}) {
  const response = await call("/api/uploads", {
    cookie,
    headers,
    json: {
      purpose: "project-file",
      fileName: "clip.mp4",
      contentType: "video/mp4",
      size: BYTES.byteLength,
      projectTitle: "Direct",
    },
  });
  expect(response.status).toBe(201);
  return response.json<any>();
}

/** The page's PUT: sent to the socket's origin, from a page on the app's origin. */
function pagePut(url: string, headers: Record<string, string>, body: Uint8Array<ArrayBuffer> = BYTES) {
  const path = new URL(url).pathname;
  return SELF.fetch(`${SOCKET}${path}`, { method: "PUT", headers: { ...headers, origin: ORIGIN }, body });
}

describe("development upload links to workerd's own socket", () => {
  it("point at the socket the dev server names, and only at a loopback one", async () => {
    const { cookie } = await signUp();
    const direct = await signed(cookie, { [DIRECT_UPLOAD_ORIGIN_HEADER]: SOCKET });
    expect(direct.put.url.startsWith(`${SOCKET}/api/storage/put/`)).toBe(true);
    const plain = await signed(cookie);
    expect(plain.put.url.startsWith(`${ORIGIN}/api/storage/put/`)).toBe(true);
    const elsewhere = await signed(cookie, { [DIRECT_UPLOAD_ORIGIN_HEADER]: "https://uploads.example.com" });
    expect(elsewhere.put.url.startsWith(`${ORIGIN}/api/storage/put/`)).toBe(true);
  });

  it("answer the browser's preflight for a PUT with its headers, and expose the ETag", async () => {
    const { cookie } = await signUp();
    const { put } = await signed(cookie, { [DIRECT_UPLOAD_ORIGIN_HEADER]: SOCKET });
    const preflight = await SELF.fetch(put.url, {
      method: "OPTIONS",
      headers: {
        origin: ORIGIN,
        "access-control-request-method": "PUT",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("PUT");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("content-type");
  });

  it("take the page's cross-origin PUT, and the upload completes", async () => {
    const { cookie } = await signUp();
    const ticket = await signed(cookie, { [DIRECT_UPLOAD_ORIGIN_HEADER]: SOCKET });
    const stored = await pagePut(ticket.put.url, ticket.put.headers);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("etag")).toBeTruthy();
    expect(stored.headers.get("access-control-allow-origin")).toBe("*");
    expect(stored.headers.get("access-control-expose-headers")).toBe("ETag");
    const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
    expect(done.status).toBe(201);
    expect((await done.json<any>()).kind).toBe("video");
  });

  it("refuse a tampered link with a message the page can read", async () => {
    const { cookie } = await signUp();
    const { put } = await signed(cookie, { [DIRECT_UPLOAD_ORIGIN_HEADER]: SOCKET });
    const refused = await pagePut(`${put.url}x`, put.headers);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect((await refused.json<any>()).error.message).toBe("Upload link is invalid or has expired.");
  });

  it("still refuse other cross-origin writes", async () => {
    const { cookie } = await signUp();
    const response = await call("/api/uploads", {
      cookie,
      headers: { origin: "http://127.0.0.1:43210" },
      json: { purpose: "project-file", fileName: "a.mp4", contentType: "video/mp4", size: 10, projectTitle: "X" },
    });
    expect(response.status).toBe(403);
    expect((await response.json<any>()).error.code).toBe("cross_origin");
  });
});

describe("directUploadOrigin", () => {
  const read = (value: string) =>
    directUploadOrigin(new Request("http://localhost/", { headers: { [DIRECT_UPLOAD_ORIGIN_HEADER]: value } }));

  it("takes a plain-HTTP loopback origin and nothing else", () => {
    expect(read("http://127.0.0.1:5174")).toBe("http://127.0.0.1:5174");
    expect(read("http://localhost:5174")).toBe("http://localhost:5174");
    expect(read("http://[::1]:5174")).toBe("http://[::1]:5174");
    expect(read("https://127.0.0.1:5174")).toBeUndefined();
    expect(read("http://10.0.0.2:5174")).toBeUndefined();
    expect(read("http://127.0.0.1:5174/api")).toBeUndefined();
    expect(read("not a url")).toBeUndefined();
    expect(directUploadOrigin(new Request("http://localhost/"))).toBeUndefined();
  });
});
