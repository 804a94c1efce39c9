-- FarmerTV becomes a show the platform owns (ADR 131): show episodes may carry their own uploaded
-- file, and FarmerTV's episodes move into a show `farmertv` owned by a platform user.
-- D1 runs a drop's cascades even with deferred keys, so the two tables pointing at show_episodes
-- are copied aside and rebuilt around it.
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
CREATE TABLE `__episode_downloads_copy` AS SELECT * FROM `episode_downloads`;
--> statement-breakpoint
CREATE TABLE `__campaign_episodes_copy` AS SELECT * FROM `campaign_episodes`;
--> statement-breakpoint
DROP TABLE `episode_downloads`;
--> statement-breakpoint
DROP TABLE `campaign_episodes`;
--> statement-breakpoint
CREATE TABLE `__new_show_episodes` (
	`id` text PRIMARY KEY NOT NULL,
	`show_id` text NOT NULL,
	`playlist_id` text,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`season` integer,
	`episode_number` integer,
	`publish_at` integer NOT NULL,
	`published` integer DEFAULT 1 NOT NULL,
	`guid` text NOT NULL,
	`served` text,
	`media_key` text,
	`media_file_name` text,
	`media_content_type` text,
	`media_size` integer,
	`duration_seconds` real,
	`width` integer,
	`height` integer,
	`cover_key` text,
	`cover_type` text,
	`poster_key` text,
	`poster_status` text DEFAULT 'none' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`playlist_id`) REFERENCES `playlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_show_episodes` (`id`, `show_id`, `playlist_id`, `user_id`, `title`, `description`, `season`, `episode_number`, `publish_at`, `published`, `guid`, `served`, `created_at`)
	SELECT `id`, `show_id`, `playlist_id`, `user_id`, `title`, `description`, `season`, `episode_number`, `publish_at`, `published`, `guid`, `served`, `created_at` FROM `show_episodes`;
--> statement-breakpoint
DROP TABLE `show_episodes`;
--> statement-breakpoint
ALTER TABLE `__new_show_episodes` RENAME TO `show_episodes`;
--> statement-breakpoint
CREATE UNIQUE INDEX `show_episodes_playlist_unique` ON `show_episodes` (`playlist_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `show_episodes_media_key_unique` ON `show_episodes` (`media_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `show_episodes_cover_key_unique` ON `show_episodes` (`cover_key`);
--> statement-breakpoint
CREATE INDEX `show_episodes_show_idx` ON `show_episodes` (`show_id`,`publish_at`);
--> statement-breakpoint
CREATE TABLE `episode_downloads` (
	`episode_id` text NOT NULL,
	`show_id` text NOT NULL,
	`day` text NOT NULL,
	`listener` text NOT NULL,
	`app` text NOT NULL,
	`country` text NOT NULL,
	`ranges` text DEFAULT '[]' NOT NULL,
	`counted` integer DEFAULT 0 NOT NULL,
	`impressed` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY (`episode_id`, `day`, `listener`),
	FOREIGN KEY (`episode_id`) REFERENCES `show_episodes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `episode_downloads` (`episode_id`, `show_id`, `day`, `listener`, `app`, `country`, `ranges`, `counted`, `impressed`, `created_at`)
	SELECT `episode_id`, `show_id`, `day`, `listener`, `app`, `country`, `ranges`, `counted`, `impressed`, `created_at` FROM `__episode_downloads_copy`;
--> statement-breakpoint
CREATE INDEX `episode_downloads_show_idx` ON `episode_downloads` (`show_id`,`day`);
--> statement-breakpoint
CREATE TABLE `campaign_episodes` (
	`campaign_id` text NOT NULL,
	`episode_id` text NOT NULL,
	PRIMARY KEY(`campaign_id`, `episode_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`episode_id`) REFERENCES `show_episodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `campaign_episodes` (`campaign_id`, `episode_id`) SELECT `campaign_id`, `episode_id` FROM `__campaign_episodes_copy`;
--> statement-breakpoint
DROP TABLE `__episode_downloads_copy`;
--> statement-breakpoint
DROP TABLE `__campaign_episodes_copy`;
--> statement-breakpoint
-- The platform's own account: no usable password, owner of the shows the platform runs.
INSERT INTO `users` (`id`, `name`, `username`, `email`, `password_hash`, `role`, `verified`)
	VALUES ('platform', 'Creator Platform', 'creator-platform', 'platform@creatorplatform.invalid', '!', 'user', 1);
--> statement-breakpoint
-- The slug is the platform's from now on: a member's show holding it moves aside.
UPDATE `shows` SET `slug` = 'farmertv-' || substr(`id`, 1, 8) WHERE `slug` = 'farmertv';
--> statement-breakpoint
INSERT INTO `shows` (`id`, `user_id`, `slug`, `title`, `description`, `author`, `category`, `language`, `explicit`, `media_type`, `podcast_guid`)
	VALUES ('farmertv', 'platform', 'farmertv', 'FarmerTV', 'Episodes uploaded by the creator platform''s members.', 'Creator Platform', 'Leisure', 'en', 0, 'video', 'b7c1a9e0-43f2-4c8e-9a71-5f0d2e6c3b14');
--> statement-breakpoint
-- Same ids (their addresses stay) and guids (podcast apps keep what they downloaded); hidden is unpublished.
INSERT INTO `show_episodes` (`id`, `show_id`, `playlist_id`, `user_id`, `title`, `description`, `publish_at`, `published`, `guid`, `media_key`, `media_file_name`, `media_content_type`, `media_size`, `duration_seconds`, `width`, `height`, `cover_key`, `cover_type`, `poster_key`, `poster_status`, `created_at`)
	SELECT `id`, 'farmertv', NULL, `user_id`, `title`, `description`, `created_at`, 1 - `hidden`, `id`, `video_key`, `video_file_name`, `video_content_type`, `video_size`, `duration_seconds`, `width`, `height`, `cover_key`, `cover_content_type`, `poster_key`, `poster_status`, `created_at` FROM `episodes`;
--> statement-breakpoint
DROP TABLE `episodes`;
