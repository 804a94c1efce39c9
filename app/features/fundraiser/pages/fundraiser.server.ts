import { fundraiserSummary } from "../../../../worker/domain/fundraiser/donations";
import { getActivePopup } from "../../../../worker/domain/popups/active";
import { FUNDRAISER_DEADLINE } from "../../../kernel/schemas/fundraiser-messages";
import { server } from "../../../lib/auth.server";
import { scriptlessCardPost } from "../../../lib/forms.server";
import type { Route } from "./+types/fundraiser";

/** Public: anyone may donate, signed in or not. */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const [summary, popup] = await Promise.all([fundraiserSummary(deps), getActivePopup(deps)]);
  return {
    summary,
    popup,
    origin: deps.origin,
    /** The server's clock: "12 days left" reads the same in the page and after hydration. */
    now: deps.now(),
    deadline: FUNDRAISER_DEADLINE,
    email: user?.email ?? "",
    payments: { provider: deps.payments.provider, publishableKey: deps.payments.publishableKey },
  };
}

/** The donation form posts here only without its script (ADR 037): nothing is read or charged. */
export function action() {
  return scriptlessCardPost();
}
