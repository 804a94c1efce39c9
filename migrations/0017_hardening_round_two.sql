-- Issue 27 (hardening, round two).
-- 1. A free-licence claim names its product on the order, and one member holds at most one such
--    order per product: simultaneous claims race into this index and all but one batch fails.
ALTER TABLE `orders` ADD `free_product_id` text;
CREATE UNIQUE INDEX `orders_free_claim_unique` ON `orders` (`user_id`, `free_product_id`) WHERE `free_product_id` IS NOT NULL;
-- 3. Who started a donation (a keyed hash of the client's address), so a repeated start for the
--    same client, amount and e-mail reuses its open intent instead of making another.
ALTER TABLE `donations` ADD `client_key` text;
CREATE INDEX `donations_client_idx` ON `donations` (`client_key`, `status`, `created_at`);
CREATE INDEX `donations_pending_idx` ON `donations` (`status`, `created_at`);
-- 7. The popup image's checked type (from its upload) and the editor's alt text.
ALTER TABLE `popups` ADD `image_type` text;
ALTER TABLE `popups` ADD `image_alt` text NOT NULL DEFAULT '';
