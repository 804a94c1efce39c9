// The Worker's pako stand-in speaks zlib as any other reader and writer does (here the platform's
// own Compression Streams): pdf-lib's FlateDecode streams are read by every PDF viewer, and its
// standard fonts' metrics were packed by pako.
import { describe, expect, it } from "vitest";
import pako from "./pako-deflate";

const text = new TextEncoder().encode("BT /F1 12 Tf 72 712 Td (Licence: non-exclusive) Tj ET\n".repeat(200));

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  return new Uint8Array(
    await new Response(new Blob([new Uint8Array(bytes)]).stream().pipeThrough(stream)).arrayBuffer(),
  );
}

describe("pako stand-in (Worker build)", () => {
  it("deflates to a zlib stream that inflates back to the same bytes", async () => {
    const packed = pako.deflate(text);
    expect(packed.length).toBeLessThan(text.length / 10);
    expect(packed[0]).toBe(0x78); // zlib header, as FlateDecode expects
    expect(await through(packed, new DecompressionStream("deflate"))).toEqual(text);
  });

  it("inflates a zlib stream another writer made", async () => {
    expect(pako.inflate(await through(text, new CompressionStream("deflate")))).toEqual(text);
  });

  it("refuses what pdf-lib never calls, loudly", () => {
    expect(() => pako.gzip()).toThrow(/Only pako.deflate and pako.inflate/);
  });
});
