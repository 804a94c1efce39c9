// The fundraiser (seed 001 screen 8): heading, the active popup's header and
// paragraph cut at 100 characters with 'Read More' / 'Show Less', the donation
// form, an image, the static equipment list, a goal fed only by confirmed
// donations, and the donor wall.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { DonationForm } from "../components/community/DonationForm";
import { EquipmentPicture } from "../components/community/Pictures";
import { formatMoney } from "../kernel/format";
import {
  EQUIPMENT,
  FUNDRAISER_HEADING,
  PREVIEW_CHARACTERS,
  READ_MORE,
  SHOW_LESS,
} from "../kernel/schemas/fundraiser-messages";
import { truncate } from "../kernel/text";
import type { Route } from "./+types/fundraiser";
import "../styles/community.css";

export { action, loader } from "./fundraiser.server";

export function meta() {
  return [{ title: "Fundraiser · Creator Platform" }];
}

export default function Fundraiser({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, popup, payments, email } = loaderData;
  const [expanded, setExpanded] = useState(false);
  const revalidator = useRevalidator();
  const [waitingFor, setWaitingFor] = useState<number | null>(null);

  // The webhook confirms a donation a moment after the card: refresh until the total moves.
  useEffect(() => {
    if (waitingFor === null) return;
    if (summary.raisedCents > waitingFor) return setWaitingFor(null);
    const timer = setTimeout(() => revalidator.revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [waitingFor, summary.raisedCents, revalidator]);

  // Seed 001 §8: only the paragraph is cut; the header is always whole.
  const long = popup && popup.paragraph.text.length > PREVIEW_CHARACTERS;
  const percent = Math.min(100, Math.round((summary.raisedCents / summary.goalCents) * 100));

  return (
    <section className="card">
      <h1>{FUNDRAISER_HEADING}</h1>
      {popup && (
        // The admin styles the card for a light surface (inline colours), as on the landing page.
        <aside className="popup-card theme-light" aria-label="News">
          <h2 style={popup.headerStyle}>{popup.header}</h2>
          <p style={popup.paragraph.style}>
            {expanded ? popup.paragraph.text : truncate(popup.paragraph.text, PREVIEW_CHARACTERS)}
          </p>
          {long && (
            <button
              type="button"
              className="link-button"
              aria-expanded={expanded}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? SHOW_LESS : READ_MORE}
            </button>
          )}
        </aside>
      )}
      <div className="fundraiser-grid">
        <div>
          <h2 id="goal-heading">Our goal</h2>
          <p className="goal-figures">
            <span>
              <strong>{formatMoney(summary.raisedCents)}</strong> raised of {formatMoney(summary.goalCents)}
            </span>
            <span className="goal-percent">{percent}% of our goal</span>
          </p>
          <progress
            className="progress"
            aria-labelledby="goal-heading"
            max={summary.goalCents}
            value={Math.min(summary.raisedCents, summary.goalCents)}
          >
            {percent}%
          </progress>
          <h2>Donate</h2>
          {actionData && (
            <p className="error" role="alert">
              {actionData.error.message}
            </p>
          )}
          <DonationForm payments={payments} email={email} onDonated={() => setWaitingFor(summary.raisedCents)} />
        </div>
        <div>
          <EquipmentPicture label="The live broadcast kit the fundraiser buys: camera, modems, batteries" />
          <h2 id="equipment-heading">What your donation buys</h2>
          <table className="equipment" aria-labelledby="equipment-heading">
            <thead>
              <tr>
                <th>Item</th>
                <th>Price</th>
              </tr>
            </thead>
            <tbody>
              {EQUIPMENT.map((line) => (
                <tr key={line.item}>
                  <td>{line.item}</td>
                  <td>{formatMoney(line.cents).replace(/\.00$/, "")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Donor wall</h2>
          {summary.donors.length === 0 ? (
            <p className="empty-state">Be the first to donate.</p>
          ) : (
            <ul className="donor-wall">
              {summary.donors.map((donor) => (
                <li key={donor.id}>
                  <strong>{donor.name}</strong>
                  {donor.amountCents !== null && <> · {formatMoney(donor.amountCents)}</>}
                  {donor.message && <p>{donor.message}</p>}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
