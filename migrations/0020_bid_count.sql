-- ADR 038: the gallery shows each item's number of bids before its live socket connects.
-- The BidItem object counts them and writes the count through with the price (never backwards:
-- the same `version` guard as the price).
ALTER TABLE bid_items ADD COLUMN bid_count INTEGER NOT NULL DEFAULT 0;
