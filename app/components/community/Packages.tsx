// The Services packages (seed 001 screen 18): one panel open at a time; when
// another is chosen the open one closes first and the new one opens 200 ms
// later, so the switch reads as two movements rather than a jump.
import { useEffect, useRef, useState } from "react";
import { PACKAGES, PANEL_SWITCH_DELAY_MS } from "../../lib/packages";

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
    <div className="packages">
      {PACKAGES.map((pack) => {
        const expanded = open === pack.id;
        return (
          <section key={pack.id} className={`package package-${pack.id}`}>
            <h2>
              {/* A native button: Enter and Space toggle it, Tab reaches it. */}
              <button
                type="button"
                className="package-toggle"
                id={`package-${pack.id}-button`}
                aria-expanded={expanded}
                aria-controls={`package-${pack.id}-panel`}
                onClick={() => toggle(pack.id)}
              >
                <span>{pack.name}</span>
                <span className="chevron" aria-hidden>
                  {expanded ? "▾" : "▸"}
                </span>
              </button>
            </h2>
            <section
              id={`package-${pack.id}-panel`}
              aria-labelledby={`package-${pack.id}-button`}
              hidden={!expanded}
              className="package-panel"
            >
              <p>{pack.summary}</p>
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
