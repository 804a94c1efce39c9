// A playlist item plays a copy of a project file's or a program file's media; undoing a program
// puts the item's own media back. Each of those copies every media column (schema
// `mediaColumns()`), so they copy through here and a column added there is never left behind.
import { MEDIA_COLUMNS, type PlaylistItem } from "../../db/schema";

/** The columns `mediaColumns()` gives every playable row. */
export type Media = Pick<PlaylistItem, (typeof MEDIA_COLUMNS)[number]>;

/** The media columns of a playable row (project file, playlist item, program file), and nothing else. */
export function mediaOf(row: Media): Media {
  return Object.fromEntries(MEDIA_COLUMNS.map((column) => [column, row[column]])) as Media;
}
