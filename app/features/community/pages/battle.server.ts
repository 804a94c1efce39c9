import { battleForPage, battleView } from "../../../../worker/domain/beatbattle/battles";
import { publicGallery } from "../../../../worker/domain/beatbattle/entries";
import { server } from "../../../lib/auth.server";
import type { Route } from "./+types/battle";

/**
 * Public: a visitor fills the form and is sent to sign up when submitting. Once the deadline has
 * passed the page shows the battle's gallery (ADR 047); before it, entries stay private (only
 * their number is shown).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const { battle, entry, entries } = await battleForPage(deps, user?.id ?? null);
  return {
    battle: battleView(deps, battle),
    signedIn: Boolean(user),
    /** The member's own entry (null: a visitor, or not entered yet): "You're in". */
    entry,
    entries,
    origin: deps.origin,
    /** The server's clock: "26 days left" reads the same in the page and after hydration. */
    now: deps.now(),
    gallery: await publicGallery(deps, battle),
  };
}
