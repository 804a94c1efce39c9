// Public pages from the edge cache (no D1 on a hit, purged when their data
// changes), the member's D1 bookmark, and development's D1 counts (ADR 016).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, cookieFrom, signUp } from "../../tests/workers/http";
import { database } from "../db/client";
import { popups } from "../db/schema";
import { forgetActivePopup } from "../domain/popups/active";

const db = database(env.DB);

async function setPopup(header: string) {
  await db.update(popups).set({ active: false });
  await db.insert(popups).values({
    id: crypto.randomUUID(),
    header,
    paragraphText: "Read all about it",
    buttonLabel: "Go",
    active: true,
  });
}

// The first page of a file compiles the app's server build: not what these tests are about.
beforeAll(async () => {
  await call("/contact");
}, 60_000);

describe("edge cache", () => {
  it("answers a visitor's second landing page from the cache, without D1", async () => {
    await setPopup("First news");
    forgetActivePopup();
    const first = await call("/");
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    expect(await first.text()).toContain("First news");
    const second = await call("/");
    expect(second.headers.get("x-edge-cache")).toBe("HIT");
    expect(second.headers.get("x-d1-statements")).toBe("0");
    expect(second.headers.get("x-d1-round-trips")).toBe("0");
    expect(second.headers.get("cache-control")).toBe("no-cache");
    expect(await second.text()).toContain("First news");
  });

  it("purges the landing page when the active popup changes", async () => {
    await setPopup("Old news");
    forgetActivePopup();
    expect(await (await call("/")).text()).toContain("Old news");
    expect((await call("/")).headers.get("x-edge-cache")).toBe("HIT");

    await setPopup("Fresh news");
    forgetActivePopup();
    const after = await call("/");
    expect(after.headers.get("x-edge-cache")).toBe("MISS");
    const page = await after.text();
    expect(page).toContain("Fresh news");
    expect(page).not.toContain("Old news");
  });

  it("never caches a member's page, a page with a query string or a theme cookie, or another page", async () => {
    const member = await signUp();
    for (const [path, cookie] of [
      ["/", member.cookie],
      ["/?from=mail", undefined],
      ["/", `theme=${encodeURIComponent('{"isDarkMode":true}')}`],
      ["/signin", undefined],
    ] as const) {
      await call(path, { cookie });
      const again = await call(path, { cookie });
      expect(again.headers.get("x-edge-cache"), `${path} ${cookie}`).toBeNull();
    }
    const memberPage = await (await call("/", { cookie: member.cookie })).text();
    expect(memberPage).toContain(member.form.username);
  });

  it("purges the bid gallery when an item is listed", async () => {
    const first = await call("/bidgallery");
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    expect((await call("/bidgallery")).headers.get("x-edge-cache")).toBe("HIT");
    const { purgeEdgePages } = await import("./edge-cache");
    purgeEdgePages("/bidgallery");
    expect((await call("/bidgallery")).headers.get("x-edge-cache")).toBe("MISS");
  });
});

describe("the isolate's copy of a hit (ADR 027)", () => {
  it("answers a page's next hits from memory, without the Cache API, until a purge drops that copy too", async () => {
    const { purgeEdgePages } = await import("./edge-cache");
    purgeEdgePages("/farmereps");
    expect((await call("/farmereps")).headers.get("x-edge-cache")).toBe("MISS");
    expect((await call("/farmereps")).headers.get("x-edge-cache")).toBe("HIT");

    // The Worker's stored copy is the one this test sees; without it only the isolate's copy can answer.
    const key = new Request("http://localhost/farmereps");
    const edge = (caches as unknown as { default: Cache }).default;
    expect(await edge.match(key)).toBeDefined();
    await edge.delete(key);
    const held = await call("/farmereps");
    expect(held.headers.get("x-edge-cache")).toBe("HIT");
    expect(held.headers.get("x-d1-statements")).toBe("0");
    expect(held.headers.get("cache-control")).toBe("no-cache");
    expect(held.headers.get("x-edge-stored-at")).toBeNull();
    expect(await held.text()).toContain("</html>");

    purgeEdgePages("/farmereps");
    expect((await call("/farmereps")).headers.get("x-edge-cache")).toBe("MISS");
  });
});

describe("D1 per request", () => {
  it("gives a member a bookmark of their writes and counts statements and round trips", async () => {
    const member = await signUp();
    const saved = await call("/api/shipping", {
      cookie: member.cookie,
      json: {
        recipientName: "Ann",
        streetAddress: "1 Main St",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        country: "USA",
      },
    });
    expect(saved.status).toBe(201);
    const bookmark = cookieFrom(saved, "d1b");
    expect(bookmark).toMatch(/^d1b=.+/);
    expect(Number(saved.headers.get("x-d1-round-trips"))).toBeGreaterThan(0);

    const page = await call("/settings", { cookie: `${member.cookie}; ${bookmark}` });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("1 Main St");
    expect(Number(page.headers.get("x-d1-statements"))).toBeGreaterThanOrEqual(
      Number(page.headers.get("x-d1-round-trips")),
    );
    expect(Number(page.headers.get("x-d1-round-trips"))).toBeGreaterThan(0);
    expect(Number(page.headers.get("x-d1-waits"))).toBeLessThanOrEqual(Number(page.headers.get("x-d1-round-trips")));
  });

  it("sets no bookmark for a visitor, so their public pages stay cacheable", async () => {
    const page = await call("/contact");
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().some((c) => c.startsWith("d1b="))).toBe(false);
  });
});
