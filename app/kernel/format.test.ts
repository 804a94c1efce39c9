import { describe, expect, it } from "vitest";
import {
  accessLabel,
  deadlineWords,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoneyShort,
  formatRelative,
} from "./format";
import { formatMoney } from "./schemas/money";

describe("words and numbers people read", () => {
  it("writes dates and times through Intl, not as raw timestamps", () => {
    const when = Date.UTC(2027, 0, 25, 9, 48, 10);
    expect(formatDateTime(when, { timeZone: "UTC" })).toBe("Jan 25, 2027, 9:48 AM");
    expect(formatDate(when, { timeZone: "UTC" })).toBe("Jan 25, 2027");
    expect(formatDateTime(when, { timeZone: "UTC" })).not.toContain("GMT");
  });

  it("says how far away a moment is, in the largest whole unit", () => {
    const now = Date.UTC(2026, 10, 26, 12, 0, 0);
    expect(formatRelative(now + 3 * 24 * 3600 * 1000, now)).toBe("in 3 days");
    expect(formatRelative(now - 2 * 3600 * 1000, now)).toBe("2 hours ago");
    expect(formatRelative(now + 24 * 3600 * 1000, now)).toBe("tomorrow");
    expect(formatRelative(now, now)).toBe("now");
  });

  it("shows money in one format", () => {
    expect(formatMoney(14900)).toBe("$149.00");
    expect(formatMoney(123456789)).toBe("$1,234,567.89");
    expect(formatMoney(-250)).toBe("-$2.50");
  });

  it("keeps durations short", () => {
    expect(formatDuration(75.4)).toBe("1:15");
    expect(formatDuration(3725)).toBe("1:02:05");
  });

  it("uses human words for internal values", () => {
    expect(accessLabel("public-read")).toBe("Public");
    expect(accessLabel("private")).toBe("Private");
  });
});

describe("deadlineWords", () => {
  const now = Date.parse("2026-12-05T00:45:00Z");
  it("says the day and the whole days left, as a calendar reads", () => {
    expect(deadlineWords("2026-12-31T23:59:00Z", now)).toEqual({ on: "31 December", left: "26 days left", days: 26 });
  });
  it("adds the year only when it is not this one, and counts hours under two days", () => {
    expect(deadlineWords("2027-01-31T23:59:59Z", now).on).toBe("31 January 2027");
    expect(deadlineWords(now + 36 * 3_600_000, now).left).toBe("36 hours left");
    expect(deadlineWords(now + 90 * 60_000, now).left).toBe("1 hour left");
    expect(deadlineWords(now + 60_000, now).left).toBe("Less than an hour left");
  });
  it("has no time left once the deadline has passed", () => {
    expect(deadlineWords(now - 1, now)).toMatchObject({ on: "5 December", left: null });
  });
});

describe("formatMoneyShort", () => {
  it("drops .00 only", () => {
    expect(formatMoneyShort(124_000)).toBe("$1,240");
    expect(formatMoneyShort(1_250)).toBe("$12.50");
  });
});
