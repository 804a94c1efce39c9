// How names, sizes, durations, dates and internal values read on screen (plain functions, no
// React). Dates and relative times go through Intl; money through formatMoney (here, without zod; schemas/money.ts re-exports it beside the price rules).

/** Seed 000 §2: underscores in names are shown as spaces. */
export function displayName(name: string) {
  return name.replaceAll("_", " ");
}

/**
 * A file's title as people read it, the chapters' rule: "Spring_Spot-v2.mp4" → "Spring Spot v2" (no
 * upload prefix, no extension, underscores and dashes as spaces, case kept).
 */
export function fileTitle(fileName: string): string {
  const base = fileName.replace(/^\d{10,}-[A-Za-z0-9]{4,}-/, "").replace(/\.[A-Za-z0-9]{1,5}$/, "");
  return base.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim() || fileName;
}

/** "wav" for "spot.WAV"; "" when the name has none. */
export function fileExtension(fileName: string): string {
  return /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase() ?? "";
}

/** "Audio · 2 files": the one wording for a playlist's kind and size (Programming and Sequence). */
export function playlistSummary(mediaType: string | null | undefined, count: number) {
  const kind = mediaType === "video" ? "Video" : mediaType === "audio" ? "Audio" : "Empty";
  return `${kind} · ${count} ${count === 1 ? "file" : "files"}`;
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** 75.4 → "1:15", 3725 → "1:02:05". */
export function formatDuration(seconds: number) {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A slot's duration, or why there is none yet (the probe runs after the upload). */
export function slotDuration(durationSeconds: number | null, probeStatus: string) {
  if (durationSeconds != null) return formatDuration(durationSeconds);
  return probeStatus === "queued" || probeStatus === "running" ? "probing…" : "duration unknown";
}

/** "Nov 26, 2026, 9:48 AM" in the reader's locale and time zone (the server passes timeZone "UTC"). */
export function formatDateTime(value: Date | string | number, options: { locale?: string; timeZone?: string } = {}) {
  return new Intl.DateTimeFormat(options.locale ?? "en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: options.timeZone,
  }).format(new Date(value));
}

/** "Nov 26, 2026". */
export function formatDate(value: Date | string | number, options: { locale?: string; timeZone?: string } = {}) {
  return new Intl.DateTimeFormat(options.locale ?? "en-US", { dateStyle: "medium", timeZone: options.timeZone }).format(
    new Date(value),
  );
}

/** "5 December 2026": a date in words (the server and the browser pass the same timeZone). */
export function formatDateInWords(value: Date | string | number, options: { locale?: string; timeZone?: string } = {}) {
  return new Intl.DateTimeFormat(options.locale ?? "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: options.timeZone,
  }).format(new Date(value));
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** "in 3 days", "2 hours ago", "now": the largest whole unit between `value` and `now`. */
export function formatRelative(value: Date | string | number, now: Date | number = Date.now(), locale = "en-US") {
  const seconds = (new Date(value).getTime() - new Date(now).getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, "second");
}

const ACCESS_LABELS: Record<string, string> = { "public-read": "Public", private: "Private" };

/** The word people read for an access type ("Public" for public-read). */
export function accessLabel(accessType: string) {
  return ACCESS_LABELS[accessType] ?? accessType;
}

/** Integer cents → "$1,234.50" (2 decimals always, en-US grouping, minus sign in front). */
const DOLLAR_FORMAT = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatMoney(cents: number): string {
  return DOLLAR_FORMAT.format(Math.round(cents) / 100);
}

/** Whole dollars when there are no cents: "$1,240", "$12.50" (goals and totals people read at a glance). */
export function formatMoneyShort(cents: number): string {
  return formatMoney(cents).replace(/\.00$/, "");
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A deadline in the words people use, the same on the server and in the browser (UTC, and `now`
 * from the server): { on: "31 December", left: "26 days left" }. The year shows only when it is
 * not `now`'s. `left` is null once the deadline has passed.
 */
export function deadlineWords(deadline: Date | string | number, now: number) {
  const date = new Date(deadline);
  const sameYear = date.getUTCFullYear() === new Date(now).getUTCFullYear();
  const on = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: sameYear ? undefined : "numeric",
    timeZone: "UTC",
  }).format(date);
  const ms = date.getTime() - now;
  if (ms <= 0) return { on, left: null, days: 0 };
  // Whole days, as a calendar reads ("26 days left" on 5 December for the 31st); under two days, hours.
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor(ms / (60 * 60 * 1000));
  const left =
    days >= 2
      ? `${days} days left`
      : hours >= 1
        ? `${hours} ${hours === 1 ? "hour" : "hours"} left`
        : "Less than an hour left";
  return { on, left, days };
}
