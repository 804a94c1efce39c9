import { formatDuration } from "../../../kernel/format";
import styles from "./SpotSwap.module.css";

/** One episode's running order: the ad slot is the part a program swaps (seed 000 §Programming). */
const PARTS = [
  { title: "Intro", seconds: 45 },
  { title: "Part 1", seconds: 1110 },
  { slot: true, seconds: 60 },
  { title: "Part 2", seconds: 1240 },
  { title: "Outro", seconds: 50 },
] as const;
const LENGTH = PARTS.reduce((sum, part) => sum + part.seconds, 0);

const SPOTS = {
  before: { name: "Spring sale spot", state: "Expired" },
  after: { name: "Autumn sponsor spot", state: "New" },
} as const;

function Start({ at }: { at: string }) {
  return (
    <span className={styles.at}>
      <span className="visually-hidden">starts at </span>
      {at}
    </span>
  );
}

function Track({ when }: { when: keyof typeof SPOTS }) {
  const spot = SPOTS[when];
  let start = 0;
  return (
    <div className={styles.row}>
      <p className={styles.when} id={`swap-${when}`}>
        {when === "before" ? "Before" : "After"}
      </p>
      <ol className={styles.track} aria-labelledby={`swap-${when}`}>
        {PARTS.map((part) => {
          const at = formatDuration(start);
          start += part.seconds;
          if ("slot" in part) {
            return (
              <li
                key="slot"
                className={`${styles.part} ${styles.slot} ${when === "after" ? styles.swapped : styles.expired}`}
                style={{ flexGrow: 3 }}
              >
                <span className={styles.slotName}>Slot B</span>
                <span className={styles.wave} aria-hidden="true" />
                <span className={styles.spot}>
                  {`${spot.name} `}
                  <span className={styles.state}>{`(${spot.state})`}</span>
                </span>
                <Start at={at} />
              </li>
            );
          }
          return (
            <li key={part.title} className={styles.part} style={{ flexGrow: Math.max(1.5, part.seconds / 300) }}>
              <span className={styles.partTitle}>{part.title}</span>
              <span className={styles.wave} aria-hidden="true" />
              <Start at={at} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * The landing page's picture of the ad-spot swap: one episode's timeline before and after a program
 * replaces slot B. Plain HTML and CSS (the landing page loads no script, ADR 026), and the words are
 * the picture, so a screen reader hears the same story.
 */
export function SpotSwap() {
  return (
    <figure className={styles.swap} aria-labelledby="swap-caption">
      {/* An editor's window around the timeline: decoration only. */}
      <div className={styles.window} aria-hidden="true">
        <span className={styles.dots}>
          <span />
          <span />
          <span />
        </span>
        <span>Programming · Autumn sponsor</span>
      </div>
      <figcaption id="swap-caption" className={styles.caption}>
        {`An interview episode, ${formatDuration(LENGTH)} long: slot B swapped, the rest untouched`}
      </figcaption>
      <Track when="before" />
      <p className={styles.applied} aria-hidden="true">
        <span className={styles.arrow}>↓</span> Apply: one program, every episode
      </p>
      <Track when="after" />
      <p className={styles.note}>
        The same program swaps slot B in every episode that has one, then each episode is rendered again.
      </p>
    </figure>
  );
}
