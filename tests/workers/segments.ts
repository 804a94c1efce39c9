// The renderer's segment jobs stood in (issue 30): each queued job "encoded" to frames of a real
// MP3 stream's shape, PUT on the job's signed output URL and reported done, as the renderer does.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { reportOf } from "../../render-container/src/report";
import { database } from "../../worker/db/client";
import { jobs } from "../../worker/db/schema";
import { call } from "./http";
import { claim, type RendererStub, report } from "./renderer";

export const FRAME = 417; // 128 kbit/s at 44.1 kHz, no padding

/** `count` MPEG-1 Layer III frames, each filled with `fill` after its header. */
export function frames(count: number, fill: number) {
  const bytes = new Uint8Array(count * FRAME).fill(fill);
  for (let i = 0; i < count; i++) bytes.set([0xff, 0xfb, 0x90, 0x00], i * FRAME);
  return bytes;
}

export interface EncodeOptions {
  /** Frames per source key (40 unless told). */
  framesOf?: (sourceKey: string) => number;
  /** Sources whose encoded bytes never reach storage, though the renderer reports them done. */
  lost?: (sourceKey: string) => boolean;
}

/** A stand-in encoder for one member's segment jobs; `encoded` keeps what each source key was encoded to. */
export function segmentEncoder(stub: () => RendererStub, userId: () => string) {
  const db = database(env.DB);
  const encoded = new Map<string, Uint8Array>();
  let fill = 1;

  async function queued() {
    return db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId()), eq(jobs.kind, "segment"), eq(jobs.status, "queued")));
  }

  /** Runs every queued segment job as the renderer would: PUT the frames, report bytes and duration. */
  async function encodeAll({ framesOf = () => 40, lost = () => false }: EncodeOptions = {}) {
    const waiting = await queued();
    for (const job of waiting) {
      const sourceKey = (job.input as { sourceKey: string }).sourceKey;
      const count = framesOf(sourceKey);
      const bytes = frames(count, fill++);
      stub().mockImplementationOnce(async (path, body) => {
        expect(path).toBe("/jobs/segment");
        if (!lost(sourceKey)) {
          const put = new URL(body.input.output.url);
          const stored = await call(put.pathname + put.search, {
            method: "PUT",
            body: bytes,
            headers: body.input.output.headers,
          });
          expect(stored.status).toBe(200);
        }
        return Response.json({
          jobId: job.id,
          result: { bytes: bytes.length, frames: count, durationSeconds: (count * 1152) / 44100, loudness: {} },
        });
      });
      const claimed = await claim(job.id);
      if (!claimed) continue;
      const answer = await fetch(new URL(claimed.path, env.RENDERER_URL), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jobId: job.id, input: claimed.input, callbackUrl: claimed.callbackUrl }),
      });
      await report(claimed.callbackUrl, reportOf({ status: answer.status, body: await answer.json() }));
      if (!lost(sourceKey)) encoded.set(sourceKey, bytes);
    }
    return waiting.length;
  }

  return { encoded, queued, encodeAll };
}
