// The Services packages (seed 001 screen 18) as a pricing page: a card per package with its price
// and a call to action; what it holds opens one package at a time; when another is chosen the open
// one closes first and the new one opens 200 ms later, so the switch reads as two movements.
import { useEffect, useRef, useState } from "react";
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
                What's in <span className={styles.toggleName}>{pack.name}</span>
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
              <ul>
                {pack.contents.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          </section>
        );
      })}
    </div>
  );
}
