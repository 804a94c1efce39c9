// The community pages as a browser gets them: Services (packages closed, each
// button with aria-expanded), the Early Risers form with its honeypot marked
// for password managers, and its action with the seed's messages.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stampAgo } from "../../../../tests/workers/community";
import { call, signUp } from "../../../../tests/workers/http";
import { database } from "../../../../worker/db/client";
import { communitySignups } from "../../../../worker/db/schema";
import {
  BOT_DETECTED,
  COMMUNITY_JOINED,
  EMAIL_INVALID,
  NAME_AND_EMAIL_REQUIRED,
} from "../../../kernel/schemas/community";

const db = database(env.DB);
const html = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

async function post(fields: Record<string, string>, ip: string) {
  const response = await call("/community.data", { body: new URLSearchParams(fields), ip });
  return { status: response.status, text: await response.text() };
}

describe("/editmedia", () => {
  // The file's first SSR render compiles the route graph: room for a loaded machine.
  it("shows the three packages closed, as buttons with aria-expanded", { timeout: 30_000 }, async () => {
    const page = await html(await call("/editmedia"));
    expect(page).toContain("<h1>Services</h1>");
    for (const name of ["Green", "Mission", "Odyssey"]) expect(page).toMatch(new RegExp(`<span[^>]*>${name}</span>`));
    expect(page.match(/aria-expanded="false"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(page).toContain("3 video clips of 45 to 60 seconds");
    expect(page).toContain("1 episode of 5 to 6 minutes");
    expect(page).toContain("Longer videos (podcast, series, tutorials)");
  });
});

describe("/community", () => {
  it("is linked from the landing page and /contact, and its picture opens /editmedia", async () => {
    expect(await html(await call("/"))).toContain('href="/community"');
    expect(await html(await call("/contact"))).toContain('href="/community"');
    const page = await html(await call("/community"));
    expect(page).toMatch(/<h1[^>]*>Early Risers<\/h1>/);
    // The heading once: the sunrise is decoration inside the link, which its visible words name.
    expect(page).toMatch(/<a[^>]*href="\/editmedia"[^>]*>\s*<svg[^>]*aria-hidden="true"/);
    expect(page).toContain("See our service packages");
    expect(page).not.toMatch(/<text[^>]*>Early Risers/);
    const honeypot = page.match(/<input[^>]*name="zx_hold"[^>]*>/)![0];
    for (const marker of ['tabindex="-1"', 'autoComplete="off"', 'data-1p-ignore="true"', 'data-lpignore="true"']) {
      expect(honeypot).toContain(marker);
    }
    expect(page).toMatch(/name="startedAt" value="\d+\.[\w-]+"/);
  });

  it("answers the form with the seed's messages and a success message", async () => {
    const startedAt = await stampAgo();
    expect((await post({ name: "", email: "", startedAt }, "192.0.2.10")).text).toContain(NAME_AND_EMAIL_REQUIRED);
    expect((await post({ name: "Cy", email: "cy@", startedAt }, "192.0.2.10")).text).toContain(EMAIL_INVALID);
    const bot = await post({ name: "Cy", email: "cy@example.com", zx_hold: "x", startedAt }, "192.0.2.10");
    expect(bot.text).toContain(BOT_DETECTED);
    const ok = await post({ name: "Cy", email: "cy@example.com", message: "Hello", startedAt }, "192.0.2.10");
    expect(ok.text).toContain(COMMUNITY_JOINED);
    expect(await db.select().from(communitySignups).where(eq(communitySignups.email, "cy@example.com"))).toHaveLength(
      1,
    );
  });
});

describe("/beatbattle and /beatbin", () => {
  it("names the battle for a visitor and guards the member's list", async () => {
    const page = await html(await call("/beatbattle"));
    expect(page).toMatch(/<h1 id="battle-title"[^>]*>Origins Beat Battle<\/h1>/);
    expect(page).toContain("Beat name");
    const visitor = await call("/beatbin");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/signin?from=%2Fbeatbin");
    const member = await signUp();
    const empty = await html(await call("/beatbin", { cookie: member.cookie }));
    expect(empty).toContain("<h1>Beat Battle Submissions</h1>");
    expect(empty).toContain("No entries yet.");
  });
});
