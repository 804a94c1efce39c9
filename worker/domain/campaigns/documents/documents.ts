// A campaign's documents (issue 47). The insertion order is a project PDF sent through the
// product's signing (../../signing/signatures.ts): stored in the project of the campaign's first
// episode, its request recorded here so the campaign shows the signature status and signed copy.
// A delivery report is made on demand; each issued copy is registered by code and SHA-256 so
// /verify says valid (these exact bytes were issued) or not (changed, or never issued here).
import { and, desc, eq } from "drizzle-orm";
import { IMPRESSION_METHOD } from "../../../../app/kernel/schemas/campaigns";
import { campaignDocuments, files, signatureRequests } from "../../../db/schema";
import { randomId } from "../../../security/crypto";
import { projectFileKey } from "../../../storage/keys";
import type { Deps } from "../../deps";
import { Conflict, Invalid } from "../../errors";
import { requestSignatures, sha256Hex } from "../../signing/signatures";
import { type CampaignSheet, type DeliveryFigures, deliveryReportPdf, insertionOrderPdf } from "./pdf";

export const IO_SENT = "Insertion order sent to the sponsor for signature.";
export const IO_ALREADY_OUT = "An insertion order is already waiting for the sponsor's signature. Void it first.";
export const IO_ALREADY_SIGNED = "The sponsor has already signed the insertion order.";
export const IO_NEEDS_EPISODE = "Add the campaign to at least one episode before sending the insertion order.";

const fileSafe = (text: string) =>
  text
    .replace(/[^A-Za-z0-9 _-]+/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60) || "campaign";

/** The campaign's insertion orders, newest first, with their signature state. */
export async function insertionOrders(deps: Pick<Deps, "db">, campaignId: string) {
  const rows = await deps.db
    .select({
      id: campaignDocuments.id,
      createdAt: campaignDocuments.createdAt,
      requestId: signatureRequests.id,
      status: signatureRequests.status,
      code: signatureRequests.code,
      fileId: signatureRequests.fileId,
      signedFileId: signatureRequests.signedFileId,
      completedAt: signatureRequests.completedAt,
    })
    .from(campaignDocuments)
    .leftJoin(signatureRequests, eq(signatureRequests.id, campaignDocuments.signatureRequestId))
    .where(and(eq(campaignDocuments.campaignId, campaignId), eq(campaignDocuments.kind, "insertionOrder")))
    .orderBy(desc(campaignDocuments.createdAt));
  return rows.map((row) => ({
    id: row.id,
    requestId: row.requestId,
    status: row.status ?? ("voided" as const),
    sentAt: row.createdAt,
    signedAt: row.completedAt,
    documentUrl: row.fileId ? `/bigfile/${row.fileId}` : null,
    signedUrl: row.signedFileId ? `/bigfile/${row.signedFileId}` : null,
    verifyUrl: row.status === "signed" && row.code ? `/verify/${row.code}` : null,
  }));
}

/** The latest insertion order's state, for the campaign page and the sponsor's view. */
export async function insertionOrderState(deps: Pick<Deps, "db">, campaignId: string) {
  const [latest] = await insertionOrders(deps, campaignId);
  return latest ?? null;
}

/**
 * Makes the insertion order from the campaign, stores it in `projectId` (the creator's project of
 * the campaign's first episode) and asks the sponsor to sign it: the project signing's own checks,
 * e-mail and link.
 */
export async function sendInsertionOrder(
  deps: Deps,
  userId: string,
  campaignId: string,
  projectId: string | null,
  projectOwnerId: string,
  sheet: CampaignSheet,
) {
  if (!projectId) throw new Invalid(IO_NEEDS_EPISODE);
  const latest = await insertionOrderState(deps, campaignId);
  if (latest?.status === "signed") throw new Conflict(IO_ALREADY_SIGNED);
  if (latest && (latest.status === "sent" || latest.status === "viewed")) throw new Conflict(IO_ALREADY_OUT);
  const now = new Date(deps.now());
  const bytes = await insertionOrderPdf(sheet, IMPRESSION_METHOD, now);
  const fileName = `Insertion order ${fileSafe(sheet.title)} ${sheet.reference}.pdf`;
  const key = projectFileKey(projectOwnerId, projectId, fileName, deps.now());
  await deps.storage.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  const fileId = crypto.randomUUID();
  await deps.db.insert(files).values({
    id: fileId,
    userId,
    projectId,
    key,
    fileName,
    contentType: "application/pdf",
    size: bytes.byteLength,
    kind: "pdf",
  });
  const { requestId } = await requestSignatures(deps, userId, projectId, { fileId, signers: [sheet.sponsorEmail] });
  await deps.db.insert(campaignDocuments).values({
    id: crypto.randomUUID(),
    campaignId,
    userId,
    kind: "insertionOrder",
    signatureRequestId: requestId,
    code: randomId(16),
    title: fileName,
  });
  return { message: IO_SENT, requestId };
}

/** Issues a delivery report: the PDF's bytes, registered by code and SHA-256. */
export async function issueDeliveryReport(
  deps: Deps,
  userId: string,
  campaignId: string,
  sheet: CampaignSheet,
  figures: DeliveryFigures,
) {
  const code = randomId(16);
  const issuedAt = new Date(deps.now());
  const bytes = await deliveryReportPdf(sheet, figures, {
    code,
    verifyUrl: `${deps.origin}/verify/${code}`,
    issuedAt,
  });
  const sha256 = await sha256Hex(bytes);
  await deps.db.insert(campaignDocuments).values({
    id: crypto.randomUUID(),
    campaignId,
    userId,
    kind: "deliveryReport",
    code,
    sha256,
    title: `Delivery report – ${sheet.title}`,
    periodStart: figures.periodStart,
    periodEnd: figures.periodEnd,
    impressions: figures.impressions,
    amountCents: figures.amountDueCents,
    createdAt: issuedAt,
  });
  return { bytes, code, sha256, fileName: `Delivery report ${fileSafe(sheet.title)} ${figures.periodEnd}.pdf` };
}

/** What /verify says of a delivery report, by its code or by the SHA-256 of a copy. */
export async function reportVerification(deps: Pick<Deps, "db">, by: { code: string } | { sha256: string }) {
  const [row] = await deps.db
    .select()
    .from(campaignDocuments)
    .where(
      and(
        eq(campaignDocuments.kind, "deliveryReport"),
        "code" in by ? eq(campaignDocuments.code, by.code) : eq(campaignDocuments.sha256, by.sha256.toLowerCase()),
      ),
    )
    .limit(1);
  if (!row?.sha256) return null;
  return {
    kind: "deliveryReport" as const,
    code: row.code,
    title: row.title,
    valid: true,
    issuedAt: row.createdAt,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    impressions: row.impressions ?? 0,
    amountCents: row.amountCents,
    sha256: row.sha256,
  };
}
