-- Issue 44 items 2 and 3: every picture the product serves says its type.
-- 1. A FarmerTV cover keeps its checked type (from its upload), so its stable address ends in the
--    image's extension and it is served as that type (it was a signed link of no type, served as
--    application/octet-stream). Covers saved before this take the type of the upload they came from.
ALTER TABLE `episodes` ADD `cover_content_type` text;
UPDATE `episodes` SET `cover_content_type` = (
  SELECT `content_type` FROM `uploads` WHERE `uploads`.`key` = `episodes`.`cover_key` LIMIT 1
) WHERE `cover_key` IS NOT NULL;
-- 2. A popup image saved before migration 0017 kept no type: it takes its upload's.
UPDATE `popups` SET `image_type` = (
  SELECT `content_type` FROM `uploads` WHERE `uploads`.`key` = `popups`.`image_key` LIMIT 1
) WHERE `image_key` IS NOT NULL AND `image_type` IS NULL;
