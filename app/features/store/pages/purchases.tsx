// /purchases: the buyer's store purchases, linked from the Downloads page
// (which shows them as a section) and from the thank-you message.
import { PurchaseList } from "../checkout/PurchaseList";
import type { Route } from "./+types/purchases";
import "../checkout.css";

export { loader } from "./purchases.server";

export function meta() {
  return [{ title: "Purchases · Creator Platform" }];
}

export default function Purchases({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card purchases">
      <h1>Purchases</h1>
      <PurchaseList purchases={loaderData.purchases} />
    </section>
  );
}
