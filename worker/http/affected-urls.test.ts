// A change purges exactly the addresses its line in the table lists (./affected-urls.ts), through
// the purge interface (the recording stand-in here, Cloudflare's purge-by-URL in production), and
// nothing else.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, ORIGIN, signUp } from "../../tests/workers/http";
import { playlistWith } from "../../tests/workers/playlists";
import { addToCart, insertProduct, payCart } from "../../tests/workers/store";
import { database } from "../db/client";
import { popups, users } from "../db/schema";
import { affectedUrls } from "./affected-urls";
import { localPurges } from "./edge-cache";

const db = database(env.DB);

/** What `work` sent through the purge interface, sorted. */
async function purgedBy(work: () => Promise<Response>) {
  const mark = localPurges.length;
  const answer = await work();
  expect(answer.status).toBeLessThan(300);
  return localPurges.slice(mark).sort();
}

const listed = (paths: string[]) => paths.map((path) => `${ORIGIN}${path}`).sort();

beforeAll(async () => {
  await call("/contact"); // compiles the app's server build once
}, 60_000);

describe("each change purges exactly the addresses the table lists for it", () => {
  it("a sale: the product's page and its seller's storefront, nothing else", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const sold = await insertProduct(seller.user.id, { priceCents: 900, quantity: 3 });
    await insertProduct(seller.user.id); // on the same storefront, not sold
    await addToCart(buyer.cookie, sold);
    const purged = await purgedBy(async () => (await payCart(buyer.cookie)).confirmed);
    expect(purged).toEqual(listed(affectedUrls.sale({ kind: "sale", sellerId: seller.user.id, productId: sold })));
    expect(purged).toEqual(
      listed([
        `/digiprev/${seller.user.id}`,
        `/digiprev/${seller.user.id}/${sold}`,
        `/api/sellers/${seller.user.id}/products`,
      ]),
    );
  });

  it("a product edited: the same pages, for that product only", async () => {
    const seller = await signUp();
    const productId = await insertProduct(seller.user.id);
    const purged = await purgedBy(() =>
      call(`/api/products/${productId}`, { method: "PATCH", cookie: seller.cookie, json: { title: "Renamed beat" } }),
    );
    expect(purged).toEqual(listed(affectedUrls.product({ kind: "product", sellerId: seller.user.id, productId })));
  });

  it("a popup set active: the landing page and the calls that answer the popup", async () => {
    const admin = await signUp();
    await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    const [popup] = await db
      .insert(popups)
      .values({ id: crypto.randomUUID(), header: "Table test", paragraphText: "", buttonLabel: "Go" })
      .returning();
    const purged = await purgedBy(() =>
      call("/api/admin/popups/active", { method: "PUT", cookie: admin.cookie, json: { popCustomId: popup!.id } }),
    );
    expect(purged).toEqual(listed(affectedUrls.popup({ kind: "popup" })));
    expect(purged).toContain(`${ORIGIN}/`);
  });

  it("an episode published, then changed: its show page, episode page, feed and stitched addresses", async () => {
    const member = await signUp();
    const slug = `purge-${crypto.randomUUID().slice(0, 8)}`;
    const created = await call("/api/shows", {
      cookie: member.cookie,
      json: {
        title: "Purges",
        slug,
        description: "d",
        author: "A",
        category: "Leisure",
        language: "en",
        explicit: false,
      },
    });
    expect(created.status).toBe(201);
    const { show } = await created.json<{ show: { id: string } }>();
    const { playlist } = await playlistWith(member.cookie, ["audio"], "Episode one");

    let episodeId = "";
    const published = await purgedBy(async () => {
      const answer = await call(`/api/shows/${show.id}/episodes`, {
        cookie: member.cookie,
        json: { playlistId: playlist.id, title: "One", description: "First" },
      });
      episodeId = (await answer.clone().json<{ episode: { id: string } }>()).episode.id;
      return answer;
    });
    const expected = listed(affectedUrls.showEpisode({ kind: "showEpisode", slug, episodeId }));
    expect(published).toEqual(expected);
    expect(published).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/shows/${slug}`,
        `${ORIGIN}/shows/${slug}/episodes/${episodeId}`,
        `${ORIGIN}/api/shows/${slug}/feed.xml`,
        `${ORIGIN}/api/shows/${slug}/episodes/${episodeId}/audio.mp3`,
      ]),
    );

    const changed = await purgedBy(() =>
      call(`/api/show-episodes/${episodeId}`, {
        method: "PATCH",
        cookie: member.cookie,
        json: { title: "One, renamed", description: "First" },
      }),
    );
    expect(changed).toEqual(expected);
  });
});
