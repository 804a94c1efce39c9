// Home (/authenticated): the member's projects, those shared with them, and a 'New project' box whose
// drop zone uploads the dropped files into a new project, then opens it.
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
      <section className="card">
        <h1>Your projects</h1>
        <p className="muted">Signed in as {loaderData.name}.</p>
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
