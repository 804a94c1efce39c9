import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";

const withCookie = (cookie: string) => new Request("https://example.test/", { headers: { cookie } });

describe("readCookie", () => {
  it("reads each request's own cookies, also when requests take turns", () => {
    const a = withCookie("sid=one; theme=%7B%7D");
    const b = withCookie("sid=two");
    expect(readCookie(a, "sid")).toBe("one");
    expect(readCookie(b, "sid")).toBe("two");
    expect(readCookie(a, "theme")).toBe("{}");
    expect(readCookie(b, "theme")).toBeUndefined();
    expect(readCookie(new Request("https://example.test/"), "sid")).toBeUndefined();
  });

  it("takes the first cookie of a name and reads a badly encoded value as absent", () => {
    const request = withCookie("sid=first; sid=second; bad=%E0%A4%A; =empty; novalue");
    expect(readCookie(request, "sid")).toBe("first");
    expect(readCookie(request, "bad")).toBeUndefined();
    expect(readCookie(request, "novalue")).toBeUndefined();
  });
});
