// How user content is served: the server decides, never the uploader (issue 13 item 1, ADR 013).
// The type a browser gets is the one the server checked (the record's, from the file's bytes), and
// only an allow-list is shown inline: images a browser cannot run script in, audio, video, PDF,
// and text as text/plain. Everything else — HTML, SVG, XML, anything unknown — is an attachment of
// type application/octet-stream, so it is never a live document on any origin. Both signers (R2's
// presigned GET in production, the Worker's own route in development) serve exactly this.

/** Types shown inline as they are. No SVG: it is a document that can run script. */
const INLINE = [
  /^image\/(png|jpeg|gif|webp|avif)$/,
  /^audio\/[a-z0-9.+-]+$/,
  /^video\/[a-z0-9.+-]+$/,
  /^application\/pdf$/,
];
/** Text kinds shown inline, always as plain text. */
const PLAIN_TEXT = new Set(["text/plain", "text/csv", "text/markdown", "application/json"]);

/** Types an attachment keeps (the server made them: archives); a download cannot run anywhere. */
const ATTACHMENT_KEEPS = new Set(["application/zip"]);

export const PLAIN_TEXT_TYPE = "text/plain; charset=utf-8";
export const ATTACHMENT_TYPE = "application/octet-stream";

/** Headers every answer carrying user content gets, whatever its type. */
export const USER_CONTENT_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "sandbox",
} as const;

export interface Served {
  contentType: string;
  contentDisposition: string;
}

export function contentDisposition(kind: "inline" | "attachment", fileName?: string): string {
  if (!fileName) return kind;
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The type and disposition to serve a stored object with. `contentType` is the record's checked
 * type (missing: treated as unknown); `downloadName` asks for a download with that name.
 */
export function servedAs(target: { contentType?: string; downloadName?: string }): Served {
  const type = (target.contentType ?? "").toLowerCase().split(";")[0]!.trim();
  const inlineType = PLAIN_TEXT.has(type) ? PLAIN_TEXT_TYPE : INLINE.some((rule) => rule.test(type)) ? type : null;
  if (inlineType && !target.downloadName) return { contentType: inlineType, contentDisposition: "inline" };
  return {
    contentType: inlineType ?? (ATTACHMENT_KEEPS.has(type) ? type : ATTACHMENT_TYPE),
    contentDisposition: contentDisposition("attachment", target.downloadName),
  };
}
