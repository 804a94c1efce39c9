-- An audio playlist's render is an M4A and an MP4 of it over a still frame: the M4A's size, which
-- /renderfiles shows as the episode's size (the MP4's stays in `size`).
-- Hand-written; mirrored in worker/db/schema/playlists.ts.
ALTER TABLE `renders` ADD `audio_size` integer;
