// app/entry.server.tsx through the whole Worker: a page is the whole document, in UTF-8 however
// its text falls across React's 4 KB buffers, with its loader data for hydration; HEAD has no
// body. (That it leaves with a Content-Length shows over HTTP: tests/e2e/routing.spec.ts.)
import { describe, expect, it } from "vitest";
import { call, signUp } from "../tests/workers/http";

/** A saved address with long fields of multi-byte text, so the page runs over several 4 KB buffers. */
function address(n: number) {
  return {
    recipientName: `Zoë Ñandú 🎧 ${n}`,
    phone: "+1 (555) 010-2030",
    streetAddress: `${"Straße der Kölner Brücke ✓ ".repeat(6)}${n}`.slice(0, 180),
    city: "Zürich",
    state: "ÎdF",
    zipCode: "22201",
    country: "USA",
    landmark: "🚪".repeat(60),
  };
}

describe("a page's HTML", () => {
  it("is the whole document, in UTF-8, with its loader data", async () => {
    const { cookie } = await signUp({ name: "Zoë Ñandú 🎧" });
    const response = await call("/settings", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html");
    const page = new TextDecoder("utf-8", { fatal: true }).decode(await response.arrayBuffer());
    expect(page.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(page.endsWith("</html>")).toBe(true);
    expect(page).toContain("Welcome, Zoë Ñandú 🎧");
    // React Router's loader data ends with the stream's close: hydration gets all of it.
    expect(page).toContain("window.__reactRouterContext.streamController.close()");
  });

  it("keeps every character of a page many buffers long", async () => {
    const { cookie } = await signUp();
    for (let n = 1; n <= 12; n++) {
      const saved = await call("/api/shipping", { json: address(n), cookie });
      expect(saved.status).toBe(201);
    }
    const response = await call("/settings", { cookie });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(3 * 4096);
    const page = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    for (let n = 1; n <= 12; n++) expect(page).toContain(`Zoë Ñandú 🎧 ${n}`);
    expect(page.split("🚪".repeat(60)).length - 1).toBeGreaterThanOrEqual(12);
    expect(page.endsWith("</html>")).toBe(true);
  });

  it("answers HEAD with the page's status and no body", async () => {
    const { cookie } = await signUp();
    const response = await call("/settings", { cookie, method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});
