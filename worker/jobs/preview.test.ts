// A product audio file's jobs through the queue consumer, the renderer stood
// in by a stubbed fetch: the probe records the audio facts, the preview job
// hands the renderer the original, the seller's voice tag and an output link,
// and records the preview and its peaks; the store page then plays it.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../../tests/workers/http";
import { createProduct, mp3Bytes, storeUpload } from "../../tests/workers/products";
import { consume, stubRenderer } from "../../tests/workers/renderer";
import { database } from "../db/client";
import { jobs, productFiles } from "../db/schema";

const db = database(env.DB);
let seller: Awaited<ReturnType<typeof signUp>>;
const stub = stubRenderer();

beforeAll(async () => {
  seller = await signUp({}, "198.51.100.31");
});

/** A new public product's first file and its two jobs. */
async function productFile() {
  const { productId } = await createProduct(seller.cookie, { audioFiles: 1 });
  const [file] = await db.select().from(productFiles).where(eq(productFiles.productId, productId));
  const own = await db.select().from(jobs).where(eq(jobs.userId, seller.user.id));
  const jobOf = (kind: string) =>
    own.find((j) => j.kind === kind && ((j.input as any).id ?? (j.input as any).fileId) === file!.id)!.id;
  return { productId, file: file!, probeJob: jobOf("probe"), previewJob: jobOf("preview") };
}
const fileRow = async (id: string) => (await db.select().from(productFiles).where(eq(productFiles.id, id)))[0]!;

describe("product file jobs", () => {
  it("probe records duration, sample rate, channels and bitrate", async () => {
    const { file, probeJob } = await productFile();
    stub().mockResolvedValue(
      Response.json({
        jobId: probeJob,
        result: {
          durationSeconds: 95.5,
          frameRate: null,
          resolution: null,
          sampleRate: 44100,
          channels: 2,
          bitrate: 320000,
        },
      }),
    );
    await consume(probeJob, "probe");
    expect(stub().mock.calls[0]![0]).toBe("/jobs/probe");
    expect(await fileRow(file.id)).toMatchObject({
      durationSeconds: 95.5,
      sampleRate: 44100,
      channels: 2,
      bitrate: 320000,
      probeStatus: "done",
    });
  });

  it("probe asks for a tempo and the seller's product shows it as a suggestion, never as the BPM itself", async () => {
    const { productId, file, probeJob } = await productFile();
    stub().mockResolvedValue(
      Response.json({
        jobId: probeJob,
        result: { durationSeconds: 95.5, frameRate: null, resolution: null, tempo: { bpm: 139.8, confidence: 0.87 } },
      }),
    );
    await consume(probeJob, "probe");
    expect(stub().mock.calls[0]![1].input.tempo).toBe(true);
    expect(await fileRow(file.id)).toMatchObject({ tempoBpm: 139.8, tempoConfidence: 0.87, probeStatus: "done" });

    const own = async () =>
      (await (await call("/api/products", { headers: { cookie: seller.cookie } })).json<any>()).products.find(
        (p: any) => p.id === productId,
      );
    expect(await own()).toMatchObject({ bpm: null, suggestedBpm: { bpm: 140, confidence: 0.87 } });
    // The seller's own BPM stays theirs; the suggestion stays beside it.
    const saved = await call(`/api/products/${productId}/details`, {
      method: "PUT",
      headers: { cookie: seller.cookie, "content-type": "application/json" },
      body: JSON.stringify({ bpm: 70, genre: null, mood: null, musicalKey: null, tags: [] }),
    });
    expect(saved.status).toBe(204);
    expect(await own()).toMatchObject({ bpm: 70, suggestedBpm: { bpm: 140 } });
    // Visitors never see the suggestion: only what the seller confirmed.
    const store = await (await call(`/api/sellers/${seller.user.id}/products`)).json<any>();
    expect(store.products.find((p: any) => p.id === productId)).toMatchObject({ bpm: 70, suggestedBpm: null });
  });

  it("preview gets the original, the voice tag and an output link, and the store page then plays the preview", async () => {
    const tag = await storeUpload(seller.cookie, {
      purpose: "voice-tag",
      fileName: "tag.mp3",
      contentType: "audio/mpeg",
      bytes: mp3Bytes(),
    });
    expect(tag.status).toBe(201);
    const { productId, file, previewJob } = await productFile();
    const peaks = [0, 0.5, 1];
    stub().mockImplementation(async (_path, body) => {
      // The renderer PUTs the preview to the signed link it was given.
      const put = await call(new URL(body.input.output.url).pathname, {
        method: "PUT",
        body: mp3Bytes(1000),
        headers: body.input.output.headers,
      });
      expect(put.status).toBe(200);
      return Response.json({ jobId: previewJob, result: { durationSeconds: 1, size: 1000, tagged: true, peaks } });
    });
    await consume(previewJob, "preview");
    const [path, body] = stub().mock.calls[0]!;
    expect(path).toBe("/jobs/preview");
    expect(body.input.source.url).toMatch(/\/api\/storage\/get\//);
    expect(body.input.tag.url).toMatch(/\/api\/storage\/get\//);
    expect(body.input.peaks).toBe(200);
    const row = await fileRow(file.id);
    expect(row).toMatchObject({ previewStatus: "done", peaks });
    expect(row.previewKey).toBe(`users/${seller.user.id}/digiStore/${productId}/previews/${file.id}.mp3`);

    const store = await (await call(`/api/sellers/${seller.user.id}/products`)).json<any>();
    const shown = store.products.find((p: any) => p.id === productId).files[0];
    expect(shown.peaks).toEqual(peaks);
    const played = await call(new URL(shown.previewUrl).pathname);
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("audio/mpeg");
    expect((await played.arrayBuffer()).byteLength).toBe(1000);
  });

  it("a new voice tag makes every listed preview again; a failed preview is recorded with its reason", async () => {
    const { file } = await productFile();
    const retag = await storeUpload(seller.cookie, {
      purpose: "voice-tag",
      fileName: "tag-2.mp3",
      contentType: "audio/mpeg",
      bytes: mp3Bytes(),
    });
    expect(retag.body.previews).toBeGreaterThan(0);
    const queued = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "preview"), eq(jobs.status, "queued")));
    const again = queued.filter((j) => (j.input as any).fileId === file.id);
    expect(again.length).toBeGreaterThanOrEqual(2);
    stub().mockResolvedValue(
      Response.json({ jobId: "x", error: { code: "preview_failed", message: "no audio stream" } }, { status: 422 }),
    );
    await consume(again.at(-1)!.id, "preview");
    expect(await fileRow(file.id)).toMatchObject({ previewStatus: "failed", previewError: "no audio stream" });
    const tagView = await (await call("/api/voice-tag", { cookie: seller.cookie })).json<any>();
    expect(tagView.voiceTag.fileName).toBe("tag-2.mp3");
  });
});
