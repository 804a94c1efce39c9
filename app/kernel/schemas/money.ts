// Money, the one rule for the whole product (store, fundraiser, auction). Prices arrive in dollars
// (a form field or a JSON number), are checked here, and are stored as integer cents; only the screen
// shows dollars again (`formatMoney`). Seed 001 §12: "Payment amount sent in cents: price times 100,
// rounded. Currency is dollars."
//
// Why the decimal check reads the written number and not the float: 0.001 must be refused, not
// rounded to 0 cents (issue 13 item 7), and 19.99 must be accepted although 19.99 * 100 is
// 1998.9999999999998 in binary floating point. `String(n)` gives the shortest decimal that reads back
// as the same float, which is exactly what the client wrote.
import { z } from "zod";

/** The largest price we take, in dollars (ours, not the seed's): keeps cents far inside 2^53. */
export const MAX_PRICE_DOLLARS = 10_000_000;

export const PRICE_NOT_A_NUMBER = "Price must be a number.";
export const PRICE_TOO_PRECISE = "Price can have at most 2 decimals.";
export const PRICE_TOO_SMALL = "Price must be at least $0.01.";
export const PRICE_NEGATIVE = "Price cannot be negative.";
export const PRICE_TOO_LARGE = `Price must be at most $${MAX_PRICE_DOLLARS.toLocaleString("en-US")}.`;

/** Plain dollars: "12", "12.5", "12.50", "12.", ".5". */
const DOLLARS = /^(\d+(\.\d{0,2})?|\.\d{1,2})$/;
/** A decimal that is a number but not plain dollars: a sign, more decimals, exponent notation. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** The written decimal form of a form value or JSON number, trimmed; null when it is neither. */
function written(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "string") return value.trim();
  return null;
}

/** Dollars with at most 2 decimals → integer cents, computed from the digits (no float rounding). */
export function toCents(dollars: number | string): number {
  const text = written(dollars);
  if (text !== null && DOLLARS.test(text)) {
    const [whole = "0", fraction = ""] = text.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  }
  // Not a checked price (e.g. a negative or a long fraction from internal code): the seed's rule.
  return Math.round(Number(dollars) * 100);
}

// In the zod-free formatting module, so a page that only shows prices loads no zod (ADR 051).
export { formatMoney } from "../format";

type MoneyFailure = "notANumber" | "negative" | "tooPrecise" | "tooSmall" | "tooLarge";
const SPECIFIC: Record<MoneyFailure, string> = {
  notANumber: PRICE_NOT_A_NUMBER,
  negative: PRICE_NEGATIVE,
  tooPrecise: PRICE_TOO_PRECISE,
  tooSmall: PRICE_TOO_SMALL,
  tooLarge: PRICE_TOO_LARGE,
};

interface MoneyOptions {
  /**
   * A form's own message (the seed's) for every failure, or for some of them; the rest keep the
   * specific messages above.
   */
  message?: string | Partial<Record<MoneyFailure, string>>;
  /** 0 is allowed (free items); otherwise the least is $0.01. */
  allowZero?: boolean;
}

/**
 * A price in dollars from a form or JSON → the dollars as a number (use `toCents` to store it).
 * Refuses blanks, non-numbers, negatives, more than 2 decimals, less than $0.01 (unless
 * `allowZero`) and more than MAX_PRICE_DOLLARS.
 */
export function money({ message, allowZero = false }: MoneyOptions = {}) {
  return z.unknown().transform((value, ctx): number => {
    const fail = (failure: MoneyFailure) => {
      const own = typeof message === "string" ? message : message?.[failure];
      ctx.addIssue({ code: "custom", message: own ?? SPECIFIC[failure] });
      return z.NEVER;
    };
    const text = written(value);
    if (text === null || !DECIMAL.test(text)) return fail("notANumber");
    const dollars = Number(text);
    if (dollars < 0) return fail("negative");
    if (dollars > MAX_PRICE_DOLLARS) return fail("tooLarge");
    if (!DOLLARS.test(text.replace(/^\+/, "")) && dollars !== 0) return fail("tooPrecise");
    if (!allowZero && dollars < 0.01) return fail("tooSmall");
    return dollars + 0; // -0 → 0
  });
}

/** A required price: at least $0.01. */
export const priceSchema = money();
/** A price that may be 0 (free items). */
export const priceOrFreeSchema = money({ allowZero: true });
