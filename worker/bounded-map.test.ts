import { describe, expect, it } from "vitest";
import { boundedMap } from "./bounded-map";

describe("boundedMap", () => {
  it("keeps at most max entries, dropping the oldest; replacing a key drops nothing", () => {
    const map = boundedMap<number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.set("b", 3);
    expect([map.get("a"), map.get("b")]).toEqual([1, 3]);
    map.set("c", 4);
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual([undefined, 3, 4]);
    map.delete("b");
    expect(map.get("b")).toBeUndefined();
  });
});
