// The seller's sales view (issue 33): the date range it covers. Ours; the seed has no sales view.
import { z } from "zod";

export const DATE_INVALID = "Enter a date as YYYY-MM-DD.";
export const RANGE_INVALID = "The start date must be on or before the end date.";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_INVALID)
  // A day that exists: "2026-02-30" does not survive the round trip.
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, DATE_INVALID);

/** `from` and `to` are whole UTC days, both included; an empty field means no bound. */
export const salesRangeSchema = z
  .object({
    from: z.preprocess((v) => (v === "" ? undefined : v), day.optional()),
    to: z.preprocess((v) => (v === "" ? undefined : v), day.optional()),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: RANGE_INVALID, path: ["to"] });
export type SalesRange = z.infer<typeof salesRangeSchema>;

/** The sales view's periods: presets of whole UTC days ending today, every date, or a from/to range. */
export const SALES_PERIODS = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "all", label: "All time" },
  { value: "custom", label: "Custom" },
] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number]["value"];

/** The period a URL asks for: a known `period`, else a custom range when it names dates, else all time. */
export function salesPeriodOf(param: string | null, hasDates: boolean): SalesPeriod {
  const known = SALES_PERIODS.find((p) => p.value === param);
  if (known) return known.value;
  return hasDates ? "custom" : "all";
}
