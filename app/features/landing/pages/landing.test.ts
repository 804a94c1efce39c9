// The landing page is server-rendered HTML that does not hydrate (ADR 026): no script that loads
// a module, no module preload, no loader data; every other page still ships React.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../../../../tests/workers/http";
import { html } from "../../../../tests/workers/pages";
import { database } from "../../../../worker/db/client";
import { popups } from "../../../../worker/db/schema";
import { forgetActivePopup } from "../../../../worker/domain/popups/active";

/** Every `<script …>` and `<link rel="modulepreload" …>` opening tag of a page. */
function scriptTags(page: string) {
  return {
    scripts: page.match(/<script\b[^>]*>/gi) ?? [],
    preloads: page.match(/<link\b[^>]*rel="modulepreload"[^>]*>/gi) ?? [],
  };
}

// The first page of a file compiles the app's server build: not what these tests are about.
// The landing page shows the active popup: one to look at.
beforeAll(async () => {
  await call("/contact");
  const db = database(env.DB);
  await db.update(popups).set({ active: false });
  await db.insert(popups).values({ id: crypto.randomUUID(), header: "Hello", paragraphText: "Hi", active: true });
  forgetActivePopup();
}, 60_000);

describe("the landing page ships no framework", () => {
  it("has no module script, no script file and no module preload, for a visitor", async () => {
    const response = await call("/");
    expect(response.status).toBe(200);
    const page = await html(response);
    const { scripts, preloads } = scriptTags(page);
    expect(scripts.filter((tag) => /type="module"|\bsrc=/i.test(tag))).toEqual([]);
    expect(preloads).toEqual([]);
    expect(page).not.toContain("__reactRouterContext");
    // Its one script is the card's inline snippet (remember the close; start folded on a phone), under 1 KB.
    expect(scripts).toEqual(["<script>"]);
    expect(page.match(/<script>([\s\S]*?)<\/script>/)?.[1]?.length).toBeLessThan(1000);
    // The edge cache serves the same HTML (ADR 016).
    const again = await call("/");
    expect(again.headers.get("x-edge-cache")).toBe("HIT");
    expect(await html(again)).toBe(page);
    // What the page still has: its content, plain links, and a card that closes with no script.
    expect(page).toMatch(/<h1 id="landing-heading"[^>]*>Replace an ad in every episode at once<\/h1>/);
    expect(page).toMatch(/<a class="button primary" href="\/signup"[^>]*>Try<\/a>/);
    expect(page).toMatch(/<a class="button" href="\/community"[^>]*>Join the Early Risers<\/a>/);
    expect(page).toMatch(/<dialog open="" class="popup-dialog" aria-label="Welcome"/);
    expect(page).toContain('<form method="dialog"><button type="submit" class="close" aria-label="Close">×</button>');
  });

  it("is the same for a member, whose menu and Log Out work as plain HTML", async () => {
    const member = await signUp();
    const page = await html(await call("/", { cookie: member.cookie }));
    const { scripts, preloads } = scriptTags(page);
    expect(scripts.filter((tag) => /type="module"|\bsrc=/i.test(tag))).toEqual([]);
    expect(preloads).toEqual([]);
    // The public bar (ADR 117): the way back to work and the account menu, as plain HTML.
    expect(page).toMatch(/<a[^>]*href="\/authenticated"[^>]*>Open workspace<\/a>/);
    expect(page).toContain(`@${member.form.username}`);
    const signOut = page.match(/<form\b[^>]*>(?=<button type="submit" class="link-button">Log Out)/)?.[0] ?? "";
    expect(signOut).toContain('action="/signout"');
    expect(signOut).toContain('method="post"');
    expect(page).toMatch(/<details class="menu-disclosure"><summary class="menu-toggle"/);
  });

  it("leaves every other page hydrating: /signin still loads its modules", async () => {
    const page = await html(await call("/signin"));
    const { scripts } = scriptTags(page);
    expect(scripts.some((tag) => /type="module"/i.test(tag))).toBe(true);
    expect(page).toContain("__reactRouterContext");
    expect(page).toMatch(/<button type="button" class="menu-toggle" aria-expanded="false"/);
  });
});

describe("the landing page's promises", () => {
  it("each link to the feature they describe (issue 34)", async () => {
    const page = await html(await call("/"));
    // The whole card is the link: the promise's words inside it.
    for (const [href, text] of [
      ["/programming", "Replace expired advertising spots"],
      ["/playselect", "Bulk editing of playlists and programs"],
      ["/authenticated", "Cloud file storage and sharing"],
      ["/verify", "Document signing"],
      ["/authenticated#shared-heading", "Team collaboration"],
    ])
      expect(page).toMatch(new RegExp(`<li><a [^>]*href="${href}"[^>]*><span>${text}`));
  });
});

describe("the landing hero", () => {
  it("shows the ad-spot swap as a before/after timeline of one episode, with no script (issue 28 §4)", async () => {
    const page = await html(await call("/"));
    const figure = page.match(/<figure\b[\s\S]*?<\/figure>/)?.[0] ?? "";
    expect(figure).toMatch(/<figcaption[^>]*>An interview episode, 41:45 long: slot B swapped, the rest untouched/);
    // Two ordered timelines, named Before and After, each with the same five parts and slot B at 19:15.
    const tracks = figure.match(/<ol[^>]*aria-labelledby="swap-(before|after)"[\s\S]*?<\/ol>/g) ?? [];
    expect(tracks).toHaveLength(2);
    const [before, after] = tracks as [string, string];
    for (const track of tracks) {
      expect(track.match(/<li\b/g)).toHaveLength(5);
      expect(track).toMatch(/Slot B[\s\S]*starts at <\/span>19:15/);
    }
    expect(before).toContain("Spring sale spot");
    expect(before).toContain("(Expired)");
    expect(after).toContain("Autumn sponsor spot");
    expect(after).toContain("(New)");
    expect(page).not.toMatch(/<script[^>]*type="module"/);
  });
});

describe("the landing's capabilities (issue 45 item 3)", () => {
  it("gives each capability a section that links to it", async () => {
    const page = await html(await call("/"));
    for (const [heading, href] of [
      ["Shows with stitched episodes", "/shows"],
      ["A beat store with licences", "/digistore"],
      ["A live auction", "/bidgallery"],
      ["Teams and signing", "/authenticated#shared-heading"],
    ])
      expect(page).toMatch(new RegExp(`<h3 id="cap-[a-z]+">${heading}</h3><p>[^<]+</p><a [^>]*href="${href}"`));
  });
});
