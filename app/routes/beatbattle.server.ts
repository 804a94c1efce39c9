import { battleForPage, battleView } from "../../worker/domain/beatbattle/battles";
import { publicGallery } from "../../worker/domain/beatbattle/entries";
import { server } from "../lib/auth.server";
import type { Route } from "./+types/beatbattle";

/**
 * Public: a visitor fills the form and is sent to sign up when submitting. Once the deadline has
 * passed the page is the battle's gallery (ADR 047); before it, entries stay private.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const { battle, entered } = await battleForPage(deps, user?.id ?? null);
  return {
    battle: battleView(deps, battle),
    signedIn: Boolean(user),
    entered,
    gallery: await publicGallery(deps, battle),
  };
}
