import { listMyEntries } from "../../../../worker/domain/beatbattle/entries";
import { requireUser, server } from "../../../lib/auth.server";
import type { Route } from "./+types/battle-entries";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  try {
    return { entries: await listMyEntries(server(context).deps, user.id) };
  } catch (error) {
    // Seed 001 §8: the page opens and says 'Failed to load beat battle entries.'
    console.error(error);
    return { entries: null };
  }
}
