// Helpers of the upload journeys (upload-resume, upload-restart, the upload screens).
import type { Request } from "@playwright/test";

/** The part number of a development storage link (`/api/storage/put/<sealed claims>?partNumber=N`, as S3's UploadPart). */
export function partOf(request: Request): number | null {
  if (request.method() !== "PUT") return null;
  const url = new URL(request.url());
  if (!url.pathname.startsWith("/api/storage/put/")) return null;
  const part = url.searchParams.get("partNumber");
  return part === null ? null : Number(part);
}
