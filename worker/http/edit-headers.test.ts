import { describe, expect, it } from "vitest";
import { editHeaders } from "./edit-headers";

describe("editHeaders", () => {
  it("edits a response this Worker built in place", async () => {
    const response = new Response("page", { headers: { "content-type": "text/html" } });
    const out = editHeaders(response, (headers) => headers.append("set-cookie", "a=1"));
    expect(out).toBe(response);
    expect(out.headers.getSetCookie()).toEqual(["a=1"]);
    expect(await out.text()).toBe("page");
  });

  it("edits a copy of one whose headers are immutable, keeping its status and body", async () => {
    const redirect = Response.redirect("https://example.com/next", 302); // immutable headers
    expect(() => redirect.headers.set("x", "1")).toThrow(TypeError);
    const out = editHeaders(redirect, (headers) => headers.append("set-cookie", "a=1"));
    expect(out).not.toBe(redirect);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("https://example.com/next");
    expect(out.headers.getSetCookie()).toEqual(["a=1"]);
  });

  it("lets an error other than immutability through", () => {
    const response = new Response("x");
    expect(() =>
      editHeaders(response, () => {
        throw new RangeError("boom");
      }),
    ).toThrow(RangeError);
  });
});
