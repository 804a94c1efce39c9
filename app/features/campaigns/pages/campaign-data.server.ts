// The campaign pages' reads and writes: the campaign domain (worker/domain/campaigns) behind the few
// calls the pages make.
import { campaignReport as reportOf } from "../../../../worker/domain/campaigns/report";
import type { Deps } from "../../../../worker/domain/deps";

export {
  campaignDetail,
  createCampaign,
  listCampaigns as campaignsOf,
  updateCampaign,
} from "../../../../worker/domain/campaigns/campaigns";
export { createShareLink, revokeShareLink } from "../../../../worker/domain/campaigns/shares";

export const campaignReport = (deps: Deps, userId: string, campaignId: string) =>
  reportOf(deps, { userId, campaignId });
export const sharedReport = (deps: Deps, token: string) => reportOf(deps, { token });
