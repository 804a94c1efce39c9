// A campaign's documents (issue 47): the insertion orders sent to the sponsor for signature (each a
// signature request of the project signing) and every delivery report issued, with the SHA-256 of
// its exact bytes and a code, so /verify can say whether a copy is one of them, unchanged.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner } from "./accounts";
import { signatureRequests } from "./teams";

export const CAMPAIGN_DOCUMENT_KINDS = ["insertionOrder", "deliveryReport"] as const;

export const campaignDocuments = sqliteTable(
  "campaign_documents",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id").notNull(),
    userId: owner(),
    kind: text("kind", { enum: CAMPAIGN_DOCUMENT_KINDS }).notNull(),
    /** An insertion order: its signature request (status, signed copy). */
    signatureRequestId: text("signature_request_id").references(() => signatureRequests.id, { onDelete: "set null" }),
    /** A delivery report: where /verify finds it, and the SHA-256 of the PDF as issued. */
    code: text("code").notNull(),
    sha256: text("sha256"),
    title: text("title").notNull(),
    periodStart: text("period_start"),
    periodEnd: text("period_end"),
    impressions: integer("impressions"),
    amountCents: integer("amount_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("campaign_documents_code_unique").on(t.code),
    index("campaign_documents_campaign_idx").on(t.campaignId, t.kind, t.createdAt),
    index("campaign_documents_sha256_idx").on(t.sha256),
  ],
);

export type CampaignDocument = typeof campaignDocuments.$inferSelect;
