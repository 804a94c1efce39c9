-- Issue 34: team collaboration (ADR 041) and document signing (ADR 042).
--
-- A project's creator (projects.user_id) is always its owner; project_members
-- holds everyone else it is shared with and their role. Programs are shared the
-- same way through program_members (shows will add show_members).
CREATE TABLE project_members (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'owner')),
  invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch('subsec') * 1000),
  PRIMARY KEY (project_id, user_id)
);
CREATE INDEX project_members_user_idx ON project_members (user_id);

CREATE TABLE program_members (
  program_id TEXT NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'owner')),
  invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch('subsec') * 1000),
  PRIMARY KEY (program_id, user_id)
);
CREATE INDEX program_members_user_idx ON program_members (user_id);

-- An invitation by e-mail: the link carries a random token, only its SHA-256 is stored.
-- Exactly one of project_id / program_id is set.
CREATE TABLE invitations (
  id TEXT PRIMARY KEY,
  project_id TEXT REFERENCES projects(id) ON DELETE CASCADE,
  program_id TEXT REFERENCES programs(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'owner')),
  token_hash TEXT NOT NULL,
  invited_by TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  accepted_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch('subsec') * 1000),
  CHECK ((project_id IS NULL) <> (program_id IS NULL))
);
CREATE UNIQUE INDEX invitations_token_unique ON invitations (token_hash);
CREATE INDEX invitations_project_idx ON invitations (project_id);
CREATE INDEX invitations_program_idx ON invitations (program_id);

-- What happened in a project, by whom: uploaded, applied a program, rendered, invited, …
CREATE TABLE project_activity (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL DEFAULT (unixepoch('subsec') * 1000)
);
CREATE INDEX project_activity_project_idx ON project_activity (project_id, created_at);

-- A request for signatures on one PDF of a project.
CREATE TABLE signature_requests (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  file_id TEXT REFERENCES files(id) ON DELETE SET NULL,
  requested_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  original_key TEXT NOT NULL,
  original_sha256 TEXT NOT NULL,
  page_count INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'viewed', 'signed', 'voided')),
  -- Printed on the certificate page; the public verification page's address.
  code TEXT NOT NULL,
  signed_file_id TEXT REFERENCES files(id) ON DELETE SET NULL,
  signed_key TEXT,
  signed_sha256 TEXT,
  completed_at INTEGER,
  voided_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch('subsec') * 1000)
);
CREATE UNIQUE INDEX signature_requests_code_unique ON signature_requests (code);
CREATE INDEX signature_requests_project_idx ON signature_requests (project_id, created_at);
CREATE INDEX signature_requests_signed_hash_idx ON signature_requests (signed_sha256);

-- One signer of a request: their own link (token hash), its expiry, and what they signed with.
CREATE TABLE signature_signers (
  id TEXT PRIMARY KEY,
  request_id TEXT NOT NULL REFERENCES signature_requests(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'viewed', 'signed', 'voided')),
  full_name TEXT,
  -- "typed" (the full name is the signature) or "drawn": then an SVG path of the strokes in a
  -- 400 x 150 box, drawn as vectors on the certificate page.
  signature_kind TEXT CHECK (signature_kind IN ('typed', 'drawn')),
  signature_path TEXT,
  ip_hash TEXT,
  viewed_at INTEGER,
  signed_at INTEGER,
  reminded_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch('subsec') * 1000)
);
CREATE UNIQUE INDEX signature_signers_token_unique ON signature_signers (token_hash);
CREATE INDEX signature_signers_request_idx ON signature_signers (request_id);
CREATE INDEX signature_signers_remind_idx ON signature_signers (status, created_at);
