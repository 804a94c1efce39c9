-- A render's progress was stored twice: in its job's row (jobs.progress) and in renders.progress,
-- kept equal by every write. A render's id is its job's id, so jobs.progress is the one column now
-- (render-container/src/contract.ts `ProgressReport` is what fills it). Nothing is lost: where the
-- two ever differed, the job keeps the higher percentage; a render has no job row only once its
-- member is deleted, and then the render row goes with them (both cascade from users).
UPDATE jobs
SET progress = (SELECT r.progress FROM renders r WHERE r.id = jobs.id)
WHERE id IN (SELECT id FROM renders) AND progress < (SELECT r.progress FROM renders r WHERE r.id = jobs.id);
ALTER TABLE `renders` DROP COLUMN `progress`;
