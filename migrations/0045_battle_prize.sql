-- Issue 45 item 8: the beat battle's page names its prize (the admin's words; empty until announced).
ALTER TABLE `beat_battles` ADD `prize` text DEFAULT '' NOT NULL;
