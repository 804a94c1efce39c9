import { describe, expect, it } from "vitest";
import { randomSixDigitCode, timingSafeEqual } from "./crypto";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("stores scheme, iteration count, a per-user salt and the hash", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await verifyPassword("correct horse", "garbage")).toBe(false);
  });

  it("verifies hashes made with another iteration count, so the count can be raised later", async () => {
    const old = await hashPassword("s3cret", 1_000);
    expect(old.split("$")[1]).toBe("1000");
    expect(await verifyPassword("s3cret", old)).toBe(true);
  });
});

describe("codes and comparisons", () => {
  it("makes six-digit codes from 100000 to 999999", () => {
    const codes = Array.from({ length: 2000 }, randomSixDigitCode);
    expect(codes.every((c) => /^\d{6}$/.test(c) && Number(c) >= 100_000 && Number(c) <= 999_999)).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it("compares strings of any length", () => {
    expect(timingSafeEqual("abc", "abc")).toBe(true);
    expect(timingSafeEqual("abc", "abd")).toBe(false);
    expect(timingSafeEqual("abc", "abcd")).toBe(false);
  });
});
