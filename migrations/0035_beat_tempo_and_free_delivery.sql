-- Issue 33: the BPM the probe suggests for a beat's audio file (the seller confirms it: it never
-- fills products.bpm by itself), and the per-beat choice of how a free beat is delivered: by an
-- e-mailed link (ADR 055, the default, as before) or straight from its page (ADR 062).
-- Hand-written; mirrored in worker/db/schema/store.ts.
ALTER TABLE `product_files` ADD `tempo_bpm` real;--> statement-breakpoint
ALTER TABLE `product_files` ADD `tempo_confidence` real;--> statement-breakpoint
ALTER TABLE `products` ADD `free_asks_email` integer DEFAULT 1 NOT NULL;
