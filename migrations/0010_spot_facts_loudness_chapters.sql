-- Issue 11: measured loudness kept with each media record (a file, a playlist
-- item, a program file), chapter marks anchored to playlist items, and what a
-- render did about loudness and chapters.
ALTER TABLE `files` ADD `loudness` text;
--> statement-breakpoint
ALTER TABLE `playlist_items` ADD `loudness` text;
--> statement-breakpoint
ALTER TABLE `program_files` ADD `loudness` text;
--> statement-breakpoint
ALTER TABLE `renders` ADD `chapters` text;
--> statement-breakpoint
ALTER TABLE `renders` ADD `chapters_key` text;
--> statement-breakpoint
ALTER TABLE `renders` ADD `loudness_report` text;
--> statement-breakpoint
CREATE TABLE `playlist_chapters` (
	`id` text PRIMARY KEY NOT NULL,
	`playlist_id` text NOT NULL,
	`item_id` text NOT NULL,
	`user_id` text NOT NULL,
	`offset_seconds` real DEFAULT 0 NOT NULL CHECK (`offset_seconds` >= 0),
	`title` text CHECK (`title` IS NULL OR length(`title`) BETWEEN 1 AND 100),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`playlist_id`) REFERENCES `playlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `playlist_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `playlist_chapters_mark_unique` ON `playlist_chapters` (`item_id`,`offset_seconds`);
--> statement-breakpoint
CREATE INDEX `playlist_chapters_playlist_idx` ON `playlist_chapters` (`playlist_id`);
