// A campaign's documents (issue 47): the creator sends the insertion order and downloads delivery
// reports; the sponsor downloads one from their share link; anyone checks a report at /verify.
import { z } from "zod";
import { campaignDetail } from "../domain/campaigns/campaigns";
import {
  creatorDeliveryReport,
  sendCampaignInsertionOrder,
  sharedDeliveryReport,
} from "../domain/campaigns/documents/campaign-documents";
import { insertionOrders, reportVerification } from "../domain/campaigns/documents/documents";
import { memberApi, publicApi, valid } from "./context";

const pdf = (report: { bytes: Uint8Array; fileName: string; code: string }) =>
  new Response(report.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${report.fileName.replace(/[^A-Za-z0-9 ._-]/g, "")}"`,
      "cache-control": "private, no-store",
      "x-verification-code": report.code,
    },
  });

const member = memberApi((app) =>
  app
    .get("/campaigns/:campaignId/insertion-orders", async (c) => {
      const campaign = await campaignDetail(c.var.deps, c.var.user.id, c.req.param("campaignId"));
      return c.json({ insertionOrders: await insertionOrders(c.var.deps, campaign.id) });
    })
    .post("/campaigns/:campaignId/insertion-orders", async (c) =>
      c.json(await sendCampaignInsertionOrder(c.var.deps, c.var.user.id, c.req.param("campaignId")), 201),
    )
    .get("/campaigns/:campaignId/delivery-report.pdf", async (c) =>
      pdf(await creatorDeliveryReport(c.var.deps, c.var.user.id, c.req.param("campaignId"))),
    ),
);

const hexHash = z.object({ sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, "A SHA-256 is 64 hexadecimal digits.") });

export const campaignDocumentsApi = publicApi()
  .get("/campaign-reports/:token/delivery-report.pdf", async (c) =>
    pdf(await sharedDeliveryReport(c.var.deps, c.req.param("token"))),
  )
  .get("/delivery-reports", valid("query", hexHash), async (c) => {
    const report = await reportVerification(c.var.deps, { sha256: c.req.valid("query").sha256 });
    return c.json({ match: report !== null, report });
  })
  .get("/delivery-reports/:code", async (c) => {
    const report = await reportVerification(c.var.deps, { code: c.req.param("code") });
    return report
      ? c.json(report)
      : c.json({ error: { code: "not_found", message: "No delivery report has this code." } }, 404);
  })
  .route("/", member);
