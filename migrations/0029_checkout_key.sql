-- Issue 27 item 3: checkout intent reuse made atomic. A pending order carries the key of the cart it
-- was made from (a hash of its products and prices); one member holds at most one order per key, so
-- a burst of identical checkouts races into this index and all but one batch fails, answering with
-- the winner's order (and, through its idempotency key, the winner's intent).
ALTER TABLE `orders` ADD `checkout_key` text;
CREATE UNIQUE INDEX `orders_checkout_key_unique` ON `orders` (`user_id`, `checkout_key`) WHERE `checkout_key` IS NOT NULL;
