// The zip path in workerd: native CRC-32 (node:zlib), R2 bodies read through
// one recycled buffer, fflate only for the container.
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { fixedChunks, READ_SIZE, readBytes, type ZipEntry, zipStream } from "./zip";

// CRC-32 the slow way (bit by bit), independent of the code under test.
function referenceCrc(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** name → CRC-32 and sizes from the central directory (classic zip, no comment). */
function centralDirectory(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = zip.length - 22;
  expect(view.getUint32(eocd, true)).toBe(0x06054b50);
  const count = view.getUint16(eocd + 10, true);
  const out = new Map<string, { crc: number; size: number; method: number }>();
  for (let at = view.getUint32(eocd + 16, true), i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    out.set(name, {
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      size: view.getUint32(at + 24, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return out;
}

/** The archive as the packaging job makes it: equal parts, each copied before the next is asked for. */
async function archive(entries: ZipEntry[], partSize = 64 * 1024) {
  const parts: Uint8Array[] = [];
  for await (const part of fixedChunks(zipStream(entries), partSize)) parts.push(part.slice());
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function patterned(length: number, seed: number) {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 9)) & 255;
  return bytes;
}

/** A stream that is not a byte stream: read chunk by chunk. */
function plainStream(bytes: Uint8Array, chunk = 1000) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

describe("zipStream", () => {
  it("stores R2 objects and plain streams with the right CRC-32, byte for byte", async () => {
    const big = patterned(3 * READ_SIZE + 12_345, 1); // several reads through the recycled buffer
    const small = new TextEncoder().encode("The quick brown fox jumps over the lazy dog");
    const other = patterned(70_001, 2);
    await env.FILES.put("zip-test/big.bin", big);
    await env.FILES.put("zip-test/fox.txt", small);
    const fromR2 = (key: string) => async () => (await env.FILES.get(key))!.body;
    const zip = await archive([
      { name: "a/big.bin", size: big.length, open: fromR2("zip-test/big.bin") },
      { name: "a/fox.txt", size: small.length, open: fromR2("zip-test/fox.txt") },
      { name: "b/other.bin", size: other.length, open: async () => plainStream(other) },
      { name: "b/empty.bin", size: 0, open: async () => plainStream(new Uint8Array(0)) },
    ]);

    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(["a/big.bin", "a/fox.txt", "b/other.bin", "b/empty.bin"]);
    expect(files["a/big.bin"]).toEqual(big);
    expect(files["a/fox.txt"]).toEqual(small);
    expect(files["b/other.bin"]).toEqual(other);
    expect(files["b/empty.bin"]!.length).toBe(0);

    const directory = centralDirectory(zip);
    expect(directory.get("a/fox.txt")).toEqual({ method: 0, crc: 0x414fa339, size: small.length });
    expect(directory.get("a/big.bin")).toEqual({ method: 0, crc: referenceCrc(big), size: big.length });
    expect(directory.get("b/other.bin")).toEqual({ method: 0, crc: referenceCrc(other), size: other.length });
    expect(directory.get("b/empty.bin")).toEqual({ method: 0, crc: 0, size: 0 });
  });

  it("fails when a stored object is shorter or longer than recorded", async () => {
    const bytes = patterned(5000, 3);
    const entry = (size: number): ZipEntry => ({ name: "x.bin", size, open: async () => plainStream(bytes) });
    await expect(archive([entry(5001)])).rejects.toThrow("x.bin: expected 5001 bytes, read 5000");
    await expect(archive([entry(4000)])).rejects.toThrow("x.bin: expected 4000 bytes, read 5000");
  });
});

describe("readBytes", () => {
  it("reads an R2 body through one recycled buffer", async () => {
    await env.FILES.put("zip-test/recycled.bin", patterned(4 * READ_SIZE, 4));
    let total = 0;
    for await (const chunk of readBytes((await env.FILES.get("zip-test/recycled.bin"))!.body)) {
      total += chunk.length;
      // A view of our READ_SIZE buffer (handed to the stream and back), not a chunk the stream allocated.
      expect(chunk.buffer.byteLength).toBe(READ_SIZE);
    }
    expect(total).toBe(4 * READ_SIZE);
  });
});
