// A campaign's documents through the Worker (issue 47): the insertion order made from the campaign
// goes to the sponsor through document signing and comes back signed; delivery reports, for the
// creator and from the sponsor's share link, verify by code and by bytes, and an edited copy does
// not; only the creator reaches the campaign's documents.
import { beforeAll, describe, expect, it } from "vitest";
import { call, latestMail, signUp } from "../../tests/workers/http";
import { addToPlaylist, playlistOf, programWith, projectWith, setItemSlot } from "../../tests/workers/playlists";
import { sha256Hex } from "../domain/signing/signatures";

let member: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let campaignId: string;
const sponsorEmail = `sponsor-${crypto.randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  member = await signUp({}, "198.51.100.121");
  other = await signUp({}, "198.51.100.122");
  const created = await call("/api/shows", {
    cookie: member.cookie,
    json: {
      title: "Seed Talk",
      slug: `docs-${Date.now().toString(36)}`,
      description: "Farm talk",
      author: "Ada",
      category: "Leisure",
      language: "en",
    },
  });
  const { show } = await created.json<any>();
  const project = await projectWith(member.cookie, ["audio", "audio", "audio"], "One");
  await addToPlaylist(member.cookie, project.projectId, project.fileIds);
  const playlist = await playlistOf(member.cookie, project.projectId);
  await setItemSlot(member.cookie, playlist.items[1].id, "b");
  const published = await call(`/api/shows/${show.id}/episodes`, {
    cookie: member.cookie,
    json: { playlistId: playlist.id, title: "Episode One", description: "Notes" },
  });
  const { episode } = await published.json<any>();
  const programId = await programWith(member.cookie, ["b"], "audio");
  const campaign = await call("/api/campaigns", {
    cookie: member.cookie,
    json: {
      programId,
      sponsorName: "Acme Seeds",
      sponsorEmail,
      goalImpressions: 150,
      cpm: "25",
      episodeIds: [episode.id],
    },
  });
  expect(campaign.status).toBe(201);
  campaignId = (await campaign.json<any>()).campaign.id;
}, 60_000);

describe("insertion order", () => {
  it("is sent to the sponsor once, signed from the e-mailed link, and its signed copy is linked", async () => {
    const path = `/api/campaigns/${campaignId}/insertion-orders`;
    expect((await call(path, { method: "POST" })).status).toBe(401);
    expect((await call(path, { method: "POST", cookie: other.cookie })).status).toBe(404);
    const sent = await call(path, { method: "POST", cookie: member.cookie });
    expect(sent.status).toBe(201);
    expect((await call(path, { method: "POST", cookie: member.cookie })).status).toBe(409);

    const mail = await latestMail(sponsorEmail);
    expect(mail?.subject).toBe(
      'Please sign "Insertion order Acme Seeds on Spring spots C-' + campaignId.slice(0, 8).toUpperCase() + '"',
    );
    const token = mail!.body.match(/\/sign\/([A-Za-z0-9_-]+)/)![1]!;
    const view = await (await call(`/api/sign/${token}`)).json<any>();
    expect(view.title).toContain("Insertion order Acme Seeds");
    expect(view.pageCount).toBeGreaterThanOrEqual(1);
    const signed = await call(`/api/sign/${token}`, {
      json: { fullName: "Sam Sponsor", consent: true, signatureKind: "typed" },
    });
    expect(signed.status).toBe(200);

    const listed = await (await call(path, { cookie: member.cookie })).json<any>();
    expect(listed.insertionOrders).toHaveLength(1);
    expect(listed.insertionOrders[0]).toMatchObject({ status: "signed" });
    expect(listed.insertionOrders[0].signedUrl).toMatch(/^\/bigfile\//);
    expect(listed.insertionOrders[0].verifyUrl).toMatch(/^\/verify\//);
    expect((await call(path, { method: "POST", cookie: member.cookie })).status).toBe(409);
  });
});

describe("delivery report", () => {
  it("verifies by code and by its bytes; an edited copy does not", async () => {
    const path = `/api/campaigns/${campaignId}/delivery-report.pdf`;
    expect((await call(path)).status).toBe(401);
    expect((await call(path, { cookie: other.cookie })).status).toBe(404);
    const answer = await call(path, { cookie: member.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const code = answer.headers.get("x-verification-code")!;
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");

    const byCode = await (await call(`/api/delivery-reports/${code}`)).json<any>();
    expect(byCode).toMatchObject({ valid: true, impressions: 0, amountCents: 0, sha256: await sha256Hex(bytes) });
    expect((await (await call(`/api/delivery-reports?sha256=${await sha256Hex(bytes)}`)).json<any>()).match).toBe(true);
    const edited = bytes.slice();
    edited[edited.length - 30] = (edited[edited.length - 30] ?? 0) ^ 1;
    expect((await (await call(`/api/delivery-reports?sha256=${await sha256Hex(edited)}`)).json<any>()).match).toBe(
      false,
    );
    expect((await call("/api/delivery-reports?sha256=nope")).status).toBe(400);
    expect((await call("/api/delivery-reports/NOSUCHCODE")).status).toBe(404);

    // The verification page states it.
    const page = await (await call(`/verify/${code}`)).text();
    expect(page).toContain("Valid: this delivery report was issued by Creator Platform.");
  });

  it("comes from the sponsor's share link too, until it is revoked", async () => {
    const created = await call(`/api/campaigns/${campaignId}/share-links`, { method: "POST", cookie: member.cookie });
    const { shareLink } = await created.json<any>();
    const path = `/api/campaign-reports/${shareLink.token}/delivery-report.pdf`;
    const answer = await call(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    await answer.arrayBuffer();
    const page = await call(`/campaign-reports/${shareLink.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Acme Seeds");
    await call(`/api/campaigns/${campaignId}/share-links/${shareLink.id}`, { method: "DELETE", cookie: member.cookie });
    expect((await call(path)).status).toBe(404);
    expect((await call(`/campaign-reports/${shareLink.token}`)).status).toBe(404);
  });
});
