-- Digital store, buyer side (issue 9, ADR 010): carts, orders and their items
-- with licences, the payment webhook's event ledger, and the local test
-- provider's payment intents. Hand-written; mirrored in worker/db/schema.ts.

CREATE TABLE `cart_items` (
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`added_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY (`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cart_items_product_idx` ON `cart_items` (`product_id`);--> statement-breakpoint
-- One checkout. Revenue = amount_cents - refunded_cents of paid orders.
-- The buyer may go (set null) without taking the sales record with them.
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	-- What the buyer sees and the licences print: CP-XXXXXXXX.
	`number` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount_cents` integer NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	-- Owed back for items that were gone when the payment arrived; set and paid out by fulfilment.
	`refund_due_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	-- 'stripe' or 'test' (the local test provider); 'none' for free orders.
	`provider` text NOT NULL,
	`payment_intent_id` text,
	`last_payment_error` text,
	-- The purchase package job (zip of originals + licences).
	`package_job_id` text,
	-- Said to the buyer after fulfilment (items refunded because they were gone).
	`notice` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CHECK (`status` IN ('pending', 'paid', 'refunded', 'canceled')),
	CHECK (`amount_cents` >= 0 AND `refunded_cents` >= 0 AND `refunded_cents` <= `amount_cents`),
	CHECK (`refund_due_cents` >= 0)
);
--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`, `created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_unique` ON `orders` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_payment_intent_unique` ON `orders` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`, `paid_at`);--> statement-breakpoint
-- One product in an order, with what was sold frozen at checkout (title,
-- seller, licence, price) so later edits by the seller change nothing here.
CREATE TABLE `order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`product_id` text NOT NULL,
	`seller_id` text,
	`seller_username` text NOT NULL,
	`title` text NOT NULL,
	`license_type` text NOT NULL,
	`price_cents` integer NOT NULL,
	-- pending → fulfilled (sold) or refunded (gone by the time the money arrived).
	`status` text DEFAULT 'pending' NOT NULL,
	-- The fulfilment run that decided this item: lets the stock updates of one run find exactly its items.
	`fulfilment_run` text,
	-- The product's files at the moment of sale (JSON array of product_files ids).
	`file_ids` text,
	-- Unguessable code of the licence document, verifiable at /licence/{code}.
	`licence_code` text NOT NULL,
	`licence_key` text,
	`fulfilled_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CHECK (`status` IN ('pending', 'fulfilled', 'refunded')),
	CHECK (`license_type` IN ('free', 'non-exclusive', 'exclusive')),
	CHECK (`price_cents` >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_order_product_unique` ON `order_items` (`order_id`, `product_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_licence_unique` ON `order_items` (`licence_code`);--> statement-breakpoint
CREATE INDEX `order_items_product_idx` ON `order_items` (`product_id`, `status`);--> statement-breakpoint
CREATE INDEX `order_items_run_idx` ON `order_items` (`fulfilment_run`);--> statement-breakpoint
-- The webhook's ledger: one row per Stripe event id, so a redelivered event is answered and skipped.
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`payment_intent_id` text,
	`status` text DEFAULT 'processing' NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CHECK (`status` IN ('processing', 'done'))
);
--> statement-breakpoint
-- The local test provider's payment intents (development only; never used with Stripe keys).
CREATE TABLE `test_payment_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`client_secret` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`amount` integer NOT NULL,
	`amount_refunded` integer DEFAULT 0 NOT NULL,
	-- Idempotency keys of the refunds made (JSON array), so a repeated refund call is a no-op as at Stripe.
	`refund_keys` text DEFAULT '[]' NOT NULL,
	`currency` text NOT NULL,
	`metadata` text NOT NULL,
	`status` text DEFAULT 'requires_payment_method' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_payment_intents_idempotency_unique` ON `test_payment_intents` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `test_payment_intents_secret_unique` ON `test_payment_intents` (`client_secret`);
