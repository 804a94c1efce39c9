// The multipart scheduler and resume, with a stand-in transport: a fake
// storage + API that records what was sent (the real server side is tested in
// worker/domain/uploads/ and worker/api/storage.test.ts).
import { describe, expect, it } from "vitest";
import { UploadError } from "./errors";
import { type MultipartOptions, type MultipartTransport, sendMultipart } from "./multipart";
import { progressReporter } from "./progress";
import { scheduleParts } from "./scheduler";
import type { MultipartPart, UploadTicket } from "./types";

/** A promise the test resolves or rejects by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("scheduleParts", () => {
  it("keeps exactly `concurrency` parts in flight until the last ones, and sends each part once", async () => {
    const pending = new Map<number, ReturnType<typeof deferred>>();
    const started: number[] = [];
    let inFlight = 0;
    let most = 0;
    const run = scheduleParts([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], {
      concurrency: 4,
      send: async (partNumber) => {
        started.push(partNumber);
        inFlight++;
        most = Math.max(most, inFlight);
        const gate = deferred();
        pending.set(partNumber, gate);
        await gate.promise.finally(() => inFlight--);
      },
    });
    await tick();
    expect(started).toEqual([1, 2, 3, 4]);
    // Parts finish out of order; each finished part lets exactly one more start.
    pending.get(3)!.resolve();
    await tick();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    for (const n of [1, 2, 4, 5, 6, 7, 8, 9, 10]) {
      pending.get(n)?.resolve();
      await tick();
      expect(inFlight).toBeLessThanOrEqual(4);
    }
    for (const gate of pending.values()) gate.resolve();
    await run;
    expect(most).toBe(4);
    expect([...started].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("retries only the part that failed, and tells which part and attempt", async () => {
    const attempts: string[] = [];
    const retried: string[] = [];
    await scheduleParts([1, 2, 3], {
      concurrency: 3,
      backoffMs: 1,
      onRetry: (partNumber, attempt) => retried.push(`${partNumber}#${attempt}`),
      send: async (partNumber, attempt) => {
        attempts.push(`${partNumber}#${attempt}`);
        if (partNumber === 2 && attempt < 2) throw new UploadError("connection lost", 0);
      },
    });
    expect(attempts.sort()).toEqual(["1#0", "2#0", "2#1", "2#2", "3#0"]);
    expect(retried).toEqual(["2#0", "2#1"]);
  });

  it("stops the other parts when one fails for good, and answers that part's error", async () => {
    const started: number[] = [];
    const aborted: number[] = [];
    const refusal = new UploadError("Storage refused the upload (HTTP 400).", 400);
    const run = scheduleParts([1, 2, 3, 4, 5, 6], {
      concurrency: 2,
      backoffMs: 1,
      send: (partNumber, _attempt, signal) => {
        started.push(partNumber);
        if (partNumber === 2) return Promise.reject(refusal);
        return new Promise<void>((_, reject) =>
          signal.addEventListener("abort", () => {
            aborted.push(partNumber);
            reject(signal.reason);
          }),
        );
      },
    });
    await expect(run).rejects.toBe(refusal);
    expect(started).toEqual([1, 2]);
    expect(aborted).toEqual([1]);
  });

  it("gives up after the retries and answers the last error", async () => {
    let attempts = 0;
    const run = scheduleParts([1], {
      retries: 2,
      backoffMs: 1,
      send: async () => {
        attempts++;
        throw new UploadError(`drop ${attempts}`, 503);
      },
    });
    await expect(run).rejects.toThrow("drop 3");
    expect(attempts).toBe(3);
  });

  it("answers the caller's cancellation and starts nothing more", async () => {
    const stop = new AbortController();
    const started: number[] = [];
    const run = scheduleParts([1, 2, 3, 4, 5], {
      concurrency: 2,
      signal: stop.signal,
      send: (partNumber, _attempt, signal) => {
        started.push(partNumber);
        return new Promise<void>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
      },
    });
    await tick();
    stop.abort(new DOMException("cancelled", "AbortError"));
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(started).toEqual([1, 2]);
  });
});

// ── sendMultipart against a fake server ────────────────────────────────────

const PART = 10;

/** A fake upload API and storage for one multipart upload of `size` bytes. */
function fakeServer(size: number, fail: (partNumber: number, attempt: number) => UploadError | null = () => null) {
  const count = Math.ceil(size / PART);
  const stored = new Map<number, string>();
  const puts: number[] = [];
  const tries = new Map<number, number>();
  const ticket = (): UploadTicket => {
    const parts: MultipartPart[] = [];
    for (let n = 1; n <= count; n++) {
      if (stored.has(n)) continue;
      parts.push({
        partNumber: n,
        size: Math.min(PART, size - (n - 1) * PART),
        url: `fake://part/${n}`,
        method: "PUT",
        headers: {},
      });
    }
    return {
      uploadId: "u1",
      key: "k",
      fileName: "f.bin",
      size,
      multipart: { partSize: PART, partCount: count, done: [...stored.keys()].sort((a, b) => a - b), parts },
    };
  };
  const transport: MultipartTransport = {
    async put(request, body, onProgress) {
      const partNumber = Number(request.url.split("/").pop());
      const attempt = tries.get(partNumber) ?? 0;
      tries.set(partNumber, attempt + 1);
      puts.push(partNumber);
      onProgress(Math.floor(body.size / 2));
      const error = fail(partNumber, attempt);
      if (error) throw error;
      onProgress(body.size);
      return { etag: `"etag-${partNumber}"` };
    },
    async ticket(uploadId) {
      if (uploadId !== "u1") throw new Error(`unexpected ticket for ${uploadId}`);
      return ticket();
    },
    async recordPart(uploadId, { partNumber, etag }) {
      if (uploadId !== "u1") throw new Error(`unexpected part for ${uploadId}`);
      stored.set(partNumber, etag);
      return undefined;
    },
  };
  return { ticket, transport, stored, puts };
}

/** Runs sendMultipart over the fake server's transport; answers the progress fractions it reported. */
async function sendAll(
  size: number,
  server: ReturnType<typeof fakeServer>,
  options: Omit<MultipartOptions, "transport"> = {},
) {
  const fractions: number[] = [];
  const report = progressReporter(size, (f) => fractions.push(f));
  await sendMultipart(new Blob([new Uint8Array(size)]), server.ticket(), report, {
    transport: server.transport,
    backoffMs: 1,
    ...options,
  });
  return fractions;
}

describe("sendMultipart", () => {
  it("sends every part once, reports each with its ETag, and ends with the progress at 1", async () => {
    const size = 95; // 10 parts, the last one 5 bytes
    const server = fakeServer(size);
    const fractions = await sendAll(size, server);
    expect([...server.puts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(server.stored.get(10)).toBe('"etag-10"');
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f) => f >= 0 && f <= 1)).toBe(true);
  });

  it("resumed, sends only the parts the server does not hold, and counts the held ones as sent", async () => {
    const size = 60; // 6 parts
    // The first visit: part 4 is refused for good after parts 1–3 went up.
    let refuse = true;
    const server = fakeServer(size, (n) =>
      refuse && n === 4 ? new UploadError("Storage refused the upload (HTTP 400).", 400) : null,
    );
    await expect(sendAll(size, server, { concurrency: 1 })).rejects.toThrow("HTTP 400");
    expect([...server.stored.keys()]).toEqual([1, 2, 3]);

    // The second visit asks the server what is missing and sends only that.
    refuse = false;
    server.puts.length = 0;
    expect(server.ticket().multipart!.done).toEqual([1, 2, 3]);
    const fractions = await sendAll(size, server);
    expect([...server.puts].sort()).toEqual([4, 5, 6]);
    expect([...server.stored.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(fractions[0]).toBe(0.5); // the three held parts
    expect(fractions.at(-1)).toBe(1);
  });

  it("a part retried after a dropped connection starts its progress again, and the total stays within 0..1", async () => {
    const size = 40;
    const server = fakeServer(size, (n, attempt) =>
      n === 2 && attempt === 0 ? new UploadError("Network error", 0) : null,
    );
    const fractions = await sendAll(size, server);
    expect(server.puts.filter((n) => n === 2)).toHaveLength(2);
    expect(server.puts.filter((n) => n !== 2)).toHaveLength(3);
    expect(Math.max(...fractions)).toBe(1);
    expect(fractions.at(-1)).toBe(1);
  });

  it("does not send again a part the server holds already (its answer was lost)", async () => {
    const size = 30;
    // Part 2 reaches storage and the server records it, but the answer never arrives.
    const server = fakeServer(size, (n, attempt) => {
      if (n === 2 && attempt === 0) {
        server.stored.set(2, '"etag-2"');
        return new UploadError("Network error", 0);
      }
      return null;
    });
    await sendAll(size, server);
    expect(server.puts.filter((n) => n === 2)).toHaveLength(1);
    expect([...server.stored.keys()].sort()).toEqual([1, 2, 3]);
  });
});
