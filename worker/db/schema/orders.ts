// Digital store, buyer side: carts, orders, payments (issue 9; ADR 010).
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner, users } from "./accounts";
import { LICENSE_TYPES, products } from "./store";
import { productTiers, type TierFormat, type TierTerms } from "./store-tiers";

export const cartItems = sqliteTable(
  "cart_items",
  {
    userId: owner(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: integer("added_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    /** The licence tier chosen (ADR 044); null: the product's own licence. */
    tierId: text("tier_id").references(() => productTiers.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("cart_items_product_idx").on(t.productId)],
);

export const ORDER_STATES = ["pending", "paid", "refunded", "canceled"] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const PAYMENT_PROVIDERS = ["stripe", "test", "none"] as const;

/** One checkout. Revenue = amountCents − refundedCents of paid (and refunded) orders. */
export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** The buyer; kept null when the account goes so the sales record stays. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    number: text("number").notNull(),
    status: text("status", { enum: ORDER_STATES }).notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundDueCents: integer("refund_due_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    paymentIntentId: text("payment_intent_id"),
    lastPaymentError: text("last_payment_error"),
    packageJobId: text("package_job_id"),
    notice: text("notice"),
    /** A free-licence claim's product (migration 0017): one such order per member and product. */
    freeProductId: text("free_product_id"),
    /** The cart a checkout was made from (migration 0029): one open order per member and cart. */
    checkoutKey: text("checkout_key"),
    /** The discount code applied (as the seller wrote it) and the cents it took off (ADR 044). */
    discountCode: text("discount_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    receiptSentAt: integer("receipt_sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("orders_free_claim_unique").on(t.userId, t.freeProductId).where(sql`${t.freeProductId} IS NOT NULL`),
    uniqueIndex("orders_checkout_key_unique").on(t.userId, t.checkoutKey).where(sql`${t.checkoutKey} IS NOT NULL`),
    uniqueIndex("orders_number_unique").on(t.number),
    uniqueIndex("orders_payment_intent_unique").on(t.paymentIntentId),
    index("orders_status_idx").on(t.status, t.paidAt),
    check("orders_status", sql`${t.status} IN ('pending', 'paid', 'refunded', 'canceled')`),
  ],
);

export const ORDER_ITEM_STATES = ["pending", "fulfilled", "refunded"] as const;

/** A product in an order, frozen at checkout (title, seller, licence, price). */
export const orderItems = sqliteTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    sellerUsername: text("seller_username").notNull(),
    title: text("title").notNull(),
    licenseType: text("license_type", { enum: LICENSE_TYPES }).notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: ORDER_ITEM_STATES }).notNull().default("pending"),
    fulfilmentRun: text("fulfilment_run"),
    fileIds: text("file_ids", { mode: "json" }).$type<string[]>(),
    licenceCode: text("licence_code").notNull(),
    licenceKey: text("licence_key"),
    fulfilledAt: integer("fulfilled_at", { mode: "timestamp_ms" }),
    /** The tier sold, frozen (ADR 044); all null: the product's own licence, every file. */
    tierId: text("tier_id"),
    tierName: text("tier_name"),
    formats: text("formats", { mode: "json" }).$type<TierFormat[]>(),
    terms: text("terms", { mode: "json" }).$type<TierTerms>(),
    /** Taken off `priceCents` by the order's discount code; the item paid the difference. */
    discountCents: integer("discount_cents").notNull().default(0),
  },
  (t) => [
    uniqueIndex("order_items_order_product_unique").on(t.orderId, t.productId),
    uniqueIndex("order_items_licence_unique").on(t.licenceCode),
    index("order_items_product_idx").on(t.productId, t.status),
    index("order_items_run_idx").on(t.fulfilmentRun),
  ],
);

/** The payment webhook's ledger, one row per event id. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  paymentIntentId: text("payment_intent_id"),
  status: text("status", { enum: ["processing", "done"] })
    .notNull()
    .default("processing"),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

/** The local test provider's payment intents (development only). */
export const testPaymentIntents = sqliteTable(
  "test_payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    amountRefunded: integer("amount_refunded").notNull().default(0),
    refundKeys: text("refund_keys", { mode: "json" }).$type<string[]>().notNull().default([]),
    currency: text("currency").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull(),
    status: text("status").notNull().default("requires_payment_method"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("test_payment_intents_idempotency_unique").on(t.idempotencyKey),
    uniqueIndex("test_payment_intents_secret_unique").on(t.clientSecret),
  ],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
