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
  const signed = await sign(cookie, { ...o, size: o.bytes.byteLength });
  if (signed.status !== 201) throw new Error(`sign failed: ${signed.status} ${await signed.text()}`);
  const ticket = await signed.json<any>();
  const put = await putTo(ticket.put.url, o.bytes, ticket.put.headers);
  if (put.status !== 200) throw new Error(`put failed: ${put.status} ${await put.text()}`);
  const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
  if (done.status !== 201) throw new Error(`complete failed: ${done.status} ${await done.text()}`);
  return { ticket, ...(await done.json<any>()) } as {
    ticket: any;
    fileId: string;
    projectId: string;
    kind: string;
    probeStatus: string;
  };
}
