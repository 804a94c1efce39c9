// A campaign's documents (issue 47): the insertion order goes out through the project signing and
// comes back signed; each delivery report is registered so /verify tells its exact bytes from an
// edited copy.
import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { call, latestMail, type Member, signUp } from "../../../../tests/workers/http";
import { mp3Bytes, upload } from "../../../../tests/workers/uploads";
import { makeDeps } from "../../deps";
import { sha256Hex } from "../../signing/signatures";
import {
  IO_ALREADY_OUT,
  insertionOrderState,
  issueDeliveryReport,
  reportVerification,
  sendInsertionOrder,
} from "./documents";
import type { CampaignSheet, DeliveryFigures } from "./pdf";

const deps = makeDeps(env, "http://localhost");

const sheet = (sponsorEmail: string): CampaignSheet => ({
  reference: "C-0001",
  title: "Spring sponsorship",
  creatorName: "Ada Creator",
  creatorEmail: "ada@example.com",
  sponsorName: "Acme Coffee",
  sponsorEmail,
  spots: [{ slot: "B", name: "Acme 30s", durationSeconds: 30 }],
  runsOn: ["Morning Show: Episode 1", "Morning Show: Episode 2"],
  flightStart: new Date("2026-12-01T00:00:00Z"),
  flightEnd: new Date("2026-12-31T00:00:00Z"),
  goal: 150,
  cpmCents: 2500,
});

const figures: DeliveryFigures = {
  periodStart: "2026-12-01",
  periodEnd: "2026-12-05",
  impressions: 150,
  billableImpressions: 150,
  amountDueCents: 375,
  method: "Impressions are counted per IAB v2.2.",
  statusText: "Delivered 2026-12-05",
  deliveredAt: new Date("2026-12-05T10:00:00Z"),
  byDay: [
    { label: "2026-12-04", impressions: 100 },
    { label: "2026-12-05", impressions: 50 },
  ],
  byEpisode: [{ label: "Episode 1", impressions: 150 }],
  byApp: [{ label: "Apple Podcasts", impressions: 150 }],
  byCountry: [{ label: "US", impressions: 150 }],
};

let creator: Member;
let projectId: string;

beforeAll(async () => {
  creator = await signUp();
  const created = await upload(creator.cookie, {
    fileName: "episode.mp3",
    contentType: "audio/mpeg",
    bytes: mp3Bytes(),
    projectTitle: "Morning_Show_1",
  });
  projectId = created.projectId;
});

describe("insertion order", () => {
  it("is made from the campaign, signed by the sponsor from the e-mailed link, and its signed copy is linked", async () => {
    const campaignId = crypto.randomUUID();
    const sponsor = `sponsor-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await sendInsertionOrder(deps, creator.user.id, campaignId, projectId, creator.user.id, sheet(sponsor));
    expect((await insertionOrderState(deps, campaignId))?.status).toBe("sent");
    await expect(
      sendInsertionOrder(deps, creator.user.id, campaignId, projectId, creator.user.id, sheet(sponsor)),
    ).rejects.toThrow(IO_ALREADY_OUT);

    const mail = await latestMail(sponsor);
    expect(mail?.subject).toContain("Insertion order");
    const token = mail!.body.match(/\/sign\/([A-Za-z0-9_-]+)/)![1]!;
    const view = await (await call(`/api/sign/${token}`)).json<{ documentUrl: string; pageCount: number }>();
    expect(view.pageCount).toBeGreaterThanOrEqual(1);
    const signed = await call(`/api/sign/${token}`, {
      json: { fullName: "Sam Sponsor", consent: true, signatureKind: "typed" },
    });
    expect(signed.status).toBe(200);
    const state = await insertionOrderState(deps, campaignId);
    expect(state?.status).toBe("signed");
    expect(state?.signedUrl).toMatch(/^\/bigfile\//);
    expect(state?.verifyUrl).toMatch(/^\/verify\//);
  });

  it("needs an episode's project to live in", async () => {
    await expect(
      sendInsertionOrder(deps, creator.user.id, crypto.randomUUID(), null, creator.user.id, sheet("x@example.com")),
    ).rejects.toThrow(/at least one episode/);
  });
});

describe("delivery report", () => {
  it("states method, figures and period, and verifies by code and bytes; an edited copy does not", async () => {
    const campaignId = crypto.randomUUID();
    const report = await issueDeliveryReport(deps, creator.user.id, campaignId, sheet("s@example.com"), figures);
    const pdf = await PDFDocument.load(report.bytes);
    expect(pdf.getTitle()).toBe("Delivery report – Spring sponsorship");
    const raw = new TextDecoder("latin1").decode(report.bytes);
    expect(raw).toContain("%PDF-");

    const byCode = await reportVerification(deps, { code: report.code });
    expect(byCode).toMatchObject({ valid: true, impressions: 150, amountCents: 375, periodEnd: "2026-12-05" });
    expect(await reportVerification(deps, { sha256: await sha256Hex(report.bytes) })).toMatchObject({
      code: report.code,
    });

    // One changed figure: another file, found nowhere.
    pdf.setSubject("edited");
    const edited = await pdf.save();
    expect(await reportVerification(deps, { sha256: await sha256Hex(edited) })).toBeNull();
    const answer = await call(`/api/signatures?sha256=${await sha256Hex(edited)}`);
    expect((await answer.json<{ match: boolean }>()).match).toBe(false);
  });
});
