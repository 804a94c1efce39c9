// The sponsor's read-only link to a campaign's report (issue 47): no account, unguessable (an HMAC
// of the link's id under the app's secret, so the creator's page can show it again without it
// being stored), revocable (a revoked link's hash no longer finds the campaign). Only the token's
// SHA-256 is kept, as for signing links.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { CAMPAIGN_NOT_FOUND, campaignSharePath, type ShareLink } from "../../../app/kernel/schemas/campaigns";
import { type CampaignShare, campaignShares, campaigns } from "../../db/schema";
import { hmacSha256, isLinkToken, sha256 } from "../../security/crypto";
import type { Deps } from "../deps";
import { NotFound } from "../errors";

const shareToken = (secret: string, shareId: string) => hmacSha256(secret, `campaign-share:${shareId}`);

export async function shareLinkOf(deps: Deps, share: CampaignShare): Promise<ShareLink> {
  const token = await shareToken(deps.secret, share.id);
  return {
    id: share.id,
    token,
    url: `${deps.origin}${campaignSharePath(token)}`,
    createdAt: share.createdAt.toISOString(),
  };
}

/** A new share link for the member's own campaign (NotFound for anyone else's). */
export async function createShareLink(deps: Deps, userId: string, campaignId: string): Promise<ShareLink> {
  const [campaign] = await deps.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  if (!campaign) throw new NotFound(CAMPAIGN_NOT_FOUND);
  const id = crypto.randomUUID();
  const [share] = await deps.db
    .insert(campaignShares)
    .values({ id, campaignId: campaign.id, tokenHash: await sha256(await shareToken(deps.secret, id)) })
    .returning();
  return shareLinkOf(deps, share!);
}

/** Revokes one of the member's campaign's links; NotFound for anyone else's campaign, or a link already revoked. */
export async function revokeShareLink(deps: Deps, userId: string, campaignId: string, shareId: string) {
  const [[campaign], revoked] = await deps.db.batch([
    deps.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId))),
    deps.db
      .update(campaignShares)
      .set({ revokedAt: new Date(deps.now()) })
      .where(
        and(
          eq(campaignShares.id, shareId),
          inArray(
            campaignShares.campaignId,
            deps.db
              .select({ id: campaigns.id })
              .from(campaigns)
              .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId))),
          ),
          isNull(campaignShares.revokedAt),
        ),
      )
      .returning({ id: campaignShares.id }),
  ]);
  if (!campaign) throw new NotFound(CAMPAIGN_NOT_FOUND);
  if (revoked.length === 0) throw new NotFound("Share link not found.");
}

/**
 * The campaign a live link's token opens, as a subquery (so the report reads it in its own batch);
 * null for what no token could be. Wrapped: a query returned from an async function would run.
 */
export async function sharedCampaignIds(deps: Deps, token: string) {
  if (!isLinkToken(token)) return null;
  const tokenHash = await sha256(token);
  return {
    ids: deps.db
      .select({ id: campaignShares.campaignId })
      .from(campaignShares)
      .where(and(eq(campaignShares.tokenHash, tokenHash), isNull(campaignShares.revokedAt))),
  };
}
