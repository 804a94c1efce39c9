// Media facts (duration, frame rate, resolution, probe state, loudness) have
// one home: the record whose bytes were probed — a project file, a program
// file, or an item uploaded straight into a playlist. A playlist item that
// plays a copy of a project file, or a program's file while the program is
// applied, carries the facts too (listing and rendering read them there).
// These statements keep the copies in step with their home. They run inside
// the same D1 batch as the change that makes the copy, and a probe's result
// is spread in the batch that records it, so whichever commits first, the
// other sees it: a probe finishing before or after an apply is never lost.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { type FileRecord, files, playlistItems, programFiles } from "../../db/schema";

export type Facts = Partial<
  Pick<FileRecord, "durationSeconds" | "frameRate" | "resolution" | "probeStatus" | "loudness" | "peaks">
>;

export type FactsHome = { target: "file" | "program-file" | "playlist-item"; id: string };

/** Writes facts to their home and to every playlist item now playing that home's media. */
export function writeFacts(
  db: Database,
  home: FactsHome,
  facts: Facts,
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  switch (home.target) {
    case "file":
      return [
        db.update(files).set(facts).where(eq(files.id, home.id)),
        db
          .update(playlistItems)
          .set(facts)
          .where(and(eq(playlistItems.sourceFileId, home.id), isNull(playlistItems.programFileId))),
      ];
    case "program-file":
      return [
        db.update(programFiles).set(facts).where(eq(programFiles.id, home.id)),
        db.update(playlistItems).set(facts).where(eq(playlistItems.programFileId, home.id)),
      ];
    case "playlist-item":
      // While a program plays in this item, its row holds the program's media: the upload's facts must not land there.
      return [
        db
          .update(playlistItems)
          .set(facts)
          .where(and(eq(playlistItems.id, home.id), isNull(playlistItems.programFileId))),
      ];
  }
}

/** Where a playlist item's media facts live. */
export function homeOf(item: { id: string; programFileId: string | null; sourceFileId: string | null }): FactsHome {
  if (item.programFileId) return { target: "program-file", id: item.programFileId };
  if (item.sourceFileId) return { target: "file", id: item.sourceFileId };
  return { target: "playlist-item", id: item.id };
}

/** Each fact column of a playlist item, read from the row of `home` that `link` names. */
function factsFrom(home: "program_files" | "files", link: "program_file_id" | "source_file_id") {
  const from = (column: string) =>
    sql.raw(`(SELECT ${home}.${column} FROM ${home} WHERE ${home}.id = playlist_items.${link})`);
  return {
    durationSeconds: from("duration_seconds"),
    frameRate: from("frame_rate"),
    resolution: from("resolution"),
    probeStatus: from("probe_status"),
    loudness: from("loudness"),
  };
}

/**
 * Copies every item's facts from its home (program file, else project file,
 * when that still exists), for one playlist. Put it last in the batch that
 * copies media into the playlist.
 */
export function syncFromHomes(
  db: Database,
  playlistId: string | readonly string[],
): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  // Several playlists (at most IDS_PER_STATEMENT) in one statement when applying a program to many.
  const ofPlaylists =
    typeof playlistId === "string"
      ? eq(playlistItems.playlistId, playlistId)
      : inArray(playlistItems.playlistId, [...playlistId]);
  return [
    db
      .update(playlistItems)
      .set(factsFrom("program_files", "program_file_id"))
      .where(
        and(
          ofPlaylists,
          sql`EXISTS (SELECT 1 FROM program_files WHERE program_files.id = ${playlistItems.programFileId})`,
        ),
      ),
    db
      .update(playlistItems)
      .set(factsFrom("files", "source_file_id"))
      .where(
        and(
          ofPlaylists,
          isNull(playlistItems.programFileId),
          sql`EXISTS (SELECT 1 FROM files WHERE files.id = ${playlistItems.sourceFileId})`,
        ),
      ),
  ];
}
