import { describe, expect, it } from "vitest";
import {
  formatMoney,
  MAX_PRICE_DOLLARS,
  money,
  PRICE_NEGATIVE,
  PRICE_NOT_A_NUMBER,
  PRICE_TOO_LARGE,
  PRICE_TOO_PRECISE,
  PRICE_TOO_SMALL,
  priceOrFreeSchema,
  priceSchema,
  toCents,
} from "./money";

const message = (schema: typeof priceSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("priceSchema (a required price)", () => {
  it.each([
    [19.99, 19.99],
    ["19.99", 19.99],
    [" 5 ", 5],
    ["5.", 5],
    [".5", 0.5],
    ["+3.10", 3.1],
    [0.01, 0.01],
    [MAX_PRICE_DOLLARS, MAX_PRICE_DOLLARS],
  ])("accepts %j as %j dollars", (input, dollars) => {
    expect(priceSchema.parse(input)).toBe(dollars);
  });

  it.each([
    [0.001, PRICE_TOO_PRECISE],
    ["0.001", PRICE_TOO_PRECISE],
    [1.005, PRICE_TOO_PRECISE],
    [0.1 + 0.2, PRICE_TOO_PRECISE],
    [1e-7, PRICE_TOO_PRECISE],
    [0, PRICE_TOO_SMALL],
    ["0.00", PRICE_TOO_SMALL],
    [-1, PRICE_NEGATIVE],
    ["-0.5", PRICE_NEGATIVE],
    [MAX_PRICE_DOLLARS + 0.01, PRICE_TOO_LARGE],
    [1e21, PRICE_TOO_LARGE],
    ["", PRICE_NOT_A_NUMBER],
    ["  ", PRICE_NOT_A_NUMBER],
    ["abc", PRICE_NOT_A_NUMBER],
    ["0x10", PRICE_NOT_A_NUMBER],
    ["1,000", PRICE_NOT_A_NUMBER],
    [Number.NaN, PRICE_NOT_A_NUMBER],
    [Number.POSITIVE_INFINITY, PRICE_NOT_A_NUMBER],
    [null, PRICE_NOT_A_NUMBER],
    [undefined, PRICE_NOT_A_NUMBER],
    [true, PRICE_NOT_A_NUMBER],
    [[5], PRICE_NOT_A_NUMBER],
    [{}, PRICE_NOT_A_NUMBER],
  ])("refuses %j with %j", (input, expected) => {
    expect(message(priceSchema, input)).toBe(expected);
  });
});

describe("priceOrFreeSchema (free allowed)", () => {
  it("accepts 0, '0', '0.00' and -0 as 0", () => {
    for (const zero of [0, "0", "0.00", -0]) expect(Object.is(priceOrFreeSchema.parse(zero), 0)).toBe(true);
  });
  it("still refuses negatives and fractions of a cent", () => {
    expect(message(priceOrFreeSchema, -0.01)).toBe(PRICE_NEGATIVE);
    expect(message(priceOrFreeSchema, 0.001)).toBe(PRICE_TOO_PRECISE);
  });
});

describe("money({message})", () => {
  it("puts a form's own message on every failure", () => {
    const schema = money({ message: "Each item must have a title and offer amount." });
    for (const bad of ["", 0, 0.001, -1, "x"]) {
      expect(message(schema, bad)).toBe("Each item must have a title and offer amount.");
    }
  });
  it("or on some failures only", () => {
    const schema = money({ message: { notANumber: "Enter an amount." } });
    expect(message(schema, "")).toBe("Enter an amount.");
    expect(message(schema, 0.001)).toBe(PRICE_TOO_PRECISE);
  });
});

describe("toCents", () => {
  it("is exact for every price with at most 2 decimals, where price × 100 is not", () => {
    expect(19.99 * 100).not.toBe(1999); // the float surprise this avoids
    expect(toCents(19.99)).toBe(1999);
    expect(toCents("19.99")).toBe(1999);
    expect(toCents(1.1)).toBe(110);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(".5")).toBe(50);
    expect(toCents(MAX_PRICE_DOLLARS)).toBe(MAX_PRICE_DOLLARS * 100);
    for (let cents = 0; cents <= 100_000; cents += 7) expect(toCents((cents / 100).toFixed(2))).toBe(cents);
    for (let cents = 0; cents <= 100_000; cents += 7) expect(toCents(cents / 100)).toBe(cents);
  });
  it("rounds anything else as the seed says (price × 100, rounded)", () => {
    expect(toCents(2.675)).toBe(Math.round(2.675 * 100));
    expect(toCents(-1.5)).toBe(-150);
  });
});

describe("formatMoney", () => {
  it.each([
    [0, "$0.00"],
    [1, "$0.01"],
    [1250, "$12.50"],
    [1999, "$19.99"],
    [123456789, "$1,234,567.89"],
    [-505, "-$5.05"],
  ])("%j cents → %j", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});
