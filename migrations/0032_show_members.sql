-- Issue 34 / ADR 054: shows are shared like projects and programs. A show's creator
-- (shows.user_id) is always its owner; show_members holds everyone else and their role.
CREATE TABLE show_members (
  show_id TEXT NOT NULL REFERENCES shows(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'owner')),
  invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch('subsec') * 1000),
  PRIMARY KEY (show_id, user_id)
);
CREATE INDEX show_members_user_idx ON show_members (user_id);

-- Invitations gain show_id. SQLite cannot change a CHECK constraint in place, so the table is
-- copied into a new one whose CHECK says "exactly one of project, program or show" (nothing
-- references invitations, so it can be dropped and renamed).
CREATE TABLE invitations_new (
  id TEXT PRIMARY KEY,
  project_id TEXT REFERENCES projects(id) ON DELETE CASCADE,
  program_id TEXT REFERENCES programs(id) ON DELETE CASCADE,
  show_id TEXT REFERENCES shows(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'owner')),
  token_hash TEXT NOT NULL,
  invited_by TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  accepted_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch('subsec') * 1000),
  CHECK ((project_id IS NOT NULL) + (program_id IS NOT NULL) + (show_id IS NOT NULL) = 1)
);
INSERT INTO invitations_new (id, project_id, program_id, email, role, token_hash, invited_by, expires_at, accepted_at, created_at)
  SELECT id, project_id, program_id, email, role, token_hash, invited_by, expires_at, accepted_at, created_at FROM invitations;
DROP TABLE invitations;
ALTER TABLE invitations_new RENAME TO invitations;
CREATE UNIQUE INDEX invitations_token_unique ON invitations (token_hash);
CREATE INDEX invitations_project_idx ON invitations (project_id);
CREATE INDEX invitations_program_idx ON invitations (program_id);
CREATE INDEX invitations_show_idx ON invitations (show_id);
