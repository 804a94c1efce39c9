// /digimanager/sales: the seller's own sales in a date range (issue 33) and their free-download leads. An unreadable range is
// answered with its message beside the field and the report over every date.
import { freeDownloadLeads } from "../../../../worker/domain/store/free-downloads";
import { salesReport } from "../../../../worker/domain/store/sales";
import { salesRangeSchema } from "../../../kernel/schemas/sales";
import { requireUser, server } from "../../../lib/auth.server";
import type { Route } from "./+types/sales";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const params = new URL(request.url).searchParams;
  const asked = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const range = salesRangeSchema.safeParse(asked);
  const errors = range.success
    ? {}
    : Object.fromEntries(range.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const [report, leads] = await Promise.all([
    salesReport(deps, user.id, range.success ? range.data : {}),
    freeDownloadLeads(deps, user.id),
  ]);
  return { asked, errors, report, leads };
}
