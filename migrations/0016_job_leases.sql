-- ADR 014: in development the renderer pulls its jobs from the `jobs` table
-- (a stand-in for the Cloudflare Queues HTTP pull consumer). A pulled row is
-- leased: invisible to other pulls until `lease_until` (ms since the epoch),
-- acknowledged or retried by `lease_id`. Production leases live in the queue.
ALTER TABLE jobs ADD COLUMN lease_id TEXT;
ALTER TABLE jobs ADD COLUMN lease_until INTEGER;
CREATE INDEX jobs_lease_idx ON jobs (lease_id);
