// Document signing (issue 34, ADR 042) through the API, as a member and as signers without
// accounts: requests with the bad-input rules, links that work once for one signer, the signed PDF
// with its certificate page, mails to everyone, verification of a copy, voiding and reminders.
import { env } from "cloudflare:workers";
import { desc, eq, like } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ALREADY_SIGNED,
  CONSENT_REQUIRED,
  INVALID_EMAIL,
  NOT_A_PDF,
  PDF_TOO_LARGE,
  REQUEST_VOIDED,
  SIGNATURE_REQUIRED,
  SIGNER_REQUIRED,
  TOO_MANY_PAGES,
} from "../../../app/kernel/schemas/signing";
import { call, latestMail, type Member, signUp } from "../../../tests/workers/http";
import { joinAs } from "../../../tests/workers/teams";
import { upload, uploadPng } from "../../../tests/workers/uploads";
import { database } from "../../db/client";
import { devOutbox, files, signatureRequests } from "../../db/schema";
import { makeDeps } from "../deps";
import { projectPageData } from "../files/project-page";
import { remindSigners } from "./signatures";

const db = database(env.DB);

async function pdfBytes(pages = 1) {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 200]).drawText(`Page ${i + 1}`, { x: 20, y: 100 });
  return new Uint8Array(await pdf.save()) as Uint8Array<ArrayBuffer>;
}

async function signingToken(to: string) {
  const token = (await latestMail(to))!.body.match(/\/sign\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no signing link mailed to ${to}`);
  return token;
}

const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

let owner: Member;
let projectId: string;
let pdfId: string;

beforeAll(async () => {
  owner = await signUp();
  const created = await upload(owner.cookie, {
    fileName: "guest release.pdf",
    contentType: "application/pdf",
    bytes: await pdfBytes(2),
    projectTitle: "Episode_12",
  });
  projectId = created.projectId;
  pdfId = created.fileId;
});

const request = (cookie: string, json: unknown) =>
  call(`/api/projects/${projectId}/signature-requests`, { cookie, json });

describe("requesting signatures", () => {
  it("refuses a file that is not a PDF, a PDF over 25 MB or 200 pages, and bad e-mails, changing nothing", async () => {
    const png = await uploadPng(owner.cookie, "cover.png", { projectId });
    const many = await upload(owner.cookie, {
      fileName: "long.pdf",
      contentType: "application/pdf",
      bytes: await pdfBytes(201),
      projectId,
    });
    const large = await upload(owner.cookie, {
      fileName: "large.pdf",
      contentType: "application/pdf",
      bytes: await pdfBytes(1),
      projectId,
    });
    await db
      .update(files)
      .set({ size: 26 * 1024 * 1024 })
      .where(eq(files.id, large.fileId));
    const cases: [unknown, string][] = [
      [{ fileId: png.fileId, signers: ["guest@example.com"] }, NOT_A_PDF],
      [{ fileId: many.fileId, signers: ["guest@example.com"] }, TOO_MANY_PAGES],
      [{ fileId: large.fileId, signers: ["guest@example.com"] }, PDF_TOO_LARGE],
      [{ fileId: pdfId, signers: ["not-an-email"] }, INVALID_EMAIL],
      [{ fileId: pdfId, signers: "" }, SIGNER_REQUIRED],
    ];
    for (const [json, message] of cases) {
      const response = await request(owner.cookie, json);
      expect(response.status, message).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
    const made = await db.select().from(signatureRequests).where(eq(signatureRequests.projectId, projectId));
    expect(made).toEqual([]);
  });

  it("refuses a viewer (403) and a stranger (404)", async () => {
    const viewer = await joinAs(owner, "viewer", { projectId });
    const stranger = await signUp();
    expect((await request(viewer.cookie, { fileId: pdfId, signers: ["g@example.com"] })).status).toBe(403);
    expect((await request(stranger.cookie, { fileId: pdfId, signers: ["g@example.com"] })).status).toBe(404);
  });
});

describe("signing from the e-mailed links, without an account", () => {
  const guest = uniqueEmail("guest");
  const sponsor = uniqueEmail("sponsor");
  let guestToken: string;
  let sponsorToken: string;

  it("mails each signer their own link, and the first look marks it viewed", async () => {
    const sent = await request(owner.cookie, { fileId: pdfId, signers: `${guest}, ${sponsor}` });
    expect(sent.status).toBe(201);
    guestToken = await signingToken(guest);
    sponsorToken = await signingToken(sponsor);
    expect(guestToken).not.toBe(sponsorToken);
    const view = await (await call(`/api/sign/${guestToken}`)).json<any>();
    expect(view).toMatchObject({ state: "open", email: guest, pageCount: 2, title: "guest release" });
    expect(view.documentUrl).toBeTruthy();
    const page = await call(`/projects/${projectId}`, { cookie: owner.cookie });
    expect(page.status, await page.clone().text()).toBe(200);
    expect(await page.text()).toContain("guest_release.pdf");
    const list = await (
      await call(`/api/projects/${projectId}/signature-requests`, { cookie: owner.cookie })
    ).json<any>();
    expect(list.requests[0]).toMatchObject({ status: "viewed" });
    expect(list.requests[0].signers.map((s: any) => s.status)).toEqual(["viewed", "sent"]);
    expect((await call("/api/sign/not-a-real-token-at-all-xxxxxxxx")).status).toBe(404);
  });

  it("asks for consent and a signature, then signs once; the link reused says so and changes nothing", async () => {
    const noConsent = await call(`/api/sign/${guestToken}`, {
      json: { fullName: "Grace Guest", signatureKind: "typed" },
    });
    expect(noConsent.status).toBe(400);
    expect(JSON.stringify(await noConsent.json())).toContain(CONSENT_REQUIRED);
    const noDrawing = await call(`/api/sign/${guestToken}`, {
      json: { fullName: "Grace Guest", consent: true, signatureKind: "drawn", signaturePath: "<script>" },
    });
    expect(JSON.stringify(await noDrawing.json())).toContain(SIGNATURE_REQUIRED);

    const signed = await call(`/api/sign/${guestToken}`, {
      json: { fullName: "Grace Guest", consent: true, signatureKind: "typed" },
      ip: "203.0.113.7",
    });
    expect(signed.status).toBe(200);
    const again = await call(`/api/sign/${guestToken}`, {
      json: { fullName: "Someone Else", consent: true, signatureKind: "typed" },
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain(ALREADY_SIGNED);
    const [row] = await db.select().from(signatureRequests).where(eq(signatureRequests.projectId, projectId));
    expect(row!.status).toBe("viewed");
  });

  it("makes the signed PDF when the last signer signs: original pages plus a certificate, in the project, mailed to all", async () => {
    const signed = await call(`/api/sign/${sponsorToken}`, {
      json: {
        fullName: "Sam Sponsor",
        consent: "on",
        signatureKind: "drawn",
        signaturePath: "M10 100 L50 40 L90 110 L130 30",
      },
    });
    expect(signed.status).toBe(200);
    const [row] = await db.select().from(signatureRequests).where(eq(signatureRequests.projectId, projectId));
    expect(row).toMatchObject({ status: "signed" });
    expect(row!.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = await env.FILES.get(row!.signedKey!);
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(3);
    const [signedFile] = await db.select().from(files).where(eq(files.id, row!.signedFileId!));
    expect(signedFile).toMatchObject({
      projectId,
      fileName: "guest_release-signed.pdf",
      kind: "pdf",
    });

    for (const to of [guest, sponsor, owner.form.email]) {
      const mail = (await latestMail(to))!;
      expect(mail.subject, to).toBe('Signed: "guest release"');
      expect(mail.body).toContain(`/verify/${row!.code}`);
    }
    const view = await (await call(`/api/sign/${guestToken}`)).json<any>();
    expect(view).toMatchObject({ state: "signed", verifyUrl: `/verify/${row!.code}` });
    // The project page reads requests and signers in its one batch: each field where it belongs.
    const pageData = await projectPageData(makeDeps(env, "http://localhost"), owner.user.id, projectId);
    const [done] = pageData.signatureRequests.filter((r) => r.status === "signed");
    expect(done!.signers).toEqual([
      expect.objectContaining({ email: guest, fullName: "Grace Guest", status: "signed", signedAt: expect.any(Date) }),
      expect.objectContaining({ email: sponsor, fullName: "Sam Sponsor", status: "signed", remindedAt: null }),
    ]);
    expect(view.signedUrl).toBeTruthy();

    const verified = await (await call(`/api/signatures/${row!.code}`)).json<any>();
    expect(verified).toMatchObject({ valid: true, originalSha256: row!.originalSha256 });
    expect(verified.signers.map((s: any) => s.fullName)).toEqual(["Grace Guest", "Sam Sponsor"]);
    expect(verified.signers[0].email).not.toBe(guest);

    const genuine = await call("/api/signatures/check", {
      body: bytes,
      headers: { "content-type": "application/pdf" },
    });
    expect(await genuine.json()).toMatchObject({ match: true, document: { code: row!.code, valid: true } });
    const modified = bytes.slice();
    modified[modified.length - 20] = modified.at(-20)! ^ 1;
    const forged = await call("/api/signatures/check", {
      body: modified,
      headers: { "content-type": "application/pdf" },
    });
    expect(await forged.json()).toMatchObject({ match: false, document: null });
  });
});

describe("voiding and reminders", () => {
  it("voids an open request: its link then says so and signing changes nothing", async () => {
    const signer = uniqueEmail("voided");
    await request(owner.cookie, { fileId: pdfId, signers: [signer] });
    const token = await signingToken(signer);
    const [latest] = await db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.projectId, projectId))
      .orderBy(desc(signatureRequests.createdAt))
      .limit(1);
    const voided = await call(`/api/signature-requests/${latest!.id}/void`, { cookie: owner.cookie, method: "POST" });
    expect(voided.status).toBe(200);
    expect((await (await call(`/api/sign/${token}`)).json<any>()).state).toBe("voided");
    const late = await call(`/api/sign/${token}`, {
      json: { fullName: "Late", consent: true, signatureKind: "typed" },
    });
    expect(late.status).toBe(409);
    expect(JSON.stringify(await late.json())).toContain(REQUEST_VOIDED);
  });

  it("reminds a signer who has not signed after 3 days, once per 3 days", async () => {
    const signer = uniqueEmail("slow");
    await request(owner.cookie, { fileId: pdfId, signers: [signer] });
    const deps = (now: number) => ({ ...makeDeps(env, "http://localhost"), now: () => now });
    await remindSigners(deps(Date.now() + 2 * 24 * 3600 * 1000));
    expect((await latestMail(signer))!.subject).toContain("Please sign");
    await remindSigners(deps(Date.now() + 4 * 24 * 3600 * 1000));
    const reminder = (await latestMail(signer))!;
    expect(reminder.subject).toBe('Reminder: please sign "guest release"');
    expect(reminder.body).toContain("/sign/");
    const count = await db.select().from(devOutbox).where(like(devOutbox.subject, "Reminder:%"));
    await remindSigners(deps(Date.now() + 5 * 24 * 3600 * 1000));
    expect(await db.select().from(devOutbox).where(like(devOutbox.subject, "Reminder:%"))).toHaveLength(count.length);
  });
});
