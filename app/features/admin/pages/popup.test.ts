// /webpopup and editing a saved popup (/popcustom?id=): the active popup as a public page with
// share tags and its whole paragraph; the admin's preview of any popup; edits keep the image and
// raise the version.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, cookieFrom, type Member, signUp, signUpAdmin } from "../../../../tests/workers/http";
import { act, actJson, html } from "../../../../tests/workers/pages";
import { database } from "../../../../worker/db/client";
import { popups } from "../../../../worker/db/schema";
import { POPUP_SAVED } from "../../../kernel/schemas/popups";

const db = database(env.DB);
let admin: Member;
let member: Member;

beforeAll(async () => {
  const promoted = await signUpAdmin();
  admin = { ...promoted, cookie: cookieFrom(await call("/popcustom", { cookie: promoted.cookie })) };
  member = await signUp();
});

const LONG = `${"A long paragraph about the spring offer. ".repeat(6)}Supercalifragilisticexpialidocious`;

async function popup(header: string, values: Partial<typeof popups.$inferInsert> = {}) {
  const [row] = await db
    .insert(popups)
    .values({ id: crypto.randomUUID(), header, paragraphText: LONG, createdBy: admin.user.id, ...values })
    .returning();
  return row!;
}
const activate = (id: string) =>
  act("/theAdministrator", { intent: "set-active-popup", popCustomId: id }, admin.cookie);

describe("/webpopup", () => {
  it("says there is no welcome message when none is active", async () => {
    await db.update(popups).set({ active: false });
    const response = await call("/webpopup");
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("There is no welcome message right now.");
    expect(page).not.toContain("coming soon");
  });

  it("shows the active popup to anyone, whole, with share tags", async () => {
    const live = await popup(`Spring ${crypto.randomUUID().slice(0, 6)}`, {
      linkAddress: "https://creatorplatform.app/editmedia",
      buttonLabel: "See the packages",
      headerStyle: "color:#0047ab;",
    });
    expect((await activate(live.id)).status).toBe(200);
    for (const cookie of [undefined, member.cookie]) {
      const page = await html(await call("/webpopup", { cookie }));
      expect(page).toContain(`>${live.header}</h1>`);
      expect(page).toContain(LONG); // not cut at 100 characters as on the landing card
      expect(page).toContain(`<meta property="og:title" content="${live.header}"/>`);
      expect(page).toContain('href="https://creatorplatform.app/editmedia"');
      expect(page).toContain("color:#0047ab");
      expect(page).not.toContain('content="noindex"');
    }
  });

  it("previews any popup for the admin with ?id=, and only the active one for others", async () => {
    const draft = await popup(`Draft ${crypto.randomUUID().slice(0, 6)}`);
    const preview = await html(await call(`/webpopup?id=${draft.id}`, { cookie: admin.cookie }));
    expect(preview).toContain(`>${draft.header}</h1>`);
    expect(preview).toContain("this popup is not active");
    expect(preview).toContain('content="noindex"');
    const asMember = await html(await call(`/webpopup?id=${draft.id}`, { cookie: member.cookie }));
    expect(asMember).not.toContain(draft.header);
    expect((await call("/webpopup?id=nope", { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("editing a saved popup (/popcustom?id=)", () => {
  it("opens it with its values and saves the changes: same id, same image, a new version", async () => {
    const saved = await popup(`Edit me ${crypto.randomUUID().slice(0, 6)}`, {
      paragraphStyle: "font-style:italic;",
      imageKey: "popups/legacy.png",
      imageType: "image/png",
      imageAlt: "A banner",
    });
    const page = await html(await call(`/popcustom?id=${saved.id}`, { cookie: admin.cookie }));
    expect(page).toContain(`value="${saved.header}"`);
    expect(page).toContain("Replace image");
    expect(page).toContain("Save changes");

    const body = {
      id: saved.id,
      header: `${saved.header} (new)`,
      headerStyle: "",
      paragraph: { text: "Shorter now.", style: "font-style:italic;" },
      buttonLabel: "",
      linkAddress: "",
      imageKey: "popups/legacy.png",
      imageAlt: "A new banner",
    };
    const answer = await actJson("/popcustom", body, admin.cookie);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(POPUP_SAVED);
    const [after] = await db.select().from(popups).where(eq(popups.id, saved.id));
    expect(after).toMatchObject({
      header: body.header,
      paragraphText: "Shorter now.",
      imageKey: "popups/legacy.png",
      imageAlt: "A new banner",
      version: saved.version + 1,
    });

    // Another key than its own must be the admin's own upload; removing the image is allowed.
    const foreign = await actJson("/popcustom", { ...body, imageKey: "users/someone/else.png" }, admin.cookie);
    expect(foreign.status).toBe(400);
    expect((await actJson("/popcustom", { ...body, imageKey: "" }, admin.cookie)).status).toBe(200);
    expect((await db.select().from(popups).where(eq(popups.id, saved.id)))[0]!.imageKey).toBeNull();
  });

  it("refuses an unknown popup and a member", async () => {
    expect((await call("/popcustom?id=nope", { cookie: admin.cookie })).status).toBe(404);
    const body = { id: "nope", header: "x" };
    expect((await actJson("/popcustom", body, admin.cookie)).status).toBe(404);
    expect((await actJson("/popcustom", body, member.cookie)).status).toBe(403);
  });
});
