-- A free beat that downloads straight from its page (ADR 062): how many times its originals were
-- downloaded, for the seller's sales view (preview plays are counted the same way, products.plays).
-- Hand-written; mirrored in worker/db/schema/store.ts.
ALTER TABLE `products` ADD `direct_downloads` integer DEFAULT 0 NOT NULL;
