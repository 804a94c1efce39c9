// Public pages from the edge cache (no D1 on a hit, purged when their data
// changes), the member's D1 bookmark, and development's D1 counts (ADR 016).
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, cookieFrom, signUp } from "../../tests/workers/http";
import { database } from "../db/client";
import { popups, users } from "../db/schema";
import { noteChange } from "../domain/changes";
import { forgetActivePopup } from "../domain/popups/active";
import { pagesShowing } from "./affected-urls";
import { cloudflarePurger, edgePurger, localPurges } from "./edge-cache";

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
    noteChange({ kind: "auction" });
    expect((await call("/bidgallery")).headers.get("x-edge-cache")).toBe("MISS");
  });

  it("maps each change the domain notes to the addresses that show it", () => {
    expect(pagesShowing({ kind: "auction" })).toEqual(["/bidgallery", "/api/bid-items"]);
    expect(pagesShowing({ kind: "popup" })).toContain("/");
    expect(pagesShowing({ kind: "episode", episodeId: "e1" })).toEqual(
      expect.arrayContaining(["/farmereps", "/farmereps/e1"]),
    );
  });
});

describe("no isolate keeps its own copy (ADR 049)", () => {
  it("reads each hit from the Cache API, so a copy deleted there (by a purge from any data centre) is gone", async () => {
    noteChange({ kind: "episode", episodeId: "none" });
    expect((await call("/farmereps")).headers.get("x-edge-cache")).toBe("MISS");
    const hit = await call("/farmereps");
    expect(hit.headers.get("x-edge-cache")).toBe("HIT");
    expect(hit.headers.get("x-d1-statements")).toBe("0");
    expect(hit.headers.get("cache-control")).toBe("no-cache");
    expect(hit.headers.get("x-edge-stored-at")).toBeNull();
    expect(await hit.text()).toContain("</html>");

    // What Cloudflare's purge-by-URL does to this data centre's Cache API entry.
    const edge = (caches as unknown as { default: Cache }).default;
    expect(await edge.delete(new Request("http://localhost/farmereps"))).toBe(true);
    expect((await call("/farmereps")).headers.get("x-edge-cache")).toBe("MISS");
  });
});

describe("purging other data centres (issue 27 item 6, ADR 049)", () => {
  const since = (mark: number) => localPurges.slice(mark);

  it("sends Cloudflare's purge-by-URL request: the zone, a bearer token, at most 100 files a call", async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const answers = [
      Response.json({ success: true, errors: [], messages: [], result: { id: "zone" } }),
      Response.json({ success: false, errors: [{ code: 10000, message: "Authentication error" }] }, { status: 403 }),
    ];
    const purger = cloudflarePurger({ zoneId: "zone123", token: "purge-token" }, (async (
      url: string,
      init: RequestInit,
    ) => {
      sent.push({ url, init });
      return answers.shift()!;
    }) as unknown as typeof fetch);
    const urls = Array.from({ length: 101 }, (_, i) => `https://creatorplatform.app/digiprev/seller-${i}`);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // A refused purge is logged, never thrown: the change it follows is already made.
    await expect(purger.purgeUrls(urls)).resolves.toBeUndefined();
    expect(sent.map((s) => s.url)).toEqual([
      "https://api.cloudflare.com/client/v4/zones/zone123/purge_cache",
      "https://api.cloudflare.com/client/v4/zones/zone123/purge_cache",
    ]);
    expect(sent[0]!.init.method).toBe("POST");
    expect(new Headers(sent[0]!.init.headers).get("authorization")).toBe("Bearer purge-token");
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ files: urls.slice(0, 100) });
    expect(JSON.parse(String(sent[1]!.init.body))).toEqual({ files: urls.slice(100) });
    expect(logged.mock.calls[0]![0]).toContain("10000 Authentication error");
    logged.mockRestore();
  });

  it("chooses Cloudflare's purge only when the zone and token are configured", () => {
    expect(edgePurger({ ENVIRONMENT: "development" }).name).toBe("local stand-in");
    expect(edgePurger({ ENVIRONMENT: "production", CF_ZONE_ID: "z", CF_PURGE_TOKEN: "t" }).name).toBe("cloudflare");
  });

  it("purges the landing page's one canonical URL when the active popup changes, whichever host the admin used", async () => {
    const admin = await signUp();
    await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    const [popup] = await db
      .insert(popups)
      .values({ id: crypto.randomUUID(), header: "Purged everywhere", paragraphText: "", buttonLabel: "Go" })
      .returning();
    const mark = localPurges.length;
    // Asked as 127.0.0.1 (as apex vs www vs workers.dev in production): the key is APP_ORIGIN's.
    const set = await SELF.fetch("http://127.0.0.1/api/admin/popups/active", {
      method: "PUT",
      headers: { cookie: admin.cookie, origin: "http://127.0.0.1", "content-type": "application/json" },
      body: JSON.stringify({ popCustomId: popup!.id }),
    });
    expect(set.status).toBe(200);
    expect(since(mark)).toContain("http://localhost/");
    expect(since(mark).every((url) => url.startsWith("http://localhost/"))).toBe(true);
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
