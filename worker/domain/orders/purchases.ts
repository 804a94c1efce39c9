// What a buyer has bought: an order's state (the checkout page polls it until
// the webhook has paid it), the purchases list with fresh signed links every
// time it is read, packaging retries, and free-licence products taken
// without payment.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { deliversLine } from "../../../app/kernel/licence-tiers";
import { OWN_PRODUCT, PRODUCT_UNAVAILABLE } from "../../../app/kernel/schemas/checkout";
import {
  type Job,
  jobs,
  type Order,
  type OrderItem,
  orderItems,
  orders,
  productFiles,
  products,
  users,
} from "../../db/schema";
import { unlessDuplicate } from "../../db/unique";
import { enqueue, sendJobs } from "../../jobs/jobs";
import { jobStatus, jobView } from "../../jobs/status";
import type { SessionUser } from "../../sessions";
import { imageTypeOf } from "../../storage/images";
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";
import { itemLicenceName, itemTerms } from "../licences/licences";
import { unavailableReason } from "./cart";
import { newOrder } from "./checkout";
import { settleOrder } from "./fulfilment";

/** Signed links are made anew on every read and live this long: no one-shot links. */
const LINK_SECONDS = 60 * 60;

type Viewer = Pick<SessionUser, "id" | "role">;

async function ownOrder(deps: Pick<Deps, "db">, viewer: Viewer, orderId: string): Promise<Order> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  // Someone else's order is answered exactly like a missing one; the admin may look at any.
  if (!order || (order.userId !== viewer.id && viewer.role !== "admin")) throw new NotFound("Order not found.");
  return order;
}

/** The order's package job, as the Downloads page shows jobs (with a fresh download link when done). */
async function packageState(deps: Deps, order: Order) {
  if (!order.packageJobId || !order.userId) return null;
  return jobStatus(deps, order.userId, order.packageJobId).catch((error) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
}

/**
 * Each delivered item's files as sold (the originals), with a fresh download link each: the
 * thank-you lists them item by item beside the zip. Only for one order (the checkout's poll).
 */
async function deliveredFiles(deps: Deps, items: OrderItem[]) {
  const ids = items.filter((item) => item.status === "fulfilled").flatMap((item) => item.fileIds ?? []);
  if (ids.length === 0) return new Map<string, { fileName: string; url: string }>();
  const rows = await deps.db
    .select({
      id: productFiles.id,
      key: productFiles.key,
      fileName: productFiles.fileName,
      type: productFiles.contentType,
    })
    .from(productFiles)
    .where(inArray(productFiles.id, ids));
  const links = await Promise.all(
    rows.map(async (file) => {
      const { url } = await deps.storage.signer.signGet(
        { key: file.key, contentType: file.type, downloadName: file.fileName },
        LINK_SECONDS,
      );
      return [file.id, { fileName: file.fileName, url }] as const;
    }),
  );
  return new Map(links);
}

/** The items' products' covers, through fresh links (the thank-you shows what was bought). */
async function productCovers(deps: Deps, items: OrderItem[]) {
  const ids = [...new Set(items.map((item) => item.productId))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await deps.db
    .select({ id: products.id, key: products.coverKey, type: products.coverContentType })
    .from(products)
    .where(inArray(products.id, ids));
  return signCovers(deps, rows);
}

/** The sellers' display names now, by seller id (the order's own view: "by Demo Member", as the store says). */
async function sellerNames(deps: Deps, items: OrderItem[]) {
  const ids = [...new Set(items.flatMap((item) => (item.sellerId ? [item.sellerId] : [])))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await deps.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.flatMap((row) => (row.name ? [[row.id, row.name] as const] : [])));
}

/** Signed links to the covers of the products that have one, by product id. */
async function signCovers(deps: Deps, rows: { id: string; key: string | null; type: string | null }[]) {
  const links = await Promise.all(
    rows.flatMap((row) =>
      row.key
        ? [
            deps.storage.signer
              .signGet({ key: row.key, contentType: imageTypeOf(row.type, row.key) ?? undefined }, LINK_SECONDS)
              .then(({ url }) => [row.id, url] as const),
          ]
        : [],
    ),
  );
  return new Map(links);
}

/** `read`: the order's items and package job when the caller read them already (the purchases list). */
async function describe(
  deps: Deps,
  order: Order,
  read?: { items: OrderItem[]; job: Job | null; covers: Map<string, string>; sellers: Map<string, string> },
  withFiles = false,
) {
  const items =
    read?.items ??
    (await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.title));
  const settled = order.status === "paid" || order.status === "refunded";
  const files = settled && withFiles ? await deliveredFiles(deps, items) : null;
  const covers = read?.covers ?? (withFiles ? await productCovers(deps, items) : null);
  const sellers = read?.sellers ?? (withFiles ? await sellerNames(deps, items) : null);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    amountCents: order.amountCents,
    refundedCents: order.refundedCents,
    discountCode: order.discountCode,
    discountCents: order.discountCents,
    notice: order.notice,
    lastPaymentError: order.status === "pending" ? order.lastPaymentError : null,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    items: await Promise.all(
      items.map(async (item) => ({
        productId: item.productId,
        title: item.title,
        sellerUsername: item.sellerUsername,
        /** The seller's display name now (the purchases list, the order's view), else null: show the user name. */
        sellerName: (item.sellerId && sellers?.get(item.sellerId)) || null,
        licenseType: item.licenseType,
        priceCents: item.priceCents,
        discountCents: item.discountCents,
        /** The tier's name, or the product's own licence's (ADR 044). */
        licenceName: itemLicenceName(item),
        terms: itemTerms(item),
        delivers: item.formats ? deliversLine(item.formats) : null,
        status: item.status,
        /** The product's cover now (the order's view and the purchases list; null: none, or not asked). */
        coverUrl: covers?.get(item.productId) ?? null,
        /** The item's files with download links (the order's own view once paid; else empty). */
        files: files
          ? (item.fileIds ?? []).flatMap((id) => {
              const file = files.get(id);
              return file ? [file] : [];
            })
          : [],
        licenceCode: settled && item.status === "fulfilled" ? item.licenceCode : null,
        licenceUrl:
          settled && item.status === "fulfilled" && item.licenceKey
            ? (
                await deps.storage.signer.signGet(
                  {
                    key: item.licenceKey,
                    contentType: "application/pdf",
                    downloadName: `Licence-${order.number}-${item.licenceCode.slice(0, 6)}.pdf`,
                  },
                  LINK_SECONDS,
                )
              ).url
            : null,
      })),
    ),
    package: !settled ? null : read ? read.job && (await jobView(deps, read.job)) : await packageState(deps, order),
  };
}

export type OrderView = Awaited<ReturnType<typeof describe>>;

export async function orderStatus(deps: Deps, viewer: Viewer, orderId: string) {
  return describe(deps, await ownOrder(deps, viewer, orderId), undefined, true);
}

/** The buyer's settled orders, newest first, each with fresh links: one round trip for all their data. */
export async function listPurchases(deps: Deps, buyerId: string) {
  return presentPurchases(deps, await deps.db.batch(purchasesQueries(deps, buyerId)));
}

/**
 * The reads of the purchases list, for one `batch` (a page may add its own): the buyer's settled
 * orders, all their items and their package jobs, joined through the orders so that no list of bound
 * values grows with the number of orders (not two more queries per order).
 */
export function purchasesQueries(deps: Deps, buyerId: string) {
  const settled = and(eq(orders.userId, buyerId), inArray(orders.status, ["paid", "refunded"]));
  return [
    deps.db.select().from(orders).where(settled).orderBy(desc(orders.paidAt)).limit(100),
    deps.db
      .select({ item: orderItems })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(settled)
      .orderBy(orderItems.title),
    deps.db
      .select({ job: jobs })
      .from(jobs)
      .innerJoin(orders, eq(orders.packageJobId, jobs.id))
      .where(and(settled, eq(jobs.userId, buyerId))),
    // The bought products' covers and their sellers' display names, for the list's rows.
    deps.db
      .selectDistinct({
        productId: orderItems.productId,
        coverKey: products.coverKey,
        coverType: products.coverContentType,
        sellerId: users.id,
        sellerName: users.name,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(users, eq(users.id, orderItems.sellerId))
      .where(settled),
  ] as const;
}

/** What `purchasesQueries` read, as the purchases list shows it. */
export async function presentPurchases(
  deps: Deps,
  [rows, items, packageJobs, extras]: readonly [
    Order[],
    { item: OrderItem }[],
    { job: Job }[],
    {
      productId: string;
      coverKey: string | null;
      coverType: string | null;
      sellerId: string | null;
      sellerName: string | null;
    }[],
  ],
) {
  const covers = await signCovers(
    deps,
    extras.map((row) => ({ id: row.productId, key: row.coverKey, type: row.coverType })),
  );
  const sellers = new Map(
    extras.flatMap((row) => (row.sellerId && row.sellerName ? [[row.sellerId, row.sellerName]] : [])),
  );
  return Promise.all(
    rows.map((order) =>
      describe(deps, order, {
        items: items.filter((row) => row.item.orderId === order.id).map((row) => row.item),
        job: packageJobs.find((row) => row.job.id === order.packageJobId)?.job ?? null,
        covers,
        sellers,
      }),
    ),
  );
}

/** Packages a paid order again (after a failure): a new job, the order pointed at it. */
export async function retryPackaging(deps: Deps, viewer: Viewer, orderId: string) {
  const order = await ownOrder(deps, viewer, orderId);
  if (order.status !== "paid" || !order.userId) throw new Invalid("Only a paid order can be packaged.");
  const current = await packageState(deps, order);
  if (current && current.status !== "failed") return current;
  const job = enqueue(deps, order.userId, "purchase", { orderId, origin: deps.origin });
  await deps.db.batch([
    job.statement,
    deps.db.update(orders).set({ packageJobId: job.id }).where(eq(orders.id, orderId)),
  ]);
  await sendJobs(deps, [job.message]);
  return packageState(deps, { ...order, packageJobId: job.id });
}

/** A free-licence product, taken without payment: a settled zero order with its licence. */
export async function claimFreeProduct(deps: Deps, buyerId: string, productId: string) {
  const [product] = await deps.db
    .select({ product: products, sellerUsername: users.username })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(eq(products.id, productId));
  if (product?.product.accessType !== "public-read" || product.product.status === "deleted")
    throw new NotFound(PRODUCT_UNAVAILABLE);
  const p = product.product;
  if (p.userId === buyerId) throw new Conflict(OWN_PRODUCT, undefined, "own_product");
  if (p.licenseType !== "free") throw new Invalid("Only free-licence products can be downloaded without payment.");
  const reason = unavailableReason(p);
  if (reason) throw new Conflict(reason, undefined, "unavailable");

  // Taken before: the same order again, with fresh links.
  const earlier = await claimedBefore(deps, buyerId, productId);
  if (earlier) return { orderId: earlier };

  const order = newOrder(
    deps,
    buyerId,
    [
      {
        productId: p.id,
        sellerId: p.userId,
        sellerUsername: product.sellerUsername,
        title: p.title,
        licenseType: p.licenseType,
        priceCents: 0,
      },
    ],
    "none",
    p.id,
  );
  // orders_free_claim_unique admits one claim per member and product: of simultaneous claims one
  // batch writes, the others fail whole and answer with its order. A claim that ended with
  // nothing delivered (the product was gone when it settled) gives up its mark in the same batch.
  const written = await unlessDuplicate(
    async () => {
      await deps.db.batch([
        deps.db
          .update(orders)
          .set({ freeProductId: null })
          .where(
            and(
              eq(orders.userId, buyerId),
              eq(orders.freeProductId, productId),
              sql`NOT EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id}
                    AND ${orderItems.status} IN ('pending', 'fulfilled'))`,
            ),
          ),
        ...order.statements,
      ]);
      return true;
    },
    () => false,
  );
  if (!written) {
    const winner = await claimedBefore(deps, buyerId, productId);
    if (!winner) throw new Conflict(PRODUCT_UNAVAILABLE, undefined, "unavailable");
    return { orderId: winner };
  }
  await settleOrder(deps, order.id);
  return { orderId: order.id };
}

/** The member's earlier claim of this product (in flight or delivered), or a delivered purchase of it. */
async function claimedBefore(deps: Pick<Deps, "db">, buyerId: string, productId: string) {
  const [claim] = await deps.db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, buyerId),
        eq(orderItems.productId, productId),
        or(
          eq(orderItems.status, "fulfilled"),
          and(eq(orders.freeProductId, productId), eq(orderItems.status, "pending")),
        ),
      ),
    )
    .limit(1);
  return claim?.orderId ?? null;
}
