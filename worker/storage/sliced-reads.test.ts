// The development download path reads an object a slice at a time, on demand (ADR 029).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../tests/workers/http";
import { PNG, upload } from "../../tests/workers/uploads";
import { ObjectChanged, parseRange, slicedBody } from "./sliced-reads";

function randomBytes(size: number) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65536)));
  return bytes;
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The bucket, counting the ranged reads made through it. */
function counting(bucket: R2Bucket) {
  const reads: { offset: number; length: number }[] = [];
  const wrapped = {
    get(key: string, options: R2GetOptions) {
      reads.push(options.range as { offset: number; length: number });
      return bucket.get(key, options);
    },
  } as unknown as R2Bucket;
  return { bucket: wrapped, reads };
}

describe("parseRange", () => {
  it.each([
    [null, null],
    ["bytes=0-7", { offset: 0, length: 8 }],
    ["bytes=10-", { offset: 10, length: 90 }],
    ["bytes=-30", { offset: 70, length: 30 }],
    ["bytes=-500", { offset: 0, length: 100 }],
    ["bytes=90-500", { offset: 90, length: 10 }],
    ["bytes=100-", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=5-2", null],
    ["bytes=0-1,4-5", null],
    ["items=0-5", null],
    ["bytes=-", null],
    ["bytes=x-y", null],
  ])("%s of 100 bytes → %j", (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe("slicedBody", () => {
  it("gives the object's bytes, or a range of them, one slice per read and none ahead", async () => {
    const key = `sliced/${crypto.randomUUID()}`;
    const bytes = randomBytes(1024 * 1024 + 5);
    const stored = (await env.FILES.put(key, bytes))!;
    const whole = counting(env.FILES);
    expect(await readAll(slicedBody(whole.bucket, key, stored.etag, 0, bytes.length, 256 * 1024))).toEqual(bytes);
    expect(whole.reads.map((r) => r.length)).toEqual([262144, 262144, 262144, 262144, 5]);

    const part = counting(env.FILES);
    expect(await readAll(slicedBody(part.bucket, key, stored.etag, 1000, 300_000, 256 * 1024))).toEqual(
      bytes.subarray(1000, 301_000),
    );
    expect(part.reads).toEqual([
      { offset: 1000, length: 262144 },
      { offset: 263144, length: 37856 },
    ]);

    // Nothing is read before the reader asks, and one slice per read after that.
    const lazy = counting(env.FILES);
    const reader = slicedBody(lazy.bucket, key, stored.etag, 0, bytes.length, 256 * 1024).getReader();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lazy.reads).toHaveLength(0);
    expect((await reader.read()).value).toEqual(bytes.subarray(0, 262144));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lazy.reads).toHaveLength(1);
    await reader.cancel();
  });

  it("ends with an error, not with another version's bytes, when the object is replaced mid-read", async () => {
    const key = `sliced/${crypto.randomUUID()}`;
    const stored = (await env.FILES.put(key, randomBytes(512 * 1024)))!;
    const reader = slicedBody(env.FILES, key, stored.etag, 0, 512 * 1024, 256 * 1024).getReader();
    expect((await reader.read()).value?.byteLength).toBe(262144);
    await env.FILES.put(key, randomBytes(512 * 1024));
    await expect(reader.read()).rejects.toBeInstanceOf(ObjectChanged);
  });
});

describe("GET /api/storage/get/:token (the development download link)", () => {
  it("serves ranges from the end and refuses one past the end with 416", async () => {
    const { cookie } = await signUp();
    const record = await upload(cookie, { fileName: "a.png", contentType: "image/png", bytes: PNG });
    const view = await (await call(`/api/files/${record.fileId}`, { cookie })).json<any>();
    const path = new URL(view.previewUrl).pathname;

    const whole = await call(path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(PNG.length));
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(PNG);

    const tail = await call(path, { headers: { range: "bytes=-4" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${PNG.length - 4}-${PNG.length - 1}/${PNG.length}`);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(PNG.subarray(PNG.length - 4));

    const past = await call(path, { headers: { range: `bytes=${PNG.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${PNG.length}`);
  });
});
