import { fundraiserSummary } from "../../worker/domain/fundraiser/donations";
import { getActivePopup } from "../../worker/domain/popups/active";
import { server } from "../lib/auth.server";
import { scriptlessCardPost } from "../lib/forms.server";
import type { Route } from "./+types/fundraiser";

/** Public: anyone may donate, signed in or not. */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const [summary, popup] = await Promise.all([fundraiserSummary(deps), getActivePopup(deps)]);
  return {
    summary,
    popup,
    email: user?.email ?? "",
    payments: { provider: deps.payments.provider, publishableKey: deps.payments.publishableKey },
  };
}

/** The donation form posts here only without its script (ADR 037): nothing is read or charged. */
export function action() {
  return scriptlessCardPost();
}
