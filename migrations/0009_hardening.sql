-- Issue 13 (hardening). Uploads: when an ended upload's key was last purged. A presigned PUT
-- cannot be revoked, so bytes may still reach the key of a refused or aborted upload until its
-- last link expires (`expires_at`, set to that moment when the upload ends); the sweep deletes
-- the key once more after that and records it here (ADR 013).
ALTER TABLE `uploads` ADD `purged_at` integer;
CREATE INDEX `uploads_purge_idx` ON `uploads` (`status`, `purged_at`, `expires_at`);
