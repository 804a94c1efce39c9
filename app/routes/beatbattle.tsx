import { BeatBattleForm } from "../components/community/BeatBattleForm";
import type { Route } from "./+types/beatbattle";
import "../styles/files.css";
import "../styles/community.css";
import { LocalTime, RelativeTime } from "../components/LocalTime";

export { loader } from "./beatbattle.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.battle.title ?? "Origins Beat Battle"} · Creator Platform` }];
}

export default function BeatBattle({ loaderData }: Route.ComponentProps) {
  const { battle, signedIn, entered } = loaderData;
  return (
    <section className="card narrow">
      <h1>{battle.title}</h1>
      <p className="muted">
        Entries close <LocalTime value={battle.deadline} /> (<RelativeTime value={battle.deadline} />
        ). One entry per producer
        {signedIn ? "" : "; you will be asked to sign up when you submit, and your entry waits for you"}.
      </p>
      <BeatBattleForm battle={battle} signedIn={signedIn} entered={entered} />
    </section>
  );
}
