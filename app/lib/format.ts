// How names, sizes and durations read on the file, playlist, program and render
// screens (plain functions, no React).

/** Seed 000 §2: underscores in names are shown as spaces. */
export function displayName(name: string) {
  return name.replaceAll("_", " ");
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
