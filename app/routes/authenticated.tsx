import { Link } from "react-router";
import type { Route } from "./+types/authenticated";
import { requireUser } from "../lib/auth.server";

export function meta() {
  return [{ title: "Home · Creator Platform" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { name: user.name };
}

export default function Authenticated({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card">
      <h1>Your projects</h1>
      <p className="muted">Signed in as {loaderData.name}.</p>
      <div className="empty-state">
        <p>No projects yet. Projects and uploads are coming soon.</p>
        <p>
          Meanwhile, set your accent colour and font size in <Link to="/settings">Settings</Link>.
        </p>
      </div>
    </section>
  );
}
