-- Issue 30: shows, playlists published as their episodes, the renderer's
-- pre-encoded delivery segments (one per source object, shared by every
-- episode that plays it), and IAB-style download counting.
CREATE TABLE `shows` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`author` text NOT NULL,
	`category` text NOT NULL,
	`language` text NOT NULL,
	`explicit` integer DEFAULT 0 NOT NULL,
	`media_type` text DEFAULT 'audio' NOT NULL,
	`artwork_key` text,
	`artwork_type` text,
	`podcast_guid` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shows_slug_unique` ON `shows` (`slug`);
--> statement-breakpoint
CREATE INDEX `shows_user_idx` ON `shows` (`user_id`);
--> statement-breakpoint
-- One episode per playlist; deleting the playlist (or its project) deletes the episode.
CREATE TABLE `show_episodes` (
	`id` text PRIMARY KEY NOT NULL,
	`show_id` text NOT NULL,
	`playlist_id` text NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`season` integer,
	`episode_number` integer,
	`publish_at` integer NOT NULL,
	`published` integer DEFAULT 1 NOT NULL,
	`guid` text NOT NULL,
	`served` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`playlist_id`) REFERENCES `playlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `show_episodes_playlist_unique` ON `show_episodes` (`playlist_id`);
--> statement-breakpoint
CREATE INDEX `show_episodes_show_idx` ON `show_episodes` (`show_id`,`publish_at`);
--> statement-breakpoint
-- A source object (playlist item or program file key) encoded once to the delivery profile.
CREATE TABLE `delivery_segments` (
	`source_key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`key` text,
	`bytes` integer,
	`duration_seconds` real,
	`job_id` text,
	`error` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `delivery_segments_job_idx` ON `delivery_segments` (`job_id`);
--> statement-breakpoint
-- One row per episode, listener (salted hash of address and user agent) and UTC day.
CREATE TABLE `episode_downloads` (
	`episode_id` text NOT NULL,
	`show_id` text NOT NULL,
	`day` text NOT NULL,
	`listener` text NOT NULL,
	`app` text NOT NULL,
	`country` text NOT NULL,
	`ranges` text DEFAULT '[]' NOT NULL,
	`counted` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY (`episode_id`, `day`, `listener`),
	FOREIGN KEY (`episode_id`) REFERENCES `show_episodes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `episode_downloads_show_idx` ON `episode_downloads` (`show_id`,`day`);
--> statement-breakpoint
-- The day's random salt for listener hashes; yesterday's is deleted, so no hash can be tied back.
CREATE TABLE `download_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
