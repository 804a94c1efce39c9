// The pieces the public show and episode pages share: the artwork (or a generated cover), a date in
// words, a copy button that says "Copied", the Follow bar and the Share bar.
import { useEffect, useId, useRef, useState } from "react";
import { RelativeTime } from "../../../components/LocalTime";
import { Button, buttonClass, GeneratedCover } from "../../../components/ui";
import { formatDate } from "../../../kernel/format";
import { useHydrated } from "../../../lib/hydration";
import { followLinks, shareLinks } from "../lib/listen";
import styles from "./listen.module.css";

/** The show's artwork, or its generated cover; decorative either way (the title is beside it). */
export function Artwork({ src, title, size }: { src: string | null; title: string; size: "hero" | "row" }) {
  const className = size === "hero" ? styles.heroArt : styles.rowArt;
  if (src) {
    const px = size === "hero" ? 320 : 96;
    return (
      <img
        className={className}
        src={src}
        alt=""
        width={px}
        height={px}
        loading={size === "row" ? "lazy" : undefined}
      />
    );
  }
  return <GeneratedCover title={title} className={className} />;
}

const RECENT_DAYS = 28;

/** "3 days ago" for a recent episode, "Nov 2, 2026" for an older one (the exact time on hover). */
export function EpisodeDate({ value }: { value: number }) {
  if (Date.now() - value < RECENT_DAYS * 24 * 3600 * 1000) return <RelativeTime value={value} />;
  return <time dateTime={new Date(value).toISOString()}>{formatDate(value, { timeZone: "UTC" })}</time>;
}

/** A button that copies `value` and says "Copied" for a moment (and to screen readers). */
export function CopyButton({ value, children, label }: { value: string; children: string; label?: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), 2500);
  }
  return (
    <>
      <Button size="sm" onClick={() => void copy()} aria-label={copied ? undefined : label}>
        {copied && (
          <span aria-hidden className={styles.icon}>
            ✓
          </span>
        )}
        {copied ? "Copied" : children}
      </Button>
      <span role="status" className="visually-hidden">
        {copied === true ? "Copied" : copied === false ? `Copy failed: ${value}` : ""}
      </span>
    </>
  );
}

/** 'Follow': copy the RSS feed, or open the show in a podcast app from its feed. */
export function FollowBar({ feed, title }: { feed: string; title: string }) {
  return (
    <section className={styles.bar} aria-labelledby="follow-heading">
      <h2 id="follow-heading" className={styles.barHeading}>
        Follow
      </h2>
      <div className={styles.barItems}>
        <CopyButton value={feed} label="Copy RSS feed address">
          Copy RSS feed
        </CopyButton>
        {followLinks(feed, title).map((link) => (
          <a key={link.app} className={buttonClass("secondary", "sm")} href={link.href} title={link.title}>
            {link.app}
          </a>
        ))}
      </div>
    </section>
  );
}

/**
 * 'Share': copy the link, the device's share sheet where there is one, and three networks' share pages.
 * `what` names the page for the copy button's label ("this episode", "this fundraiser").
 */
export function ShareBar({
  url,
  text,
  what = "this episode",
  heading = "Share",
}: {
  url: string;
  text: string;
  what?: string;
  /** The bar's heading (a page may show two bars: the fundraiser's head and its thank-you). */
  heading?: string;
}) {
  const hydrated = useHydrated();
  const canShare = hydrated && typeof navigator.share === "function";
  const headingId = useId();
  return (
    <section className={styles.bar} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.barHeading}>
        {heading}
      </h2>
      <div className={styles.barItems}>
        <CopyButton value={url} label={`Copy link to ${what}`}>
          Copy link
        </CopyButton>
        {canShare && (
          <Button size="sm" onClick={() => void navigator.share({ url, title: text }).catch(() => undefined)}>
            Share…
          </Button>
        )}
        {shareLinks(url, text).map((link) => (
          <a
            key={link.app}
            className={buttonClass("secondary", "sm")}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Share on ${link.app} (opens in a new tab)`}
          >
            {link.app}
          </a>
        ))}
      </div>
    </section>
  );
}
