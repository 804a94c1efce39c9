-- Issue 33 (ADR 055): a free beat for an e-mail address with consent. One row per (beat, address):
-- asking again sends a new link (a new token) to the same row. The link's token is kept as its
-- SHA-256 only, so a copy of the database cannot download anything. Hand-written; mirrored in
-- worker/db/schema/store.ts.
CREATE TABLE `free_downloads` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`consented_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`opened_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `free_downloads_product_email_unique` ON `free_downloads` (`product_id`, `email`);--> statement-breakpoint
CREATE UNIQUE INDEX `free_downloads_token_unique` ON `free_downloads` (`token_hash`);--> statement-breakpoint
CREATE INDEX `free_downloads_seller_idx` ON `free_downloads` (`seller_id`, `consented_at`);
