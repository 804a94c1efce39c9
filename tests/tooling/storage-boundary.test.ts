// The storage rule of `npm run deps` (scripts/storage-boundary.mjs) can fail.
import { describe, expect, it } from "vitest";
import { violations } from "../../scripts/storage-boundary.mjs";

const names = (file: string, source: string) => violations(file, source).map((v) => v.rule.name);

describe("storage boundary", () => {
  it("fails on the R2 binding or its type outside worker/storage/", () => {
    expect(names("worker/domain/store/voice-tag.ts", "await env.FILES.get(key);")).toEqual(["r2-through-storage"]);
    expect(names("worker/api/shows.ts", "function f(bucket: R2Bucket) {}")).toEqual(["r2-through-storage"]);
    expect(names("worker/domain/store/voice-tag.ts", "await deps.storage.delete(tag.key);")).toEqual([]);
  });

  it("lets the storage layer and the one place that wraps the binding use it", () => {
    expect(names("worker/storage/bucket.ts", "export function storageFor(bucket: R2Bucket) {}")).toEqual([]);
    expect(names("worker/domain/deps.ts", "storage: storageFor(env.FILES, signer),")).toEqual([]);
  });

  it("fails on a storage key built outside keys.ts, with its line", () => {
    const source = "const a = 1;\nconst key = `users/` + buyerId + `/purchases/` + orderId;";
    expect(violations("worker/domain/orders/package.ts", source).map((v) => [v.rule.name, v.line])).toEqual([
      ["keys-from-keys-ts", 2],
    ]);
    expect(names("worker/storage/keys.ts", source)).toEqual([]);
    // A comment describing the scheme is not a key.
    expect(names("worker/db/schema/store.ts", "/** users/{userId}/digiStore/{productId}/images/… */")).toEqual([]);
  });
});
