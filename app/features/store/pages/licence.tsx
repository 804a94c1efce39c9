// /licence/:code: anyone holding a licence document can check it here — valid
// or not, and what it covers. The code is 128 random bits, so it cannot be guessed.
import { formatMoney } from "../../../kernel/format";
import { LEASE_BEFORE_EXCLUSIVE, LICENCE_INVALID, LICENCE_UNKNOWN, LICENCE_VALID } from "../../../kernel/licences";
import type { Route } from "./+types/licence";
import "../checkout.css";

export { loader } from "./licence.server";

export function meta() {
  return [{ title: "Licence verification · Creator Platform" }, { name: "robots", content: "noindex" }];
}

export default function Licence({ loaderData }: Route.ComponentProps) {
  const { licence } = loaderData;
  if (!licence)
    return (
      <section className="card narrow">
        <h1>Licence verification</h1>
        <p className="licence-verdict invalid" role="status">
          {LICENCE_UNKNOWN}
        </p>
      </section>
    );
  return (
    <section className="card narrow">
      <h1>Licence verification</h1>
      <p className={`licence-verdict ${licence.valid ? "valid" : "invalid"}`} role="status">
        <strong>{licence.valid ? LICENCE_VALID : LICENCE_INVALID}</strong>
      </p>
      {licence.exclusiveSoldLater && <p>{LEASE_BEFORE_EXCLUSIVE}</p>}
      <dl>
        <dt>Work</dt>
        <dd>{licence.title}</dd>
        <dt>Licence</dt>
        <dd>{licence.licenceName}</dd>
        <dt>Licensee</dt>
        <dd>{licence.buyerName}</dd>
        <dt>Producer</dt>
        <dd>{licence.sellerUsername}</dd>
        <dt>Order number</dt>
        <dd>{licence.orderNumber}</dd>
        <dt>Date</dt>
        <dd>{licence.issuedAt.slice(0, 10)}</dd>
        <dt>Price</dt>
        <dd>{formatMoney(licence.priceCents)}</dd>
        {licence.discountCents > 0 && (
          <>
            <dt>Discount</dt>
            <dd>
              {formatMoney(licence.discountCents)} (code {licence.discountCode})
            </dd>
          </>
        )}
      </dl>
      <h2>What it covers</h2>
      <ul>
        {licence.terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
        {licence.delivers && <li>{licence.delivers}</li>}
      </ul>
    </section>
  );
}
