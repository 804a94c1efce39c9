// The Services packages (seed 001 screen 18) as a pricing page: a card per package with its price,
// a call to action and what it holds as a visible check list, the cards' rows aligned (a subgrid); how
// booking works opens one package at a time; when another is chosen the open
// one closes first and the new one opens 200 ms later, so the switch reads as two movements.
import { useEffect, useRef, useState } from "react";
import { Steps } from "../../../components/ui/Steps";
import { bookingHref, PACKAGES, PANEL_SWITCH_DELAY_MS, type ServicePackage } from "../../../lib/packages";
import styles from "./Packages.module.css";

const WHOLE_DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

function Price({ pack }: { pack: ServicePackage }) {
  return (
    <p className={styles.price}>
      {pack.from && <span className={styles.from}>from </span>}
      <span className={styles.amount}>{WHOLE_DOLLARS.format(pack.priceCents / 100)}</span>{" "}
      <span className={styles.unit}>{pack.unit}</span>
    </p>
  );
}

export function Packages() {
  const [open, setOpen] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  function toggle(id: string) {
    clearTimeout(timer.current ?? undefined);
    if (open === id) return setOpen(null);
    if (open === null) return setOpen(id);
    setOpen(null);
    timer.current = setTimeout(() => setOpen(id), PANEL_SWITCH_DELAY_MS);
  }

  return (
    <div className={`packages ${styles.grid}`}>
      {PACKAGES.map((pack) => {
        const expanded = open === pack.id;
        return (
          <section
            key={pack.id}
            className={`${styles.card} ${pack.id === "mission" ? styles.featured : ""}`}
            aria-labelledby={`package-${pack.id}-name`}
          >
            <h2 id={`package-${pack.id}-name`} className={styles.name}>
              {pack.name}
            </h2>
            <p className={styles.bestFor}>{pack.bestFor}</p>
            <Price pack={pack} />
            <p className={styles.summary}>{pack.summary}</p>
            <a className={`button ${pack.id === "mission" ? "primary" : ""} ${styles.cta}`} href={bookingHref(pack)}>
              Book {pack.name}
            </a>
            <ul className={styles.features} aria-label={`What's in ${pack.name}`}>
              {pack.contents.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            {/* A native button: Enter and Space toggle it, Tab reaches it. */}
            <button
              type="button"
              className={styles.toggle}
              id={`package-${pack.id}-button`}
              aria-expanded={expanded}
              aria-controls={`package-${pack.id}-panel`}
              onClick={() => toggle(pack.id)}
            >
              <span>
                How booking <span className={styles.toggleName}>{pack.name}</span> works
              </span>
              <span className={styles.chevron} aria-hidden>
                {expanded ? "▾" : "▸"}
              </span>
            </button>
            <section
              id={`package-${pack.id}-panel`}
              aria-labelledby={`package-${pack.id}-button`}
              hidden={!expanded}
              className={styles.panel}
            >
              <Steps>
                <li>{`Book ${pack.name}: an e-mail to us opens with the package named.`}</li>
                <li>Tell us about your show and when you need it.</li>
                <li>
                  {`We answer within one working day with the plan and the final price (${WHOLE_DOLLARS.format(pack.priceCents / 100)} ${pack.unit}${pack.from ? " and up" : ""}).`}
                </li>
              </Steps>
            </section>
          </section>
        );
      })}
    </div>
  );
}
