// Home (/authenticated): the member's projects with their shows beside them, the projects shared with
// them, and a 'New project' box whose drop zone uploads the dropped files into a new project, then
// opens it. The member's name is in the header already; the page does not repeat it.
// Loader: member-home.server.ts; the box: components/projects/NewProject.
import { Link } from "react-router";
import { displayName } from "../../../kernel/format";
import { NewProject } from "../components/NewProject";
import type { Route } from "./+types/home";
import "../../../styles/files.css";

export { loader } from "./home.server";

export function meta() {
  return [{ title: "Home · Creator Platform" }];
}

export default function MemberHome({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  return (
    <div className="files-page">
      <div className="home-columns">
        <section className="card" aria-labelledby="projects-heading">
          <h1 id="projects-heading">Your projects</h1>
          {projects.length === 0 ? (
            <div className="empty-state">
              <p>No projects yet. Create one below by giving it a title and dropping files into it.</p>
            </div>
          ) : (
            <ul className="project-list">
              {projects.map((project) => (
                <li key={project.id}>
                  <Link to={`/projects/${project.id}`} className="project-link">
                    <span className="project-title">{displayName(project.title) || "Untitled Project"}</span>
                    <span className="muted">
                      {project.fileCount} {project.fileCount === 1 ? "file" : "files"}
                    </span>
                  </Link>
                </li>
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
          <ul className="project-list">
            {loaderData.shared.map((project) => (
              <li key={project.id}>
                <Link to={`/projects/${project.id}`} className="project-link">
                  <span className="project-title">{displayName(project.title) || "Untitled Project"}</span>
                  <span className="muted">
                    {project.role} · shared by {project.sharedBy} · {project.fileCount}{" "}
                    {project.fileCount === 1 ? "file" : "files"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewProject />
    </div>
  );
}
