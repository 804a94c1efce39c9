// Downloads (/renderfiles, seed 000 §2, §3): the member's rendered files,
// newest first, each expandable with its details (name, project, resolution,
// duration, frame rate), a player with the render's chapters beside it,
// what loudness normalisation did to each item, and Download (also the M4A
// of an audio playlist). Unfinished renders show their state and refresh on
// their own; a render made before a program changed its playlist says it is
// out of date and offers 'Render again'. The loader and action are in
// renderfiles.server.ts.
import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { useRevalidateWhile } from "../../../lib/revalidate-while";
import { RenderItem } from "../renders/RenderItem";
import type { Route } from "./+types/downloads";
import "../../../styles/files.css";
import "../playlists.css";

export { action, loader } from "./downloads.server";

const NO_RENDERS = "No render files found.";

export function meta() {
  return [{ title: "Rendered Files · Creator Platform" }];
}
export default function RenderFiles({ loaderData }: Route.ComponentProps) {
  const { renders } = loaderData;
  const revalidator = useRevalidator();
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  // While a render is queued or running, look again every 3 seconds.
  useRevalidateWhile(renders.some((render) => render.status === "queued" || render.status === "running"));

  // Coming back to the tab (after applying a program elsewhere, say) shows what changed meanwhile.
  useEffect(() => {
    const onVisible = () => {
      const current = revalidatorRef.current;
      if (document.visibilityState === "visible" && current.state === "idle") void current.revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);

  return (
    <div className="files-page renderfiles">
      <section className="card">
        <h1>Rendered Files</h1>
        {renders.length === 0 ? (
          <p className="empty-state">
            {NO_RENDERS} Create one at <Link to="/playselect">Sequence</Link>.
          </p>
        ) : (
          <ul className="render-list">
            {renders.map((render, index) => (
              <RenderItem key={render.id} render={render} initiallyOpen={index === 0 && render.status === "done"} />
            ))}
          </ul>
        )}
      </section>
      <p className="muted">
        Files you bought in the store, with their licences, are on <Link to="/purchases">Purchases</Link>.
      </p>
    </div>
  );
}
