// /campaigns/:campaignId: the creator's campaign (report, insertion order, share links, edits).
import { sendCampaignInsertionOrder } from "../../../../worker/domain/campaigns/documents/campaign-documents";
import { insertionOrderState } from "../../../../worker/domain/campaigns/documents/documents";
import { parse } from "../../../../worker/domain/validation";
import { campaignUpdateSchema } from "../../../kernel/schemas/campaigns";
import { requireUser, server } from "../../../lib/auth.server";
import { formFields, intentAction } from "../../../lib/forms.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/campaign";
import {
  campaignDetail,
  campaignReport,
  createShareLink,
  revokeShareLink,
  updateCampaign,
} from "./campaign-data.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const campaign = await orNotFound(campaignDetail(deps, user.id, params.campaignId), "Campaign not found.");
  const [report, insertionOrder] = await Promise.all([
    campaignReport(deps, user.id, campaign.id),
    insertionOrderState(deps, campaign.id),
  ]);
  return { campaign, report, insertionOrder };
}

const blank = (value: string | undefined) => (value === undefined || value.trim() === "" ? null : value);

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? "";
  const id = params.campaignId;
  return intentAction({ intent }, async () => {
    switch (intent) {
      case "update": {
        const form = parse(campaignUpdateSchema, {
          sponsorName: fields.sponsorName,
          sponsorEmail: fields.sponsorEmail,
          goalImpressions: blank(fields.goalImpressions),
          cpm: blank(fields.cpm),
          endsAt: blank(fields.endsAt),
        });
        await updateCampaign(deps, user.id, id, form);
        return { message: "Campaign saved." };
      }
      case "send-io":
        return sendCampaignInsertionOrder(deps, user.id, id);
      case "create-share": {
        const link = await createShareLink(deps, user.id, id);
        return { message: "Share link created.", link };
      }
      case "revoke-share":
        await revokeShareLink(deps, user.id, id, fields.shareId ?? "");
        return { message: "Share link revoked." };
      default:
        return { message: "" };
    }
  });
}
