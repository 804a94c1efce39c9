-- Issue 47: a campaign's insertion orders (signature requests) and issued delivery reports (code and
-- SHA-256 of the PDF as issued, for /verify).
CREATE TABLE `campaign_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`signature_request_id` text,
	`code` text NOT NULL,
	`sha256` text,
	`title` text NOT NULL,
	`period_start` text,
	`period_end` text,
	`impressions` integer,
	`amount_cents` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`signature_request_id`) REFERENCES `signature_requests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_documents_code_unique` ON `campaign_documents` (`code`);--> statement-breakpoint
CREATE INDEX `campaign_documents_campaign_idx` ON `campaign_documents` (`campaign_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `campaign_documents_sha256_idx` ON `campaign_documents` (`sha256`);
