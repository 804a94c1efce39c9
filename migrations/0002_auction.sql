CREATE TABLE `bid_items` (
	`short_code` text PRIMARY KEY NOT NULL,
	`ticket_number` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`ends_at` integer,
	`media` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bid_items_ticket_unique` ON `bid_items` (`ticket_number`);--> statement-breakpoint
CREATE TABLE `member_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`short_code` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`approved_by` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `member_items_status_idx` ON `member_items` (`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `member_items_code_unique` ON `member_items` (`short_code`);