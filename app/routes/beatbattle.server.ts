import { battleForPage, battleView } from "../../worker/domain/beatbattle/battles";
import { server } from "../lib/auth.server";
import type { Route } from "./+types/beatbattle";

/** Public: a visitor fills the form and is sent to sign up when submitting. */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const { battle, entered } = await battleForPage(deps, user?.id ?? null);
  return { battle: battleView(deps, battle), signedIn: Boolean(user), entered };
}
