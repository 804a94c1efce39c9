// An upload and the job it starts, as deployed (project `worker-production`): the browser gets a
// URL presigned for R2's S3 endpoint (Content-Type, Content-Length and create-only signed in), the
// Worker never takes the bytes, completing checks the object in the bucket, and the probe job goes
// to the renderer's pull queue as JSON whose claim URL hands the job, with a presigned download
// of the media, to the renderer.
import { env } from "cloudflare:workers";
import { AwsClient } from "aws4fetch";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../workers/console";
import { call } from "../workers/http";
import { mp3Bytes } from "../workers/uploads";
import { signedInMember } from "./member";

const R2 = `https://${env.R2_ACCOUNT_ID}.r2.cloudflarestorage.com/${env.R2_BUCKET_NAME}/`;

/** Signs the URL again with the bucket's credentials and the same date: R2's own check of a presigned PUT. */
async function signatureHolds(signedUrl: string, headers: Record<string, string>) {
  const url = new URL(signedUrl);
  const given = url.searchParams.get("X-Amz-Signature");
  const datetime = url.searchParams.get("X-Amz-Date")!;
  for (const name of ["X-Amz-Signature", "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-SignedHeaders"])
    url.searchParams.delete(name);
  const client = new AwsClient({
    accessKeyId: env.R2_ACCESS_KEY_ID!,
    secretAccessKey: env.R2_SECRET_ACCESS_KEY!,
    service: "s3",
    region: "auto",
  });
  const again = await client.sign(url.toString(), {
    method: "PUT",
    headers,
    aws: { signQuery: true, allHeaders: true, datetime },
  });
  return new URL(again.url).searchParams.get("X-Amz-Signature") === given;
}

/** What the Worker hands to queue producers in this isolate (the runtime's queue binding, spied on). */
function queueSends() {
  const sent: { body: unknown; contentType?: string }[] = [];
  const prototype = Object.getPrototypeOf(env.RENDER_JOBS) as Queue;
  const original = prototype.sendBatch;
  vi.spyOn(prototype, "sendBatch").mockImplementation(async function (this: Queue, messages, options) {
    sent.push(...messages);
    return original.call(this, messages, options);
  });
  return sent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("uploads and jobs in production", () => {
  it("presigns the upload for R2, checks the stored object on completion, and hands the probe job to the renderer", async () => {
    const sent = queueSends();
    // No container engine here: waking the renderer fails, as it logs (the job stays queued for its pull).
    expectConsoleError(/could not wake the renderer/);
    const member = await signedInMember();
    const bytes = mp3Bytes(4096);
    const signed = await call("/api/uploads", {
      cookie: member.cookie,
      json: {
        purpose: "project-file",
        fileName: "Episode one.mp3",
        contentType: "audio/mpeg",
        size: bytes.byteLength,
        accessType: "private",
        projectTitle: "Production",
      },
    });
    expect(signed.status).toBe(201);
    const ticket = await signed.json<{
      uploadId: string;
      put: { url: string; method: string; headers: Record<string, string> };
    }>();

    // R2's S3 endpoint, not the Worker's development route; type, size and create-only signed in.
    expect(ticket.put.url.startsWith(R2)).toBe(true);
    const url = new URL(ticket.put.url);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host;if-none-match");
    expect(ticket.put.headers).toEqual({ "content-type": "audio/mpeg", "if-none-match": "*" });
    const sent_headers = { ...ticket.put.headers, "content-length": String(bytes.byteLength) };
    expect(await signatureHolds(ticket.put.url, sent_headers)).toBe(true);
    // Another size or type is not what was signed: R2 would refuse the PUT.
    expect(await signatureHolds(ticket.put.url, { ...sent_headers, "content-length": "4097" })).toBe(false);
    expect(await signatureHolds(ticket.put.url, { ...sent_headers, "content-type": "text/html" })).toBe(false);

    // Completing before the bytes are in the bucket is refused; once R2 holds them, it is checked and kept.
    const early = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie: member.cookie, method: "POST" });
    expect(early.status).toBeGreaterThanOrEqual(400);
    expect(early.status).toBeLessThan(500);
    const key = decodeURIComponent(url.pathname.slice(new URL(R2).pathname.length));
    expect(key).toMatch(new RegExp(`^users/${member.id}/projects/[^/]+/files/\\d+-\\w+-Episode_one\\.mp3$`));
    await env.FILES.put(key, bytes, { httpMetadata: { contentType: "audio/mpeg" } });
    const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie: member.cookie, method: "POST" });
    expect(done.status).toBe(201);
    const file = await done.json<{ fileId: string; kind: string }>();
    expect(file.kind).toBe("audio");

    // The probe job on the renderer's pull queue, as JSON (what an HTTP pull consumer can read).
    const message = sent.find((m) => (m.body as { kind?: string }).kind === "probe");
    expect(message?.contentType).toBe("json");
    const { jobId, claimUrl } = message!.body as { jobId: string; claimUrl: string };
    // The renderer's claim: the job's input with a download presigned for R2.
    const claimed = await call(new URL(claimUrl).pathname + new URL(claimUrl).search, { json: {} });
    expect(claimed.status).toBe(200);
    const input = JSON.stringify(await claimed.json());
    expect(input).toContain(jobId);
    expect(input).toContain(R2);
    expect(input).not.toContain("/api/storage/get/");
  });
});
