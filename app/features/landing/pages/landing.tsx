import { Link, useRouteLoaderData } from "react-router";
import { PopupCard } from "../../../components/PopupCard";
import type { HydrationHandle } from "../../../lib/hydration";
import type { loader as rootLoader } from "../../../root";
import { Capabilities } from "../components/Capabilities";
import styles from "../components/Landing.module.css";
import { SpotSwap } from "../components/SpotSwap";
import type { Route } from "./+types/landing";

export { loader } from "./landing.server";

// A static marketing page: links, the welcome card and the header all work as plain HTML, so it
// loads no React (ADR 026; the landing page's JS budget, issue 14).
export const handle = { hydrate: false } satisfies HydrationHandle;

/** The seed's feature bullets (seed 000 §1); each promise links to where the product keeps it. */
const FEATURES = [
  {
    text: "Replace expired advertising spots inside podcast content, across every episode at once",
    to: "/programming",
  },
  { text: "Bulk editing of playlists and programs", to: "/playselect" },
  { text: "Cloud file storage and sharing", to: "/authenticated" },
  { text: "Document signing", to: "/verify" },
  { text: "Team collaboration", to: "/authenticated#shared-heading" },
];

/** 'Try' for a visitor (seed 000 §2); a member is one step from their work instead. */
function Start({ member }: { member: boolean }) {
  return member ? (
    <Link to="/authenticated" className="button primary">
      Go to your workspace
    </Link>
  ) : (
    <Link to="/signup" className="button primary">
      Try
    </Link>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const member = !!useRouteLoaderData<typeof rootLoader>("root")?.user;
  return (
    <div className={`landing ${styles.landing}`}>
      <section className={styles.hero} aria-labelledby="landing-heading">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>For podcast, audio and video creators</p>
          <h1 id="landing-heading" className={styles.promise}>
            Replace an ad in every episode at once
          </h1>
          <p className={styles.sub}>Listeners hear the new spot within a minute.</p>
          <p className={styles.lead}>
            Upload your media straight to the cloud, organise it into projects, playlists and programs, and swap an
            expired ad spot in every episode with one click. Then render or package the result.
          </p>
          <p className={styles.actions}>
            <Start member={member} />
            <Link to="/community" className="button">
              Join the Early Risers
            </Link>
          </p>
        </div>
        <SpotSwap />
      </section>
      {/* An overlay on a wide screen (fixed, never in the page's flow); on a phone a folded bar after the
          promise and the demo, so it covers neither (Landing.module.css). Next in the tab order after 'Try'. */}
      {loaderData.popup && <PopupCard popup={loaderData.popup} />}

      <Capabilities />

      <section className={styles.features} aria-labelledby="features-heading">
        <h2 id="features-heading">What you can do here</h2>
        <ul className={styles.featureList}>
          {FEATURES.map((feature) => (
            <li key={feature.text}>
              <Link to={feature.to} className={styles.feature}>
                <span>{feature.text}</span>
                <span className={styles.featureArrow} aria-hidden="true">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.closing} aria-labelledby="closing-heading">
        <h2 id="closing-heading">Your next sponsor, in every episode by tonight</h2>
        <p>Upload the new spot, give it the slot letter, apply the program. Listeners hear it on their next play.</p>
        <p className={styles.actions}>
          {member ? (
            <Link to="/programming" className="button primary">
              Open Programming
            </Link>
          ) : (
            <Link to="/signup" className="button primary">
              Create your account
            </Link>
          )}
          <Link to="/editmedia" className="button">
            See the services
          </Link>
        </p>
      </section>
    </div>
  );
}
