// The fundraiser (seed 001 screen 8), story first as Givebutter and GoFundMe lay one out (issue 45
// item 8): the cause's picture, the seed's heading, the organiser and the story; beside it (after the
// story's start on a phone) the donation card with the goal bar — raised, goal, donors, days left —
// share buttons and the donation form, which turns into a thank-you once a gift goes through. The
// active popup's header and paragraph (cut at 100 characters, 'Read More' / 'Show Less') is a compact
// announcement strip above; the static equipment list is a priced table; then the donor wall.
import { useEffect, useState } from "react";
import hero from "../../../components/public/hero.module.css";
import { Button, buttonClass, Outcome, ProgressBar } from "../../../components/ui";
import { deadlineWords, formatMoney, formatMoneyShort } from "../../../kernel/format";
import {
  EQUIPMENT,
  FUNDRAISER_CAUSE,
  FUNDRAISER_HEADING,
  FUNDRAISER_ORGANISER,
  FUNDRAISER_STORY,
  PREVIEW_CHARACTERS,
  READ_MORE,
  SHOW_LESS,
} from "../../../kernel/schemas/fundraiser-messages";
import { truncate } from "../../../kernel/text";
import { useRevalidateWhile } from "../../../lib/revalidate-while";
import { shareMeta } from "../../../lib/share-meta";
import { ShareBar } from "../../shows/components/listen-parts";
import { DonationForm } from "../components/DonationForm";
import { EquipmentPicture } from "../components/EquipmentPicture";
import styles from "../components/fundraiser.module.css";
import type { Route } from "./+types/fundraiser";

export { action, loader } from "./fundraiser.server";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Fundraiser · Creator Platform" }];
  return shareMeta({
    origin: loaderData.origin,
    path: "/fundraiser",
    title: FUNDRAISER_HEADING,
    description: `${FUNDRAISER_CAUSE}. ${FUNDRAISER_STORY[0]}`,
  });
}

const COUNT = new Intl.NumberFormat("en-US");

export default function Fundraiser({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, popup, payments, email, origin, now, deadline } = loaderData;
  const [waitingFor, setWaitingFor] = useState<number | null>(null);

  // The webhook confirms a donation a moment after the card: look again every second until the total moves.
  useRevalidateWhile(waitingFor !== null && summary.raisedCents <= waitingFor, 1000);

  const percent = Math.min(100, Math.round((summary.raisedCents / summary.goalCents) * 100));
  const ends = deadlineWords(deadline, now);
  const url = new URL("/fundraiser", origin).href;
  const [lead, ...rest] = FUNDRAISER_STORY;

  return (
    <article className={`${hero.page} ${styles.page}`} aria-labelledby="fundraiser-title">
      {popup && <Announcement popup={popup} />}
      <div className={styles.layout}>
        <EquipmentPicture
          className={`${styles.hero} ${styles.heroArea}`}
          label="The live broadcast kit this fundraiser buys: LiveU encoders, modems, batteries, cameras and backpacks"
        />
        <header className={styles.head}>
          <p className={hero.kicker}>Fundraiser · {FUNDRAISER_CAUSE}</p>
          <h1 id="fundraiser-title" className={`${hero.title} ${styles.title}`}>
            {FUNDRAISER_HEADING}
          </h1>
          <p className={styles.organiser}>
            <span className={styles.avatar} aria-hidden>
              CP
            </span>
            <span>
              <strong>{FUNDRAISER_ORGANISER}</strong> is organising this fundraiser.
            </span>
          </p>
          {ends.left && <p className={styles.until}>Giving closes on {ends.on}.</p>}
          <ShareBar url={url} text={FUNDRAISER_HEADING} what="this fundraiser" />
        </header>

        <div className={styles.intro}>
          <p className={styles.lead}>{lead}</p>
        </div>

        <aside className={styles.donate} aria-label="Donate">
          {/* On a phone the goal sits right under the picture (GoFundMe); the card's rest after the title. */}
          <section id="goal" className={styles.goal} aria-labelledby="goal-heading">
            <h2 id="goal-heading" className="visually-hidden">
              Our goal
            </h2>
            <p className={styles.raised}>
              <strong>{formatMoneyShort(summary.raisedCents)}</strong> raised{" "}
              <span className={styles.of}>of {formatMoneyShort(summary.goalCents)} goal</span>
              <span className={styles.percent}>{percent}%</span>
            </p>
            <div className={styles.goalBar} data-started={summary.raisedCents > 0 ? "" : undefined}>
              <ProgressBar
                label="Our goal"
                value={Math.min(summary.raisedCents, summary.goalCents)}
                max={summary.goalCents}
                valueText={`${formatMoneyShort(summary.raisedCents)} raised of ${formatMoneyShort(summary.goalCents)}`}
              />
            </div>
            <dl className={`${hero.facts} ${styles.stats}`}>
              <div>
                <dt>Donors</dt>
                <dd>
                  {summary.donorCount === 0
                    ? "Be the first"
                    : `${COUNT.format(summary.donorCount)} ${summary.donorCount === 1 ? "donor" : "donors"}`}
                </dd>
              </div>
              <div>
                <dt>Time left</dt>
                <dd>
                  <time dateTime={deadline} title={ends.left ? `Giving closes on ${ends.on}.` : undefined}>
                    {ends.left ?? `Ended ${ends.on}`}
                  </time>
                </dd>
              </div>
            </dl>
          </section>
          <section id="donate" className={styles.giving} aria-labelledby="donate-heading">
            <h2 id="donate-heading">Donate</h2>
            <Outcome message={actionData && { ok: false, text: actionData.error.message }} />
            <DonationForm
              payments={payments}
              email={email}
              share={{ url, text: FUNDRAISER_HEADING }}
              onDonated={() => setWaitingFor(summary.raisedCents)}
            />
          </section>
        </aside>

        <div className={styles.rest}>
          {rest.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className={styles.story}>
              {paragraph}
            </p>
          ))}
          <section className={styles.section} aria-labelledby="equipment-heading">
            <h2 id="equipment-heading">What your donation buys</h2>
            <table className={styles.equipment} aria-labelledby="equipment-heading">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {EQUIPMENT.map((line) => (
                  <tr key={line.item}>
                    <td>{line.item}</td>
                    <td>{formatMoneyShort(line.cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Goal</th>
                  <td>{formatMoneyShort(summary.goalCents)}</td>
                </tr>
              </tfoot>
            </table>
          </section>
          <section className={styles.section} aria-labelledby="wall-heading">
            <h2 id="wall-heading">Donor wall</h2>
            {summary.donors.length === 0 ? (
              <p className="empty-state">Be the first to donate.</p>
            ) : (
              <ul className={`donor-wall ${styles.wall}`}>
                {summary.donors.map((donor) => (
                  <li key={donor.id}>
                    <span className={styles.donorMark} aria-hidden>
                      ♥
                    </span>
                    <div>
                      <strong>{donor.name}</strong>
                      {donor.amountCents !== null && <> · {formatMoney(donor.amountCents)}</>}
                      {donor.message && <p>{donor.message}</p>}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
      {/* A phone reaches the card from anywhere in the story (hidden while the card is on screen). */}
      <DonateBar />
    </article>
  );
}

/** The phone's sticky 'Donate' bar: a link to the card, out of the way while the card itself shows. */
function DonateBar() {
  // Hidden until hydrated: the first screen shows the goal, and the bar must not cover its words.
  const [cardInView, setCardInView] = useState(true);
  useEffect(() => {
    const card = document.getElementById("donate");
    const goal = document.getElementById("goal");
    if (!card || !goal || typeof IntersectionObserver === "undefined") return;
    // Hidden while the goal or the card shows (the first screen has both the goal and the title).
    const showing = new Map<Element, boolean>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) showing.set(entry.target, entry.isIntersecting);
      setCardInView([...showing.values()].some(Boolean));
    });
    observer.observe(card);
    observer.observe(goal);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={styles.donateBar} hidden={cardInView}>
      <a href="#donate" className={buttonClass("primary")}>
        Donate
      </a>
    </div>
  );
}

type Popup = NonNullable<Route.ComponentProps["loaderData"]["popup"]>;

/** The site's active popup as a one-line announcement (seed 001 §8: the paragraph cut at 100 characters). */
function Announcement({ popup }: { popup: Popup }) {
  const [expanded, setExpanded] = useState(false);
  const long = popup.paragraph.text.length > PREVIEW_CHARACTERS;
  return (
    <aside className={styles.announcement} aria-label="News">
      <span className={styles.announcementMark} aria-hidden>
        ✦
      </span>
      <div className={styles.announcementText} data-expanded={expanded ? "" : undefined}>
        <strong>{popup.header}</strong>{" "}
        <span className={styles.announcementBody}>
          {expanded ? popup.paragraph.text : truncate(popup.paragraph.text, PREVIEW_CHARACTERS)}
        </span>
        {long && (
          <>
            {" "}
            <Button
              variant="ghost"
              size="sm"
              className={styles.more}
              aria-expanded={expanded}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? SHOW_LESS : READ_MORE}
            </Button>
          </>
        )}
      </div>
    </aside>
  );
}
