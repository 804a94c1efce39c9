// Campaigns (issue 47): the creator's calls (owner only: anyone else's campaign is 404) and the
// sponsor's read-only report by share token (no account).
import type { Context } from "hono";
import { campaignSchema, campaignUpdateSchema } from "../../app/kernel/schemas/campaigns";
import {
  campaignDetail,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  updateCampaign,
} from "../domain/campaigns/campaigns";
import { campaignCsv, campaignReport, type ReportScope } from "../domain/campaigns/report";
import { createShareLink, revokeShareLink } from "../domain/campaigns/shares";
import type { Deps } from "../domain/deps";
import { memberApi, publicApi, valid } from "./context";

async function csvResponse(c: Context, deps: Deps, scope: ReportScope) {
  const { filename, csv } = await campaignCsv(deps, scope);
  return c.body(csv, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "no-store",
  });
}

const creating = memberApi((app) =>
  app
    .get("/campaigns", async (c) => c.json({ campaigns: await listCampaigns(c.var.deps, c.var.user.id) }))
    .post("/campaigns", valid("json", campaignSchema), async (c) =>
      c.json({ campaign: await createCampaign(c.var.deps, c.var.user.id, c.req.valid("json")) }, 201),
    )
    .get("/campaigns/:id", async (c) =>
      c.json({ campaign: await campaignDetail(c.var.deps, c.var.user.id, c.req.param("id")) }),
    )
    .patch("/campaigns/:id", valid("json", campaignUpdateSchema), async (c) =>
      c.json({
        campaign: await updateCampaign(c.var.deps, c.var.user.id, c.req.param("id"), c.req.valid("json")),
      }),
    )
    .delete("/campaigns/:id", async (c) => {
      await deleteCampaign(c.var.deps, c.var.user.id, c.req.param("id"));
      return c.body(null, 204);
    })
    .get("/campaigns/:id/report", async (c) =>
      c.json({ report: await campaignReport(c.var.deps, { userId: c.var.user.id, campaignId: c.req.param("id") }) }),
    )
    .get("/campaigns/:id/report.csv", async (c) =>
      csvResponse(c, c.var.deps, { userId: c.var.user.id, campaignId: c.req.param("id") }),
    )
    .post("/campaigns/:id/share-links", async (c) =>
      c.json({ shareLink: await createShareLink(c.var.deps, c.var.user.id, c.req.param("id")) }, 201),
    )
    .delete("/campaigns/:id/share-links/:shareId", async (c) => {
      await revokeShareLink(c.var.deps, c.var.user.id, c.req.param("id"), c.req.param("shareId"));
      return c.body(null, 204);
    }),
);

const sponsor = publicApi()
  .get("/campaign-reports/:token", async (c) =>
    c.json({ report: await campaignReport(c.var.deps, { token: c.req.param("token") }) }, 200, {
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
    }),
  )
  .get("/campaign-reports/:token/report.csv", async (c) => csvResponse(c, c.var.deps, { token: c.req.param("token") }));

export const campaignsApi = publicApi().route("/", creating).route("/", sponsor);
