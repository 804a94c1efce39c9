-- Issue 12: the welcome popup's schedule and version, and the admin's user search.
-- (The one-active rule is already the partial unique index popups_one_active of 0000.)
-- Optional show window: the active popup is shown only from starts_at (inclusive) to ends_at (exclusive).
ALTER TABLE `popups` ADD COLUMN `starts_at` integer;
--> statement-breakpoint
ALTER TABLE `popups` ADD COLUMN `ends_at` integer CHECK (`ends_at` IS NULL OR `starts_at` IS NULL OR `ends_at` > `starts_at`);
--> statement-breakpoint
-- Visitors remember a closed popup by id and version: a changed popup is shown again.
ALTER TABLE `popups` ADD COLUMN `version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- The dashboard lists users newest first, a page at a time.
CREATE INDEX `users_created_idx` ON `users` (`created_at`, `id`);
