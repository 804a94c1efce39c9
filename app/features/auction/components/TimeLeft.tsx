// Time left on a lot, in the words people use ("2 h 14 min left", "Ends Fri 4 Dec, 21:30"): a
// countdown that ticks, and follows soft-close extensions because `endsAt` comes from the live state.
import { useEffect, useState } from "react";
import { SOFT_CLOSE_MS } from "../../../kernel/schemas/auction-messages";
import styles from "./bidding.module.css";

/** "3 days 4 h", "2 h 14 min", "14 min 05 s", "45 s": the two largest units, no more. */
export function countdown(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days} ${days === 1 ? "day" : "days"} ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${String(seconds).padStart(2, "0")} s`;
  return `${seconds} s`;
}

/** "Fri 4 Dec, 21:30" in the reader's language and time zone. */
export function endsAtLabel(endsAt: number) {
  return new Intl.DateTimeFormat(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(endsAt);
}

/**
 * Time left, ticking once hydrated. The server and the first client render agree on UTC; the local
 * time and the countdown follow. `compact` (a gallery card) leaves out the end date.
 */
export function TimeLeft({ endsAt, now, compact = false }: { endsAt: number; now: number | null; compact?: boolean }) {
  const iso = new Date(endsAt).toISOString();
  if (now === null) {
    return (
      <p className="bid-ends">
        Ends <time dateTime={iso}>{iso.slice(0, 16).replace("T", " ")} UTC</time>
      </p>
    );
  }
  const left = endsAt - now;
  return (
    <p className={`bid-ends ${styles.timeLeft}${left <= SOFT_CLOSE_MS ? " soon" : ""}`}>
      <span className={`countdown ${styles.countdown}`} role="timer" aria-live="off">
        {left > 0 ? `${countdown(left)} left` : "closing…"}
      </span>
      {!compact && (
        <span>
          · Ends <time dateTime={iso}>{endsAtLabel(endsAt)}</time>
        </span>
      )}
    </p>
  );
}

/** The time, ticking every second while some item shows a countdown; null until hydrated. */
export function useClock(ticking: boolean) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
