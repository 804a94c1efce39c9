// Migration 0047 on a database holding FarmerTV episodes and a show with downloads: the episodes
// move into the platform's show `farmertv` with their ids, the rebuilt show_episodes keeps every
// download (a drop cascades in D1), and a member's show holding the slug moves aside. SQLite
// with foreign keys on, each migration in one transaction, as D1 applies them.
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { expect, it } from "vitest";

const dir = new URL("../../migrations/", import.meta.url);
const files = readdirSync(dir)
  .filter((name) => name.endsWith(".sql"))
  .sort();

function apply(db: DatabaseSync, name: string) {
  db.exec(`BEGIN; ${readFileSync(new URL(name, dir), "utf8").replaceAll("--> statement-breakpoint", "")}; COMMIT;`);
}

it("moves FarmerTV's episodes into the platform's show and keeps the shows' downloads", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  const [before, after] = [files.filter((f) => f < "0047"), files.filter((f) => f >= "0047")];
  expect(after[0]).toBe("0047_farmertv_show.sql");
  for (const name of before) apply(db, name);
  db.exec(`
    INSERT INTO users (id, name, username, email, password_hash) VALUES ('u1', 'Ann', 'ann', 'ann@example.com', 'h');
    INSERT INTO episodes (id, user_id, title, description, video_key, video_file_name, video_content_type, video_size,
                          cover_key, cover_content_type, poster_status, duration_seconds, hidden, created_at)
      VALUES ('e1', 'u1', 'Harvest', 'Tractors', 'k/e1.mp4', 'e1.mp4', 'video/mp4', 4096, 'k/c1.png', 'image/png', 'done', 12.5, 0, 1000),
             ('e2', 'u1', 'Hidden', 'Not listed', 'k/e2.webm', 'e2.webm', 'video/webm', 2048, NULL, NULL, 'queued', NULL, 1, 2000);
    INSERT INTO shows (id, user_id, slug, title, description, author, category, language, podcast_guid)
      VALUES ('s1', 'u1', 'farmertv', 'Mine', 'd', 'Ann', 'Leisure', 'en', 'g1');
    INSERT INTO projects (id, user_id, title) VALUES ('p1', 'u1', 'Project');
    INSERT INTO playlists (id, user_id, project_id) VALUES ('pl1', 'u1', 'p1');
    INSERT INTO show_episodes (id, show_id, playlist_id, user_id, title, description, publish_at, guid)
      VALUES ('se1', 's1', 'pl1', 'u1', 'Audio', 'd', 500, 'g-se1');
    INSERT INTO episode_downloads (episode_id, show_id, day, listener, app, country, counted)
      VALUES ('se1', 's1', '2026-12-01', 'l1', 'Overcast', 'DE', 1);
  `);
  for (const name of after) apply(db, name);

  expect(db.prepare("SELECT * FROM episode_downloads").all()).toMatchObject([{ episode_id: "se1", counted: 1 }]);
  expect(db.prepare("SELECT id, slug, user_id, media_type FROM shows ORDER BY id").all()).toEqual([
    { id: "farmertv", slug: "farmertv", user_id: "platform", media_type: "video" },
    { id: "s1", slug: "farmertv-s1", user_id: "u1", media_type: "audio" },
  ]);
  const moved = db.prepare("SELECT * FROM show_episodes WHERE show_id = 'farmertv' ORDER BY id").all();
  expect(moved).toMatchObject([
    {
      id: "e1",
      guid: "e1",
      user_id: "u1",
      playlist_id: null,
      title: "Harvest",
      published: 1,
      publish_at: 1000,
      media_key: "k/e1.mp4",
      media_content_type: "video/mp4",
      media_size: 4096,
      cover_key: "k/c1.png",
      cover_type: "image/png",
      duration_seconds: 12.5,
      poster_status: "done",
    },
    { id: "e2", published: 0, media_key: "k/e2.webm", cover_key: null, poster_status: "queued" },
  ]);
  expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'episodes'").all()).toEqual([]);
  expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
  // The platform's account signs nobody in: its hash is no hash.
  expect(db.prepare("SELECT password_hash FROM users WHERE id = 'platform'").get()).toEqual({ password_hash: "!" });
});
