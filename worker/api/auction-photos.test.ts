// A lot's photo at the widths its page's srcset names (issue 45: the lot page's LCP on a phone):
// a WebP copy made once with the Images binding and kept in R2, then served from there; any other
// width is refused; a lot, index or file that is not a photo is 404.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { auctionAdmin } from "../../tests/workers/auction";
import { call } from "../../tests/workers/http";
import { html } from "../../tests/workers/pages";
import { photoSizeKey } from "../storage/photo-sizes";

const admin = auctionAdmin({ description: "A photo to resize" });

describe("GET /api/bid-items/:code/photos/:index?w=", () => {
  it("serves a WebP copy made once and kept beside the original, named in the page's srcset", async () => {
    const code = await admin.list({ title: "Resized microphone", price: 12 });
    const first = await call(`/api/bid-items/${code}/photos/0?w=720`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toContain("public");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");

    const [{ media }] = (
      await env.DB.prepare("SELECT media FROM bid_items WHERE short_code = ?").bind(code).all<{
        media: string;
      }>()
    ).results as [{ media: string }];
    const key = JSON.parse(media)[0].key as string;
    const kept = await env.FILES.get(photoSizeKey(key, 720));
    expect(kept?.httpMetadata?.contentType).toBe("image/webp");
    // The second answer is the kept copy (same ETag), revalidated by ETag.
    const again = await call(`/api/bid-items/${code}/photos/0?w=720`);
    expect(again.headers.get("etag")).toBe(kept!.httpEtag);
    await again.arrayBuffer();

    const page = await html(await call(`/bidgallery/${code}`));
    expect(page).toContain(
      `srcSet="/api/bid-items/${code}/photos/0?w=480 480w, /api/bid-items/${code}/photos/0?w=720 720w`,
    );
  });

  it("refuses other widths and is 404 for an unknown lot or photo", async () => {
    const code = await admin.list({ title: "Another microphone", price: 12 });
    const odd = await call(`/api/bid-items/${code}/photos/0?w=721`);
    expect(odd.status).toBe(400);
    expect(JSON.stringify(await odd.json())).toContain("w must be one of 480, 720, 1080.");
    expect((await call(`/api/bid-items/${code}/photos/0`)).status).toBe(400);
    expect((await call(`/api/bid-items/${code}/photos/5?w=480`)).status).toBe(404);
    expect((await call("/api/bid-items/NOSUCH/photos/0?w=480")).status).toBe(404);
  });
});
