import { Link, useRouteLoaderData } from "react-router";
import { SpotSwap } from "../components/landing/SpotSwap";
import { PopupCard } from "../components/PopupCard";
import type { HydrationHandle } from "../lib/hydration";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/home";

export { loader } from "./home.server";

// A static marketing page: links, the welcome card and the header all work as plain HTML, so it
// loads no React (ADR 026; the landing page's JS budget, issue 14).
export const handle = { hydrate: false } satisfies HydrationHandle;

/** Each promise links to where the product keeps it. */
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

export default function Home({ loaderData }: Route.ComponentProps) {
  const member = useRouteLoaderData<typeof rootLoader>("root")?.user;
  return (
    <div className="landing">
      {loaderData.popup && <PopupCard popup={loaderData.popup} />}
      <section className="hero">
        <div className="hero-text">
          <h1>Your episodes, always up to date</h1>
          <p className="lead">
            Upload your media straight to the cloud, organise it into projects, playlists and programs, and swap an
            expired ad spot in every episode with one click. Then render or package the result.
          </p>
          <p className="actions">
            {/* The logo leads a member here too (seed 000 §2); from here, one step back to their work. */}
            {member ? (
              <Link to="/authenticated" className="button primary">
                Go to your workspace
              </Link>
            ) : (
              <Link to="/signup" className="button primary">
                Try
              </Link>
            )}
            <Link to="/community" className="button">
              Join the Early Risers
            </Link>
          </p>
        </div>
        <SpotSwap />
      </section>
      <section aria-labelledby="features-heading">
        <h2 id="features-heading">What you can do here</h2>
        <ul className="features">
          {FEATURES.map((feature) => (
            <li key={feature.text}>
              <Link to={feature.to}>{feature.text}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
