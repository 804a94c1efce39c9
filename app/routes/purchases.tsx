// /purchases: the buyer's store purchases, linked from the Downloads page
// (which shows them as a section) and from the thank-you message.
import { listPurchases } from "../../worker/domain/orders/purchases";
import { PurchaseList } from "../components/checkout/PurchaseList";
import { requireUser, server } from "../lib/auth.server";
import type { Route } from "./+types/purchases";
import "../styles/checkout.css";

export function meta() {
  return [{ title: "Purchases · Creator Platform" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { purchases: await listPurchases(server(context).deps, user.id) };
}

export default function Purchases({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card purchases">
      <h1>Purchases</h1>
      <PurchaseList purchases={loaderData.purchases} />
    </section>
  );
}
