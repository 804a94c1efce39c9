import { battleView, currentBattle, hasEntered } from "../../worker/domain/beatbattle/battles";
import { server } from "../lib/auth.server";
import type { Route } from "./+types/beatbattle";

/** Public: a visitor fills the form and is sent to sign up when submitting. */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const battle = await currentBattle(deps);
  return {
    battle: battleView(deps, battle),
    signedIn: Boolean(user),
    entered: user ? await hasEntered(deps, battle.id, user.id) : false,
  };
}
