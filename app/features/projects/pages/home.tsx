// Home (/authenticated): the member's projects as tiles (cover, title, files, duration, last change;
// the most recently changed first) with their shows beside them, the projects shared with them, and
// 'New project' as the header's action, opening a small form in place (open from the start while there
// is no project). The member's name is in the header already; the page does not repeat it.
// Loader: home.server.ts; the form: components/NewProject.
import { useId, useState } from "react";
import { Link } from "react-router";
import { RelativeTime } from "../../../components/LocalTime";
import { Button, GeneratedCover } from "../../../components/ui";
import { displayName, formatDuration } from "../../../kernel/format";
import { NewProject } from "../components/NewProject";
import type { Route } from "./+types/home";
import "../../../styles/files.css";

export { loader } from "./home.server";

export function meta() {
  return [{ title: "Home · Creator Platform" }];
}

interface Tile {
  id: string;
  title: string;
  fileCount: number;
  changedAt: Date | string;
  durationSeconds: number | null;
  role?: string;
  sharedBy?: string | null;
}

/** One project: its generated cover, title, and "3 files · 12:04 · 2 hours ago". */
export function ProjectTile({ project }: { project: Tile }) {
  const title = displayName(project.title) || "Untitled Project";
  return (
    <li>
      <Link to={`/projects/${project.id}`} className="project-tile">
        <GeneratedCover title={title} wide className="project-tile-cover" />
        <span className="project-tile-text">
          <span className="project-title">{title}</span>
          <span className="project-tile-meta">
            {project.sharedBy && (
              <span>
                {project.role} · shared by {project.sharedBy}
              </span>
            )}
            <span>
              {project.fileCount} {project.fileCount === 1 ? "file" : "files"}
              {project.durationSeconds ? ` · ${formatDuration(project.durationSeconds)}` : ""}
            </span>
            <span>
              Changed <RelativeTime value={project.changedAt} />
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

export default function MemberHome({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  const formId = useId();
  const [creating, setCreating] = useState(projects.length === 0);
  return (
    <div className="files-page">
      <div className="home-columns">
        <section className="card" aria-labelledby="projects-heading">
          <div className="home-header">
            <h1 id="projects-heading">Your projects</h1>
            <Button
              variant={creating ? "secondary" : "primary"}
              aria-expanded={creating}
              aria-controls={formId}
              onClick={() => setCreating((open) => !open)}
            >
              New project
            </Button>
          </div>
          <div id={formId} hidden={!creating}>
            {creating && <NewProject />}
          </div>
          {projects.length === 0 ? (
            <div className="empty-state">
              <p>No projects yet. Give it a title above and drop files into it.</p>
            </div>
          ) : (
            <ul className="project-tiles">
              {projects.map((project) => (
                <ProjectTile key={project.id} project={project} />
              ))}
            </ul>
          )}
        </section>
        <section className="card home-shows" aria-labelledby="shows-heading">
          <h2 id="shows-heading">Your shows</h2>
          {loaderData.shows.length === 0 ? (
            <p className="muted">
              No shows yet. A show publishes your playlists as episodes, with its own page and RSS feed.
            </p>
          ) : (
            <ul className="show-list">
              {loaderData.shows.map((show) => (
                <li key={show.id}>
                  <Link to={`/shows/${show.slug}/manage`} className="project-link">
                    <span className="project-title">{show.title}</span>
                    <span className="muted">
                      {show.mediaType === "video" ? "Video" : "Audio"}
                      {show.sharedBy ? ` · ${show.role}, shared by ${show.sharedBy}` : ""}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p className="home-shows-links">
            <Link to="/shows">All shows</Link>
            <Link to="/shows#new-show" className="button">
              Create a show
            </Link>
          </p>
        </section>
      </div>
      <section className="card" aria-labelledby="shared-heading">
        <h2 id="shared-heading">Shared with me</h2>
        {loaderData.shared.length === 0 ? (
          <p className="muted">No one has shared a project with you yet. Invitations arrive by e-mail.</p>
        ) : (
          <ul className="project-tiles">
            {loaderData.shared.map((project) => (
              <ProjectTile key={project.id} project={project} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
