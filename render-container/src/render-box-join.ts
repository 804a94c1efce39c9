// Job kind `render`'s quickest path (ADR 025): alike MP4s of a video
// playlist without loudness work or chapters are joined at the box level
// (mp4-join.ts) while they are uploaded: no ffmpeg, no file on disk but the
// joined head (ftyp, moov), which ffprobe reads back for the answer while the
// items' media streams from their signed GET URLs into the one signed PUT
// (mp4-join-stream.ts). Anything the join does not understand, or an output
// over one PUT's limit, returns null and the render runs ffmpeg as before.

import type { RenderInput } from "./contract.ts";
import type { JobContext } from "./jobs.ts";
import { joinMp4s, Unjoinable } from "./mp4-join.ts";
import { ItemUnreadable, joinedBody } from "./mp4-join-stream.ts";
import type { Mp4Layout } from "./mp4-probe.ts";
import type { ProbeResult } from "./probe.ts";
import { failed } from "./render-items.ts";
import { uploadOutput } from "./transfer.ts";

/** R2 (like S3) takes at most 5 GiB in one PUT; a larger output goes the ffmpeg way. */
export const MAX_PUT_BYTES = 5 * 1024 ** 3;

export type BoxJoinTools = {
  /** The head written to the job's folder and read back by ffprobe, as the answer reports it. */
  probeHead(head: Buffer): Promise<ProbeResult>;
  /** Progress in percent (the probe had 0–10). */
  report(percent: number): void;
};

/**
 * Joins and uploads the items at the box level; resolves with the output's
 * probe and size, or null (nothing sent) when ffmpeg must do it.
 */
export async function joinWhileUploading(
  input: RenderInput,
  layouts: readonly Mp4Layout[],
  ctx: JobContext,
  tools: BoxJoinTools,
): Promise<(ProbeResult & { size: number }) | null> {
  let head: Buffer;
  try {
    const strange = layouts.findIndex((l) => l.mdats.length !== 1 || l.others.length > 0);
    if (strange >= 0) {
      const { mdats, others } = layouts[strange]!;
      throw new Unjoinable(
        `item ${strange + 1} has ${mdats.length} mdat boxes${others.length ? ` and ${others}` : ""}`,
      );
    }
    ({ head } = joinMp4s(layouts.map((l) => ({ ftyp: l.ftyp, moov: l.moov, mdat: l.mdats[0]! }))));
  } catch (error) {
    if (!(error instanceof Unjoinable)) throw error;
    ctx.log(`box-level join not possible (${error.message}): ffmpeg joins`);
    return null;
  }
  const body = joinedBody(
    head,
    layouts.map((l, index) => ({
      n: index + 1,
      url: input.items[index]!.url,
      ...l.mdats[0]!,
      total: l.total,
      etag: l.etag,
    })),
    { signal: ctx.signal, doing: (what) => ctx.doing(what) },
  );
  if (body.size > MAX_PUT_BYTES) {
    ctx.log(`the joined file (${body.size} bytes) is over one PUT's limit: ffmpeg joins`);
    return null;
  }
  ctx.log(`${layouts.length} items joined at the box level while uploading (${body.size} bytes)`);
  // ffprobe reads the head alone (it stops at the missing media) for the answer's facts.
  const probed = tools.probeHead(head);
  probed.catch(() => {});
  try {
    await uploadOutput(body, input.output, {
      signal: ctx.signal,
      contentType: "video/mp4",
      onBytes: (sent) => tools.report(10 + (90 * sent) / body.size),
    });
  } catch (error) {
    // An item that failed mid-stream aborted the PUT: its reason is the user's, not the upload's.
    const failure = body.failure();
    if (failure instanceof ItemUnreadable) throw failed(failure.message);
    throw error;
  }
  return { ...(await probed), size: body.size };
}
