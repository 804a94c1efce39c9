// A free beat for an e-mail address with consent (issue 33, ADR 055), through the whole Worker: the
// visitor's request, the e-mailed link (dev outbox), the download page and its original files, the
// seller's leads, and what is refused: no consent, a bad address, a beat that is not free or not
// public, an old link, an expired one, and too many requests.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, latestMail, signUp } from "../../../tests/workers/http";
import { html } from "../../../tests/workers/pages";
import { insertProduct } from "../../../tests/workers/store";
import { database } from "../../db/client";
import { freeDownloads } from "../../db/schema";

const te = (text: string) => new TextEncoder().encode(text);
let ips = 0;
/** Each test asks from its own address, so the per-client limit of one test leaves the others alone. */
const nextIp = () => `203.0.113.${++ips}`;
const fan = () => `fan-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function freeBeat(o: { accessType?: "private" | "public-read"; licenseType?: "free" | "non-exclusive" } = {}) {
  const seller = await signUp();
  const productId = await insertProduct(seller.user.id, {
    title: "Gift Beat",
    licenseType: o.licenseType ?? "free",
    accessType: o.accessType ?? "public-read",
    files: [{ fileName: "gift.wav", bytes: te("RIFF original bytes"), contentType: "audio/wav" }],
  });
  return { seller, productId };
}

const ask = (productId: string, json: unknown, ip = nextIp()) =>
  call(`/api/products/${productId}/free-download`, { json, ip });

const linkIn = async (email: string) => (await latestMail(email))!.body.match(/\/free\/([A-Za-z0-9_-]+)/)![1]!;

describe("free download for an e-mail", () => {
  it("e-mails a link to the beat's original files and lists the lead for the seller only", async () => {
    const { seller, productId } = await freeBeat();
    const email = fan();
    const asked = await ask(productId, { email: email.toUpperCase(), consent: true });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ message: "Check your inbox: the download link is on its way." });
    const mail = await latestMail(email);
    expect(mail?.subject).toBe("Your free download: Gift Beat");
    expect(mail?.body).toContain(`agreed to hear from ${seller.form.username}`);

    const leadsBefore = await (await call("/api/free-downloads", { cookie: seller.cookie })).json<any>();
    expect(leadsBefore.leads).toMatchObject([{ email, title: "Gift Beat", openedAt: null }]);

    const page = await call(`/free/${await linkIn(email)}`);
    expect(page.status).toBe(200);
    expect(Number(page.headers.get("x-d1-waits"))).toBeLessThanOrEqual(2);
    const text = await html(page);
    expect(text).toContain("Download gift.wav");
    expect(text).toContain("Free License (Non-Commercial Use)");
    const href = text.match(/href="([^"]+)" download="gift.wav"/)![1]!;
    const file = await call(new URL(href, "http://localhost").pathname + new URL(href, "http://localhost").search);
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe("RIFF original bytes");

    const leads = await (await call("/api/free-downloads", { cookie: seller.cookie })).json<any>();
    expect(leads.leads[0].openedAt).not.toBeNull();
    const stranger = await signUp();
    expect((await (await call("/api/free-downloads", { cookie: stranger.cookie })).json<any>()).leads).toEqual([]);
    const sales = await html(await call("/digimanager/sales", { cookie: seller.cookie }));
    expect(sales).toContain(email);
  });

  it("refuses without consent, with a bad address, and for a beat that is not free or not public", async () => {
    const { productId } = await freeBeat();
    const noConsent = await ask(productId, { email: fan(), consent: false });
    expect(noConsent.status).toBe(400);
    expect((await noConsent.json<any>()).error.fields.consent).toEqual([
      "Tick the box to agree to e-mail from the producer.",
    ]);
    const badAddress = await ask(productId, { email: "not-an-address", consent: true });
    expect((await badAddress.json<any>()).error.fields.email).toEqual(["Invalid email format."]);

    const paid = await freeBeat({ licenseType: "non-exclusive" });
    const notFree = await ask(paid.productId, { email: fan(), consent: true });
    expect(notFree.status).toBe(409);
    expect((await notFree.json<any>()).error.message).toBe("This beat is not offered as a free download.");
    const hidden = await freeBeat({ accessType: "private" });
    expect((await ask(hidden.productId, { email: fan(), consent: true })).status).toBe(404);
    expect((await ask("no-such-beat", { email: fan(), consent: true })).status).toBe(404);
  });

  it("a second request replaces the first link; an expired or made-up link says how to get a new one", async () => {
    const { productId } = await freeBeat();
    const email = fan();
    await ask(productId, { email, consent: true });
    const first = await linkIn(email);
    await ask(productId, { email, consent: true });
    const second = await linkIn(email);
    expect(second).not.toBe(first);
    const rows = await database(env.DB).select().from(freeDownloads).where(eq(freeDownloads.email, email));
    expect(rows).toHaveLength(1);

    const old = await call(`/free/${first}`);
    expect(old.status).toBe(404);
    expect(await html(old)).toContain("This download link is not valid or has expired.");
    expect((await call(`/free/${second}`)).status).toBe(200);
    await database(env.DB)
      .update(freeDownloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(freeDownloads.email, email));
    expect((await call(`/free/${second}`)).status).toBe(404);
    expect((await call("/free/made-up")).status).toBe(404);
  });

  it("limits requests per address and per client", async () => {
    const { productId } = await freeBeat();
    const email = fan();
    for (let i = 0; i < 3; i++) expect((await ask(productId, { email, consent: true })).status).toBe(202);
    const fourth = await ask(productId, { email, consent: true });
    expect(fourth.status).toBe(429);

    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await ask(productId, { email: fan(), consent: true }, ip)).status);
    expect(answers.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it("the seller's switch: a free beat downloads directly from its page, and then asks for no e-mail", async () => {
    const { seller, productId } = await freeBeat();
    const setDelivery = (asksEmail: unknown, cookie = seller.cookie, id = productId) =>
      call(`/api/products/${id}/free-delivery`, { method: "PUT", json: { asksEmail }, cookie });
    const [fileId] = (await (await call(`/api/sellers/${seller.user.id}/products`)).json<any>()).products[0].files.map(
      (f: any) => f.id,
    );
    const direct = () => call(`/api/products/${productId}/free-files/${fileId}`, { ip: nextIp() });

    // As before: the page offers the e-mail form, and the direct link is refused.
    const page = () => call(`/digiprev/${seller.user.id}/${productId}`).then(html);
    expect(await page()).toContain("Get it free by e-mail");
    const refused = await direct();
    expect(refused.status).toBe(409);
    expect((await refused.json<any>()).error.message).toBe(
      "This beat is sent by e-mail: ask for the link on its page.",
    );

    expect((await setDelivery(false)).status).toBe(204);
    const text = await page();
    expect(text).not.toContain("Get it free by e-mail");
    expect(text).toContain("Download gift.wav");
    const link = await direct();
    expect(link.status).toBe(302);
    const file = await call(
      new URL(link.headers.get("location")!).pathname + new URL(link.headers.get("location")!).search,
    );
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe("RIFF original bytes");
    const asked = await ask(productId, { email: fan(), consent: true });
    expect(asked.status).toBe(409);
    expect((await asked.json<any>()).error.message).toBe(
      "This beat downloads directly from its page: no e-mail needed.",
    );

    // Back to the e-mail form: the direct link stops.
    expect((await setDelivery(true)).status).toBe(204);
    expect((await direct()).status).toBe(409);
    expect((await ask(productId, { email: fan(), consent: true })).status).toBe(202);
  });

  it("counts direct downloads for the seller's sales view (not the seller's own), and limits them per client", async () => {
    const { seller, productId } = await freeBeat();
    await call(`/api/products/${productId}/free-delivery`, {
      method: "PUT",
      json: { asksEmail: false },
      cookie: seller.cookie,
    });
    const [fileId] = (await (await call(`/api/sellers/${seller.user.id}/products`)).json<any>()).products[0].files.map(
      (f: any) => f.id,
    );
    const path = `/api/products/${productId}/free-files/${fileId}`;
    const downloads = async () => {
      const report = await (await call("/api/sales", { cookie: seller.cookie })).json<any>();
      return report.plays.find((row: any) => row.title === "Gift Beat")?.downloads;
    };
    expect(await downloads()).toBe(0);
    expect((await call(path, { ip: nextIp() })).status).toBe(302);
    expect((await call(path, { ip: nextIp() })).status).toBe(302);
    expect((await call(path, { cookie: seller.cookie, ip: nextIp() })).status).toBe(302);
    expect(await downloads()).toBe(2);

    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push((await call(path, { ip })).status);
    expect(answers.slice(0, 60).every((status) => status === 302)).toBe(true);
    expect(answers[60]).toBe(429);
  });

  it("the switch is the seller's, for a free beat only, and checked", async () => {
    const { seller, productId } = await freeBeat();
    const put = (json: unknown, cookie: string, id = productId) =>
      call(`/api/products/${id}/free-delivery`, { method: "PUT", json, cookie });
    const stranger = await signUp();
    expect((await put({ asksEmail: false }, stranger.cookie)).status).toBe(404);
    const bad = await put({ asksEmail: "no" }, seller.cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json<any>()).error.fields.asksEmail).toEqual([
      "Choose whether the beat asks for an e-mail or downloads directly.",
    ]);
    const paid = await freeBeat({ licenseType: "non-exclusive" });
    const notFree = await put({ asksEmail: false }, paid.seller.cookie, paid.productId);
    expect(notFree.status).toBe(409);
    expect((await notFree.json<any>()).error.message).toBe(
      "Only a free beat can be given away: its licence is not free.",
    );
    // A private free beat set to download directly still gives nothing to visitors.
    const hidden = await freeBeat({ accessType: "private" });
    expect((await put({ asksEmail: false }, hidden.seller.cookie, hidden.productId)).status).toBe(204);
    const [file] = (await (await call("/api/products", { cookie: hidden.seller.cookie })).json<any>()).products[0]
      .files;
    expect((await call(`/api/products/${hidden.productId}/free-files/${file.id}`)).status).toBe(404);
    expect((await call(`/api/products/${hidden.productId}/free-files/made-up`)).status).toBe(404);
  });
});
