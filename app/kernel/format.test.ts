import { describe, expect, it } from "vitest";
import { accessLabel, formatDate, formatDateTime, formatDuration, formatRelative } from "./format";
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
