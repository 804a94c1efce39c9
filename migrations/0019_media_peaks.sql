-- Issue 28 §3: waveform peaks for every playable record (a file, a playlist item, a program file),
-- computed by the renderer at probe time and drawn by the one media player. JSON array of 0..1.
ALTER TABLE `files` ADD `peaks` text;
--> statement-breakpoint
ALTER TABLE `playlist_items` ADD `peaks` text;
--> statement-breakpoint
ALTER TABLE `program_files` ADD `peaks` text;
