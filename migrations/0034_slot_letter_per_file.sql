-- One slot letter per file: a project file copied into its playlist shows the
-- letter of its playlist row (the letter programs replace by). Until now the two
-- were saved apart and could disagree; from here on both are written together
-- (setSlotPosition / setItemSlot), and this brings existing rows into line, the
-- playlist's letter winning.
UPDATE files
SET slot_position = (
  SELECT pi.slot_position
  FROM playlist_items pi
  WHERE pi.source_file_id = files.id
  ORDER BY pi.slot_position IS NULL, pi.seq_pos
  LIMIT 1
)
WHERE EXISTS (SELECT 1 FROM playlist_items pi WHERE pi.source_file_id = files.id);
