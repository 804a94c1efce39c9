// Fulfilment of an order, run only from a verified `payment_intent.succeeded`
// (or at once for a free order). One D1 batch — one transaction, and D1 runs
// one writer at a time — decides every item against the stock as it is at
// that instant, so nothing is ever sold more times than it exists:
//   the order becomes paid; each pending item becomes `fulfilled` if its
//   product is still available, else `refunded`; quantities drop by one (the
//   CHECK keeps them ≥ 0); a sold exclusive is withdrawn and leaves every
//   cart; the buyer's cart loses what was bought; the package job is queued.
// Items leave `pending` only once, so a second delivery of the same event, or
// a late one, finds nothing to do. What follows the batch (the refund of
// items that were gone, queueing the job) is idempotent and re-run by retries.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { tierTermLines } from "../../../app/kernel/licence-tiers";
import { formatMoney } from "../../../app/kernel/schemas/money";
import { jobs, type Order, type OrderItem, orderItems, orders, users } from "../../db/schema";
import { enqueueIf } from "../../jobs/enqueue-if";
import { jobMessage, sendJobs } from "../../jobs/jobs";
import { observe, since } from "../../observability";
import type { FulfilmentContext, FulfilmentHandler } from "../../payments/handler";
import { randomId } from "../../security/crypto";
import { noteChange } from "../changes";
import type { Deps } from "../deps";
import { NotRecordedYet } from "../errors";
import { itemLicenceName, licenceVerifyUrl } from "../licences/licences";
import { AVAILABLE_P } from "./availability";

/** The products this run fulfilled; `run` is the run's parameter. */
const fulfilledIn = (run: string) =>
  `SELECT product_id FROM order_items WHERE fulfilment_run = ${run} AND status = 'fulfilled'`;
const FULFILLED_IN_RUN = fulfilledIn("?1");

/** What a product file is, for a tier's formats (ADR 044): a WAV, a stems zip, or a compressed file. */
const FILE_FORMAT = `(CASE WHEN content_type IN ('audio/wav', 'audio/x-wav', 'audio/wave') THEN 'wav'
  WHEN content_type = 'application/zip' THEN 'stems' ELSE 'mp3' END)`;

/** Decides the order's items in one transaction; returns whether this call did it. */
async function decideItems(deps: Pick<Deps, "db" | "now" | "origin">, orderId: string, buyerId: string | null) {
  const run = randomId(12);
  const now = deps.now();
  const d1 = deps.db.$client;
  // The package job exists only if this run fulfilled something (and the buyer still has an account).
  const job = buyerId
    ? enqueueIf(
        deps,
        buyerId,
        "purchase",
        { orderId, origin: deps.origin },
        {
          sql: `EXISTS (${fulfilledIn("?")})`,
          params: [run],
        },
      )
    : null;
  const [, decided] = await d1.batch([
    d1
      .prepare("UPDATE orders SET status = 'paid', paid_at = ?2 WHERE id = ?1 AND status IN ('pending', 'canceled')")
      .bind(orderId, now),
    d1
      .prepare(
        `UPDATE order_items SET
           status = CASE WHEN EXISTS (SELECT 1 FROM products p WHERE p.id = order_items.product_id AND ${AVAILABLE_P})
                      AND (order_items.tier_id IS NULL OR EXISTS (SELECT 1 FROM product_tiers t
                           WHERE t.id = order_items.tier_id AND t.removed_at IS NULL))
                    THEN 'fulfilled' ELSE 'refunded' END,
           fulfilment_run = ?1, fulfilled_at = ?3,
           file_ids = (SELECT json_group_array(f.id) FROM
                        (SELECT id FROM product_files WHERE product_id = order_items.product_id AND removed_at IS NULL
                           AND (CASE WHEN order_items.formats IS NULL THEN ${FILE_FORMAT} <> 'stems' ELSE ${FILE_FORMAT} IN (SELECT value FROM json_each(order_items.formats)) END)
                         ORDER BY seq_pos, created_at) f)
         WHERE order_id = ?2 AND status = 'pending'
           AND EXISTS (SELECT 1 FROM orders o WHERE o.id = ?2 AND o.status = 'paid')`,
      )
      .bind(run, orderId, now),
    d1
      .prepare(
        `UPDATE products SET quantity = quantity - 1, updated_at = ?2
         WHERE quantity IS NOT NULL AND id IN (${FULFILLED_IN_RUN})`,
      )
      .bind(run, now),
    d1
      .prepare(
        `UPDATE products SET status = 'withdrawn', updated_at = ?2
         WHERE status = 'active' AND id IN (${FULFILLED_IN_RUN} AND license_type = 'exclusive')`,
      )
      .bind(run, now),
    d1
      .prepare(`DELETE FROM cart_items WHERE product_id IN (${FULFILLED_IN_RUN} AND license_type = 'exclusive')`)
      .bind(run),
    d1
      .prepare(
        "DELETE FROM cart_items WHERE user_id = ?2 AND product_id IN (SELECT product_id FROM order_items WHERE fulfilment_run = ?1)",
      )
      .bind(run, buyerId),
    ...(job ? [job.statement] : []),
    d1
      .prepare(
        `UPDATE orders SET
           refund_due_cents = refund_due_cents +
             COALESCE((SELECT SUM(price_cents - discount_cents) FROM order_items
                       WHERE fulfilment_run = ?1 AND status = 'refunded'), 0),
           package_job_id = COALESCE((SELECT id FROM jobs WHERE id = ?3), package_job_id)
         WHERE id = ?2`,
      )
      .bind(run, orderId, job?.id ?? null),
  ]);
  return (decided?.meta.changes ?? 0) > 0;
}

function refundNotice(titles: string[], cents: number, paid: boolean) {
  const list = titles.map((t) => `“${t}”`).join(", ");
  const verb = titles.length === 1 ? "was" : "were";
  return paid
    ? `${list} ${verb} no longer available when your payment arrived: ${formatMoney(cents)} has been refunded to your card.`
    : `${list} ${verb} no longer available.`;
}

/** The idempotent tail: refund what was gone, tell the buyer, queue the package job. */
async function completeSettlement(deps: Deps, orderId: string) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (order.status !== "paid" && order.status !== "refunded")) return;

  const gone = await deps.db
    .select({ title: orderItems.title })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "refunded")));
  const due = order.refundDueCents;
  if (gone.length && (due > 0 || !order.notice)) {
    if (due > 0 && order.paymentIntentId) {
      // Same key on every retry: the provider refunds once however often we ask.
      await deps.payments.refund({
        paymentIntentId: order.paymentIntentId,
        amountCents: due,
        idempotencyKey: `order:${orderId}:refund-unavailable`,
        reason: "unavailable",
      });
    }
    const notice = refundNotice(
      gone.map((item) => item.title),
      due,
      due > 0,
    );
    const refundedCents = order.refundedCents + due;
    const [applied] = await deps.db
      .update(orders)
      .set({
        refundedCents,
        refundDueCents: 0,
        status: order.amountCents > 0 && refundedCents >= order.amountCents ? "refunded" : order.status,
        notice,
      })
      .where(and(eq(orders.id, orderId), eq(orders.refundDueCents, due)))
      .returning({ userId: orders.userId });
    if (applied?.userId && due > 0) await mailRefund(deps, applied.userId, order.number, notice);
  }

  if (order.packageJobId) {
    const [job] = await deps.db.select().from(jobs).where(eq(jobs.id, order.packageJobId));
    if (job?.status === "queued" && job.attempts === 0) await sendJobs(deps, [jobMessage(job)]);
  }
  if (order.amountCents > 0) await mailReceipt(deps, orderId);
}

/**
 * The receipt (issue 33): order number, items with their licences, links to the download page and to
 * each licence's verification. Claimed before sending, so Stripe's retries send it once; a failed send
 * gives the claim back and fails the delivery, so the retry sends it.
 */
async function mailReceipt(deps: Deps, orderId: string) {
  const [claimed] = await deps.db
    .update(orders)
    .set({ receiptSentAt: new Date(deps.now()) })
    .where(and(eq(orders.id, orderId), isNull(orders.receiptSentAt), inArray(orders.status, ["paid", "refunded"])))
    .returning();
  if (!claimed?.userId) return;
  try {
    const [buyer] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, claimed.userId));
    const items = await deps.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "fulfilled")))
      .orderBy(orderItems.title);
    if (!buyer || items.length === 0) return;
    await deps.mail.send({
      to: buyer.email,
      subject: `Receipt for order ${claimed.number}`,
      text: receiptText(deps.origin, claimed, items),
    });
  } catch (error) {
    await deps.db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, orderId));
    throw error;
  }
}

export function receiptText(origin: string, order: Order, items: OrderItem[]) {
  const paid = order.amountCents - order.refundedCents;
  const lines = [
    `Thank you for your purchase. Order ${order.number}`,
    "",
    ...items.flatMap((item) => [
      `• ${item.title} by ${item.sellerUsername} (${itemLicenceName(item)}): ${formatMoney(item.priceCents - item.discountCents)}${
        item.discountCents ? ` (${formatMoney(item.discountCents)} off)` : ""
      }`,
      ...(item.terms ? tierTermLines(item.terms, item.licenseType === "exclusive", item.sellerUsername) : []).map(
        (line) => `    ${line}`,
      ),
      `    Licence: ${licenceVerifyUrl(origin, item.licenceCode)}`,
    ]),
    "",
    ...(order.discountCode ? [`Discount code ${order.discountCode}: −${formatMoney(order.discountCents)}`] : []),
    `Total paid: ${formatMoney(paid)}`,
    "",
    `Download your files at any time: ${origin}/purchases`,
  ];
  return lines.join("\n");
}

async function mailRefund(deps: Deps, userId: string, number: string, notice: string) {
  const [buyer] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (buyer) await deps.mail.send({ to: buyer.email, subject: `Order ${number}: refund`, text: notice });
}

/** Settles an order whose money has arrived (or that costs nothing): decide, then complete. */
export async function settleOrder(deps: Deps, orderId: string) {
  const [order] = await deps.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order) return false;
  const start = Date.now();
  const decided = await decideItems(deps, orderId, order.userId);
  await completeSettlement(deps, orderId);
  await storesChangedBy(deps, orderId);
  observe("order.fulfilment", { orderId, fulfilled: decided, durationMs: since(start) });
  return decided;
}

/** A sale changes stock (an exclusive leaves the store): the pages showing each product sold go. */
async function storesChangedBy(deps: Deps, orderId: string) {
  const sold = await deps.db
    .selectDistinct({ sellerId: orderItems.sellerId, productId: orderItems.productId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "fulfilled")));
  for (const { sellerId, productId } of sold) if (sellerId) noteChange({ kind: "sale", sellerId, productId });
}

async function orderFor({ deps, intent }: FulfilmentContext) {
  const orderId = intent.metadata.orderId;
  if (!orderId) return null;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotRecordedYet(`payment ${intent.id} names order ${orderId}, not recorded yet`);
  if (order.paymentIntentId && order.paymentIntentId !== intent.id) {
    console.warn(`payment ${intent.id} does not belong to order ${orderId} (${order.paymentIntentId})`);
    return null;
  }
  return order;
}

export const orderFulfilment: FulfilmentHandler = {
  async succeeded(context) {
    const order = await orderFor(context);
    if (!order) return;
    const { intent, deps } = context;
    // The amount was set by us from the database; anything less is not this order's payment.
    if (intent.amountReceived < order.amountCents || intent.currency !== order.currency) {
      console.warn(`payment ${intent.id} received ${intent.amountReceived} ${intent.currency} for order ${order.id}`);
      return;
    }
    if (!order.paymentIntentId)
      await deps.db.update(orders).set({ paymentIntentId: intent.id }).where(eq(orders.id, order.id));
    await settleOrder(deps, order.id);
  },

  async failed(context) {
    const order = await orderFor(context);
    if (order?.status !== "pending") return;
    await context.deps.db
      .update(orders)
      .set({ lastPaymentError: context.intent.lastError ?? "The payment failed." })
      .where(eq(orders.id, order.id));
  },

  async canceled(context) {
    const order = await orderFor(context);
    if (!order) return;
    // Only a pending order can be cancelled: a late `canceled` never undoes a payment.
    await context.deps.db
      .update(orders)
      .set({ status: "canceled" })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
  },
};
