-- Issue 33 (ADR 044): licence tiers per beat, discount codes, receipts, beat details and plays.
-- Hand-written; mirrored in worker/db/schema.ts.

-- A product's licences beyond its own (the seed's single licence stays the default tier: the
-- product row's `license_type` and `price_cents`, delivering every file). Each tier has its price,
-- what it delivers (JSON subset of ["mp3","wav","stems"]) and its terms (JSON), copied from the
-- seller's template when the tier is made. An exclusive tier, once sold, withdraws the product.
CREATE TABLE `product_tiers` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`user_id` text NOT NULL,
	`template` text NOT NULL,
	`name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`exclusive` integer DEFAULT 0 NOT NULL,
	`formats` text NOT NULL,
	`terms` text NOT NULL,
	`seq_pos` integer DEFAULT 0 NOT NULL,
	`removed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CHECK (`template` IN ('mp3-lease', 'wav-lease', 'stems', 'unlimited', 'exclusive')),
	CHECK (`price_cents` >= 1),
	CHECK (`exclusive` IN (0, 1))
);
--> statement-breakpoint
CREATE INDEX `product_tiers_product_idx` ON `product_tiers` (`product_id`, `seq_pos`);--> statement-breakpoint
-- A seller's edited licence templates (the built-in ones are in app/lib/licence-tiers.ts).
CREATE TABLE `licence_templates` (
	`user_id` text NOT NULL,
	`template` text NOT NULL,
	`name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`formats` text NOT NULL,
	`terms` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY (`user_id`, `template`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CHECK (`template` IN ('mp3-lease', 'wav-lease', 'stems', 'unlimited', 'exclusive')),
	CHECK (`price_cents` >= 1)
);
--> statement-breakpoint
-- The tier in the cart (NULL: the product's own licence). One row per beat, as before.
ALTER TABLE `cart_items` ADD `tier_id` text REFERENCES `product_tiers`(`id`) ON DELETE set null;--> statement-breakpoint
-- What was sold, frozen: the tier, its name, what it delivers and its terms (NULL: the product's own licence).
ALTER TABLE `order_items` ADD `tier_id` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `tier_name` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `formats` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `terms` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `discount_cents` integer DEFAULT 0 NOT NULL CHECK (`discount_cents` >= 0);--> statement-breakpoint
-- Discount codes: a percentage (1–100) or an amount in cents, for one product or the seller's whole
-- store, with an optional expiry and number of uses. A redemption is `uses = uses + 1,
-- last_used_at = now` in the order's own batch: these CHECKs fail the batch (and so the order) when
-- the code is used up or expired, so concurrent buyers can never take more uses than exist.
-- Deleting a code expires it at once, which the same CHECK then enforces.
CREATE TABLE `discount_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`product_id` text,
	`expires_at` integer,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`last_used_at` integer,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CHECK (`kind` IN ('percent', 'amount')),
	CHECK ((`kind` = 'percent' AND `value` BETWEEN 1 AND 100) OR (`kind` = 'amount' AND `value` >= 1)),
	CHECK (`max_uses` IS NULL OR `max_uses` >= 1),
	CHECK (`max_uses` IS NULL OR `uses` <= `max_uses`),
	CHECK (`expires_at` IS NULL OR `last_used_at` IS NULL OR `last_used_at` < `expires_at`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`user_id`, `code`) WHERE `deleted_at` IS NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Set when the receipt e-mail went out (claimed before sending, so retries send it once).
ALTER TABLE `orders` ADD `receipt_sent_at` integer;--> statement-breakpoint
-- Beat details (the probe may suggest the BPM; the seller confirms) and preview plays.
ALTER TABLE `products` ADD `bpm` integer CHECK (`bpm` IS NULL OR (`bpm` BETWEEN 20 AND 400));--> statement-breakpoint
ALTER TABLE `products` ADD `musical_key` text;--> statement-breakpoint
ALTER TABLE `products` ADD `genre` text;--> statement-breakpoint
ALTER TABLE `products` ADD `mood` text;--> statement-breakpoint
ALTER TABLE `products` ADD `tags` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `plays` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `products_genre_idx` ON `products` (`user_id`, `status`, `genre`);
