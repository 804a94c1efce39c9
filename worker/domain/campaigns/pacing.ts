// Pacing (issue 47): a campaign that reaches its goal, or whose flight's end has passed, stops the
// way a scheduled program ends: its applications are undone, so each slot plays what it held
// before at the next request (stitched episodes are joined per request: nothing is rendered
// again). The counting batch that reaches the goal stops it at once; the cron sweep (every
// minute) catches any stop that failed and the flights that ended.
import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { type Campaign, type CampaignState, campaigns, programApplications, programs } from "../../db/schema";
import type { Deps } from "../deps";
import { undoApplication } from "../programs/applications";
import { type CampaignTotal, reachedGoal } from "./impressions";

/**
 * Stops the campaign as `state` (delivered or ended) if it is still live: the first caller claims
 * it (one conditional UPDATE), then undoes its program's open applications, latest first, and ends
 * the program's schedule so the sweep does not apply it again. Answers whether this call stopped it.
 */
export async function stopCampaign(deps: Deps, campaignId: string, state: Exclude<CampaignState, "live">) {
  const [claimed] = await deps.db
    .update(campaigns)
    .set({ state, stoppedAt: new Date(deps.now()) })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.state, "live")))
    .returning();
  if (!claimed) return false;
  await withdrawSpots(deps, claimed);
  return true;
}

/** Undoes the campaign program's applications (as a scheduled end does) and ends its schedule. */
async function withdrawSpots(deps: Deps, campaign: Campaign) {
  const [, open] = await deps.db.batch([
    deps.db.update(programs).set({ scheduleState: "ended" }).where(eq(programs.id, campaign.programId)),
    deps.db
      .select()
      .from(programApplications)
      .where(and(eq(programApplications.programId, campaign.programId), isNull(programApplications.undoneAt)))
      .orderBy(desc(programApplications.createdAt)),
  ]);
  for (const application of open) {
    try {
      await undoApplication(deps, campaign.userId, application.id);
    } catch (error) {
      console.error(`campaign ${campaign.id} could not withdraw its spot from ${application.playlistId}`, error);
    }
  }
}

/** After a counted download: stops the campaigns whose goal it reached. */
export async function paceCampaigns(deps: Deps, totals: readonly CampaignTotal[]) {
  for (const total of totals.filter(reachedGoal)) await stopCampaign(deps, total.id, "delivered");
}

/**
 * The cron's part: live campaigns at their goal are delivered, those whose program's end has passed
 * are ended. Runs before the program schedules, so a campaign's end is this module's.
 */
export async function runCampaignPacing(deps: Deps) {
  const now = new Date(deps.now());
  const [atGoal, pastEnd] = await deps.db.batch([
    deps.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.state, "live"),
          isNotNull(campaigns.goalImpressions),
          sql`${campaigns.impressions} >= ${campaigns.goalImpressions}`,
        ),
      ),
    deps.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.state, "live"),
          inArray(
            campaigns.programId,
            deps.db
              .select({ id: programs.id })
              .from(programs)
              .where(and(isNotNull(programs.endsAt), lte(programs.endsAt, now))),
          ),
        ),
      ),
  ]);
  const delivered = new Set(atGoal.map((c) => c.id));
  for (const id of delivered) await stopCampaign(deps, id, "delivered");
  for (const { id } of pastEnd) if (!delivered.has(id)) await stopCampaign(deps, id, "ended");
}
