import { describe, expect, it } from "vitest";
import { D1_MAX_BOUND_PARAMETERS, IDS_PER_STATEMENT, inChunks, insertChunks } from "./chunks";

describe("inChunks", () => {
  it("queries distinct ids in groups below D1's limit and joins the rows", async () => {
    const seen: number[][] = [];
    const rows = await inChunks(
      Array.from({ length: 250 }, (_, i) => i % 200),
      async (chunk) => {
        seen.push(chunk);
        return chunk.map((n) => n * 2);
      },
    );
    expect(seen.every((chunk) => chunk.length <= IDS_PER_STATEMENT)).toBe(true);
    expect(seen.flat()).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(rows).toHaveLength(200);
  });
  it("runs no query for no ids", async () => {
    expect(await inChunks([], async () => [1])).toEqual([]);
  });
});

describe("insertChunks", () => {
  it("keeps every insert's parameters under the limit", () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ a: i, b: i, c: i, d: i, e: i, f: i, g: i }));
    const chunks = insertChunks(rows);
    expect(chunks.flat()).toEqual(rows);
    for (const chunk of chunks) expect(chunk.length * 7).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
  });
});
