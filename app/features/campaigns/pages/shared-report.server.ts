// /campaign-reports/:token: the sponsor's read-only report. No account: the token is the key; a
// revoked or unknown token is the page's 404.
import { insertionOrderState } from "../../../../worker/domain/campaigns/documents/documents";
import { server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/shared-report";
import { sharedReport } from "./campaign-data.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps } = server(context);
  const report = await orNotFound(sharedReport(deps, params.token), "This report link is not valid or was revoked.");
  const io = await insertionOrderState(deps, report.campaign.id);
  return {
    token: params.token,
    report,
    insertionOrder: io && { status: io.status, signedAt: io.signedAt, verifyUrl: io.verifyUrl },
  };
}
