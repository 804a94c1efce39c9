-- Issue 10: the community side. Community sign-ups ('Early Risers'), beat
-- battles with their entries and files, FarmerTV episodes, and donations.
CREATE TABLE `community_signups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL CHECK (length(`name`) BETWEEN 1 AND 100),
	`email` text NOT NULL,
	`message` text DEFAULT '' NOT NULL CHECK (length(`message`) <= 180),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `community_signups_email_unique` ON `community_signups` (`email`);
--> statement-breakpoint
CREATE TABLE `beat_battles` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL CHECK (length(`title`) BETWEEN 1 AND 100),
	`deadline` integer NOT NULL,
	`revealed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `beat_battle_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`battle_id` text NOT NULL,
	`user_id` text NOT NULL,
	`number` integer NOT NULL,
	`email` text NOT NULL,
	`project_title` text NOT NULL CHECK (length(`project_title`) BETWEEN 1 AND 20),
	`producer_name` text NOT NULL CHECK (length(`producer_name`) BETWEEN 1 AND 20),
	`location` text DEFAULT '' NOT NULL CHECK (length(`location`) <= 30),
	`social_contact` text DEFAULT '' NOT NULL CHECK (length(`social_contact`) <= 180),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`battle_id`) REFERENCES `beat_battles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `beat_battle_entries_one_per_member` ON `beat_battle_entries` (`battle_id`,`user_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `beat_battle_entries_number_unique` ON `beat_battle_entries` (`battle_id`,`number`);
--> statement-breakpoint
CREATE INDEX `beat_battle_entries_user_idx` ON `beat_battle_entries` (`user_id`);
--> statement-breakpoint
CREATE TABLE `beat_battle_files` (
	`id` text PRIMARY KEY NOT NULL,
	`entry_id` text NOT NULL,
	`key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`is_cover_art` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `beat_battle_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `beat_battle_files_key_unique` ON `beat_battle_files` (`key`);
--> statement-breakpoint
CREATE INDEX `beat_battle_files_entry_idx` ON `beat_battle_files` (`entry_id`);
--> statement-breakpoint
CREATE TABLE `episodes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL CHECK (length(`title`) BETWEEN 1 AND 100),
	`description` text NOT NULL CHECK (length(`description`) BETWEEN 1 AND 360),
	`video_key` text NOT NULL,
	`video_file_name` text NOT NULL,
	`video_content_type` text NOT NULL,
	`video_size` integer NOT NULL,
	`cover_key` text,
	`poster_key` text,
	`poster_status` text DEFAULT 'none' NOT NULL CHECK (`poster_status` IN ('none','queued','done','failed')),
	`duration_seconds` real,
	`width` integer,
	`height` integer,
	`hidden` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `episodes_video_key_unique` ON `episodes` (`video_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `episodes_cover_key_unique` ON `episodes` (`cover_key`);
--> statement-breakpoint
CREATE INDEX `episodes_public_idx` ON `episodes` (`hidden`,`created_at`);
--> statement-breakpoint
CREATE TABLE `donations` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_intent_id` text,
	`amount_cents` integer NOT NULL CHECK (`amount_cents` >= 100),
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL CHECK (`status` IN ('pending','succeeded','failed')),
	`user_id` text,
	`email` text NOT NULL,
	`donor_name` text DEFAULT '' NOT NULL CHECK (length(`donor_name`) <= 100),
	`message` text DEFAULT '' NOT NULL CHECK (length(`message`) <= 180),
	`show_name` integer DEFAULT true NOT NULL,
	`show_amount` integer DEFAULT true NOT NULL,
	`event_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`confirmed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `donations_intent_unique` ON `donations` (`payment_intent_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `donations_event_unique` ON `donations` (`event_id`);
--> statement-breakpoint
CREATE INDEX `donations_status_idx` ON `donations` (`status`,`confirmed_at`);
