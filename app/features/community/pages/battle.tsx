// The beat battle (/beatbattle) as a contest's page (issue 45 item 8): the event first — poster,
// title, prize, "Entries close on 31 December — 26 days left", the number of entries, the rules and
// how judging works — then the entry form, or "You're in" with the member's entry (the server says
// whether they have entered). Once the deadline has passed the entries' public gallery follows.
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Badge, buttonClass, GeneratedCover, Outcome } from "../../../components/ui";
import { deadlineWords } from "../../../kernel/format";
import { BEAT_LIMITS, MAX_AUDIO_FILES, SUBMISSION_SUCCESSFUL } from "../../../kernel/schemas/beatbattle-messages";
import { shareMeta } from "../../../lib/share-meta";
import { BattleGallery } from "../components/BattleGallery";
import { BeatBattleForm } from "../components/BeatBattleForm";
import styles from "../components/battle.module.css";
import type { Route } from "./+types/battle";
import "../../../styles/files.css";
import "../community.css";
import hero from "../../../components/public/hero.module.css";

export { loader } from "./battle.server";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Origins Beat Battle · Creator Platform" }];
  const { battle, origin, now } = loaderData;
  const ends = deadlineWords(battle.deadline, now);
  const prize = battle.prize ? ` Prize: ${battle.prize}.` : "";
  return shareMeta({
    origin,
    path: "/beatbattle",
    title: battle.title,
    description: battle.open
      ? `A beat battle: one beat per producer, entries close on ${ends.on}.${prize}`
      : `The beat battle closed on ${ends.on}. Listen to every entry.${prize}`,
  });
}

const COUNT = new Intl.NumberFormat("en-US");

export default function BeatBattle({ loaderData }: Route.ComponentProps) {
  const { battle, signedIn, entry, entries, gallery, now } = loaderData;
  const ends = deadlineWords(battle.deadline, now);
  const entriesWord = entries === 1 ? "entry" : "entries";
  // Once an entry is in, the page loads again: the count moves and "You're in" replaces the form at once.
  const [submitted, setSubmitted] = useState(false);
  const revalidator = useRevalidator();

  return (
    <article className={hero.page} aria-labelledby="battle-title">
      <header className={styles.hero}>
        <GeneratedCover title={battle.title} className={styles.poster} />
        <div className={hero.text}>
          <p className={`${hero.kicker} ${styles.kicker}`}>
            Beat battle {battle.open ? <Badge tone="success">Open for entries</Badge> : <Badge>Closed</Badge>}
          </p>
          <h1 id="battle-title" className={hero.title}>
            {battle.title}
          </h1>
          {battle.prize && (
            <p className={styles.prize}>
              <span className={styles.prizeLabel}>Prize</span> <span>{battle.prize}</span>
            </p>
          )}
          <p className={styles.closes}>
            <time dateTime={battle.deadline}>
              {ends.left ? `Entries close on ${ends.on} — ${ends.left}` : `Entries closed on ${ends.on}`}
            </time>
          </p>
          <dl className={`${hero.facts} ${styles.facts}`}>
            <div>
              <dt>Entries</dt>
              <dd>{COUNT.format(entries)}</dd>
            </div>
            <div>
              <dt>Per producer</dt>
              <dd>One beat</dd>
            </div>
            <div>
              <dt>Judging</dt>
              <dd>Blind</dd>
            </div>
          </dl>
          {battle.open && !entry && (
            <p>
              <a href="#enter" className={buttonClass("primary")}>
                Enter the battle
              </a>
            </p>
          )}
        </div>
      </header>

      <div className={styles.layout}>
        <div className={styles.about}>
          <section className={styles.section} aria-labelledby="rules-heading">
            <h2 id="rules-heading">Rules</h2>
            <ol className={styles.rules}>
              <li>
                One entry per producer, with an account: a visitor is asked to sign up on submitting, and the entry
                waits for them.
              </li>
              <li>
                A beat name and a producer name, up to {BEAT_LIMITS.projectTitle} characters each; a location (up to{" "}
                {BEAT_LIMITS.location}) and a short message (up to {BEAT_LIMITS.socialContact}) if you like.
              </li>
              <li>
                At least one audio file — mp3, m4a, wav or aac, up to {MAX_AUDIO_FILES} (your beat, and stems if you
                like) — and a cover art image.
              </li>
              <li>Entries close on {ends.on}.</li>
            </ol>
          </section>
          <section className={styles.section} aria-labelledby="judging-heading">
            <h2 id="judging-heading">Judging</h2>
            <p>
              Judging is blind: the judges hear each entry by its number, not its producer's name, until the producers
              are revealed. Entries stay private while the battle is open and are published on this page, for everyone
              to hear, once it closes.
            </p>
          </section>
        </div>

        {!gallery && (
          <section id="enter" className={styles.entry} aria-labelledby="enter-heading">
            {entry ? (
              <YoureIn entry={entry} closesOn={ends.on} submitted={submitted} />
            ) : (
              <>
                <h2 id="enter-heading">Enter the battle</h2>
                <p className={styles.muted}>
                  {entries === 0
                    ? "No entries yet: yours could be the first."
                    : `${COUNT.format(entries)} ${entriesWord} so far.`}
                  {signedIn ? "" : " You will be asked to sign up when you submit; your entry waits for you."}
                </p>
                <BeatBattleForm
                  battle={battle}
                  signedIn={signedIn}
                  onEntered={() => {
                    setSubmitted(true);
                    void revalidator.revalidate();
                  }}
                />
              </>
            )}
          </section>
        )}
      </div>

      {gallery && <BattleGallery entries={gallery} />}
    </article>
  );
}

type Entry = NonNullable<Route.ComponentProps["loaderData"]["entry"]>;

/** The member's entry once it is in; `submitted`: just now, so the seed's 'Submission successful!' heads it. */
function YoureIn({ entry, closesOn, submitted }: { entry: Entry; closesOn: string; submitted: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the focus moves to what replaced it.
  useEffect(() => {
    if (submitted) heading.current?.focus();
  }, [submitted]);
  return (
    <div className={styles.youreIn}>
      <p className={styles.youreInMark} aria-hidden>
        ✓
      </p>
      {submitted && <Outcome className={styles.youreInSuccess} message={{ ok: true, text: SUBMISSION_SUCCESSFUL }} />}
      <h2 id="enter-heading" ref={heading} tabIndex={-1}>
        You're in
      </h2>
      <p role="status">You have entered this battle.</p>
      <div className={styles.ownEntry}>
        <GeneratedCover title={entry.projectTitle} className={styles.ownCover} />
        <div>
          <p className={styles.ownTitle}>
            <span className={styles.muted}>#{entry.number}</span> {entry.projectTitle}
          </p>
          <p className={styles.muted}>by {entry.producerName}</p>
        </div>
      </div>
      <p className={styles.muted}>
        The entries are published here when the battle closes on {closesOn}. Until then only you and the judges can hear
        yours.
      </p>
      <p>
        <Link to="/beatbin" className={buttonClass("secondary")}>
          See your entry
        </Link>
      </p>
    </div>
  );
}
