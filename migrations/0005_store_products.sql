-- Digital store, seller side (issue 9): products, their audio files with
-- probed facts and previews, and each seller's optional voice tag.
-- Hand-written (see docs/decisions/009-store-products.md); mirrored in worker/db/schema.ts.

CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	-- Whole cents; a free licence costs nothing, any other at least one cent.
	`price_cents` integer NOT NULL,
	-- NULL: no limit. Otherwise copies left to sell.
	`quantity` integer,
	`license_type` text DEFAULT 'free' NOT NULL,
	`access_type` text DEFAULT 'private' NOT NULL,
	-- active: listed; withdrawn: an exclusive was sold (or the seller took it off sale);
	-- deleted: the seller deleted it. Rows are never removed, so buyers keep what they bought.
	`status` text DEFAULT 'active' NOT NULL,
	`cover_key` text,
	`cover_content_type` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CHECK (`license_type` IN ('free', 'non-exclusive', 'exclusive')),
	CHECK (`access_type` IN ('private', 'public-read')),
	CHECK (`status` IN ('active', 'withdrawn', 'deleted')),
	CHECK (`quantity` IS NULL OR (`quantity` BETWEEN 0 AND 1000)),
	CHECK ((`license_type` = 'free' AND `price_cents` = 0) OR (`license_type` <> 'free' AND `price_cents` >= 1))
);
--> statement-breakpoint
CREATE INDEX `products_user_idx` ON `products` (`user_id`, `status`);--> statement-breakpoint
CREATE TABLE `product_files` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`user_id` text NOT NULL,
	-- users/{userId}/digiStore/{productId}/audioFiles/{ts}-{rand}-{name}: the original, never public.
	`key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`seq_pos` integer DEFAULT 0 NOT NULL,
	`duration_seconds` real,
	`sample_rate` integer,
	`channels` integer,
	`bitrate` integer,
	`probe_status` text DEFAULT 'none' NOT NULL,
	`probe_error` text,
	-- The streaming preview (MP3 128 kbit/s, voice tag mixed in) and its waveform peaks (JSON array, 0..1).
	`preview_key` text,
	`preview_status` text DEFAULT 'none' NOT NULL,
	`preview_error` text,
	`peaks` text,
	-- Set when the seller removes the file: it leaves the product but stays for buyers who bought it.
	`removed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CHECK (`probe_status` IN ('none', 'queued', 'running', 'done', 'failed')),
	CHECK (`preview_status` IN ('none', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `product_files_product_idx` ON `product_files` (`product_id`, `seq_pos`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_files_key_unique` ON `product_files` (`key`);--> statement-breakpoint
CREATE TABLE `voice_tags` (
	`user_id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
