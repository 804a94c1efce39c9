// Uploading through the real protocol in integration tests: sign, PUT the
// bytes to the signed URL, complete.
import { call } from "./http";

/** A valid 1×1 PNG. */
export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/** The start of an MP4 (an ISO BMFF `ftyp` box), padded: enough for type sniffing. */
export function mp4Bytes(size = 2048) {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x20, ...new TextEncoder().encode("ftypisom")]);
  return bytes;
}

export interface UploadOptions {
  fileName: string;
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
  projectId?: string;
  projectTitle?: string;
  accessType?: "private" | "public-read";
}

export async function sign(cookie: string, o: Omit<UploadOptions, "bytes"> & { size: number }) {
  const response = await call("/api/uploads", {
    cookie,
    json: {
      purpose: "project-file",
      fileName: o.fileName,
      contentType: o.contentType,
      size: o.size,
      accessType: o.accessType ?? "private",
      ...(o.projectId ? { projectId: o.projectId } : { projectTitle: o.projectTitle ?? "Test Project" }),
    },
  });
  return response;
}

export function putTo(url: string, body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  return call(new URL(url).pathname, { method: "PUT", body, headers });
}

/** Uploads a whole small file and returns the complete() answer. */
export async function upload(cookie: string, o: UploadOptions) {
  const { ticket, done } = await sendSigned(cookie, await sign(cookie, { ...o, size: o.bytes.byteLength }), o.bytes);
  return { ticket, ...done } as {
    ticket: any;
    fileId: string;
    projectId: string;
    kind: string;
    probeStatus: string;
  };
}

/** A small PNG uploaded as a project file: into `where.projectId`, or a new project titled `where.projectTitle`. */
export function uploadPng(
  cookie: string,
  fileName: string,
  where: Omit<UploadOptions, "fileName" | "contentType" | "bytes"> = {},
) {
  return upload(cookie, { fileName, contentType: "image/png", bytes: PNG, ...where });
}

/** The start of an MP3 (an ID3 tag), padded. */
export function mp3Bytes(size = 2048) {
  const bytes = new Uint8Array(size);
  bytes.set([...new TextEncoder().encode("ID3"), 4, 0, 0, 0, 0, 0, 0]);
  return bytes;
}

/** Uploads a small file for any purpose (sign, PUT, complete) and returns the complete() answer. */
export async function uploadAs(
  cookie: string,
  purpose: string,
  o: { fileName: string; contentType: string; bytes: Uint8Array<ArrayBuffer> },
) {
  const signed = await call("/api/uploads", {
    cookie,
    json: { purpose, fileName: o.fileName, contentType: o.contentType, size: o.bytes.byteLength },
  });
  const { done } = await sendSigned(cookie, signed, o.bytes);
  return done as { uploadId: string; key: string; fileName: string; kind: string };
}

/** PUTs the bytes to a signed ticket's URL and completes the upload; throws with the step that failed. */
async function sendSigned(cookie: string, signed: Response, bytes: Uint8Array<ArrayBuffer>) {
  if (signed.status !== 201) throw new Error(`sign failed: ${signed.status} ${await signed.text()}`);
  const ticket = await signed.json<any>();
  const put = await putTo(ticket.put.url, bytes, ticket.put.headers);
  if (put.status !== 200) throw new Error(`put failed: ${put.status} ${await put.text()}`);
  const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
  if (done.status !== 201) throw new Error(`complete failed: ${done.status} ${await done.text()}`);
  return { ticket, done: await done.json<any>() };
}
