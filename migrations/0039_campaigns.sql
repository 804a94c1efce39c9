-- Issue 47: sponsors and campaigns. A program made a campaign (one per program), the episodes it
-- runs on, its impressions rolled up per day/episode/app/country (no row per impression, no
-- address), and the sponsor's revocable share links (only the token's SHA-256 kept). A download
-- remembers which campaign spots it already credited, so one listener is one impression per spot.
-- Hand-written; mirrored in worker/db/schema/campaigns.ts and worker/db/schema/shows.ts.
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`program_id` text NOT NULL,
	`sponsor_name` text NOT NULL,
	`sponsor_email` text NOT NULL,
	`goal_impressions` integer,
	`cpm_cents` integer,
	`impressions` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT 'live' NOT NULL,
	`stopped_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_program_unique` ON `campaigns` (`program_id`);--> statement-breakpoint
CREATE INDEX `campaigns_user_idx` ON `campaigns` (`user_id`);--> statement-breakpoint
CREATE INDEX `campaigns_state_idx` ON `campaigns` (`state`);--> statement-breakpoint
CREATE TABLE `campaign_episodes` (
	`campaign_id` text NOT NULL,
	`episode_id` text NOT NULL,
	PRIMARY KEY(`campaign_id`, `episode_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`episode_id`) REFERENCES `show_episodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `campaign_daily` (
	`campaign_id` text NOT NULL,
	`day` text NOT NULL,
	`episode_id` text NOT NULL,
	`app` text NOT NULL,
	`country` text NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`campaign_id`, `day`, `episode_id`, `app`, `country`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `campaign_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_shares_token_unique` ON `campaign_shares` (`token_hash`);--> statement-breakpoint
CREATE INDEX `campaign_shares_campaign_idx` ON `campaign_shares` (`campaign_id`);--> statement-breakpoint
ALTER TABLE `episode_downloads` ADD `impressed` text DEFAULT '[]' NOT NULL;
