// The beat battle (/beatbattle): the entry form while entries are open, the entries' public
// gallery once the deadline has passed. Dates read "closes in 3 days", the exact time on hover.
import { BattleGallery } from "../components/community/BattleGallery";
import { BeatBattleForm } from "../components/community/BeatBattleForm";
import { RelativeTime } from "../components/LocalTime";
import type { Route } from "./+types/beatbattle";
import "../styles/files.css";
import "../styles/community.css";

export { loader } from "./beatbattle.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.battle.title ?? "Origins Beat Battle"} · Creator Platform` }];
}

export default function BeatBattle({ loaderData }: Route.ComponentProps) {
  const { battle, signedIn, entered, gallery } = loaderData;
  return (
    <section className={gallery ? "card" : "card narrow"}>
      <h1>{battle.title}</h1>
      {gallery ? (
        <>
          <p className="muted">
            Entries closed <RelativeTime value={battle.deadline} />. Listen to every entry below.
          </p>
          <BattleGallery entries={gallery} />
        </>
      ) : (
        <>
          <p className="muted">
            Entries close <RelativeTime value={battle.deadline} />. One entry per producer
            {signedIn ? "" : "; you will be asked to sign up when you submit, and your entry waits for you"}. The
            entries are published here once the battle closes.
          </p>
          <BeatBattleForm battle={battle} signedIn={signedIn} entered={entered} />
        </>
      )}
    </section>
  );
}
