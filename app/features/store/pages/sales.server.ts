// /digimanager/sales: the seller's own sales in a period (issue 33) and their free-download leads. A
// preset period (last 7, 30 or 90 days, all time) is a link; a custom one is a from/to form. An
// unreadable range is answered with its message beside the field and the report over every date.
import { freeDownloadLeads } from "../../../../worker/domain/store/free-downloads";
import { salesReport, salesTrend } from "../../../../worker/domain/store/sales";
import { type SalesPeriod, salesPeriodOf, salesRangeSchema } from "../../../kernel/schemas/sales";
import { requireUser, server } from "../../../lib/auth.server";
import type { Route } from "./+types/sales";

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const params = new URL(request.url).searchParams;
  const asked = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const period: SalesPeriod = salesPeriodOf(params.get("period"), Boolean(asked.from || asked.to));
  const days = { "7d": 7, "30d": 30, "90d": 90 }[period as string];
  // A preset is whole UTC days ending today, today included.
  const today = deps.now();
  const wanted = days ? { from: isoDay(today - (days - 1) * DAY_MS), to: isoDay(today) } : asked;
  const range = period === "all" ? { success: true as const, data: {} } : salesRangeSchema.safeParse(wanted);
  const errors = range.success
    ? {}
    : Object.fromEntries(range.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const [report, trend, leads] = await Promise.all([
    salesReport(deps, user.id, range.success ? range.data : {}),
    salesTrend(deps, user.id),
    freeDownloadLeads(deps, user.id),
  ]);
  return { asked, period, errors, report, trend, leads };
}
