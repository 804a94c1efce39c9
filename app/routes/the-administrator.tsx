import { listUsers } from "../../worker/domain/admin/users";
import type { Route } from "./+types/the-administrator";
import { requireAdmin, server } from "../lib/auth.server";

export function meta() {
  return [{ title: "Admin · Creator Platform" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { users: await listUsers(server(context).deps) };
}

export default function TheAdministrator({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card">
      <h1>Admin dashboard</h1>
      <h2>Users</h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Username</th>
              <th>Email</th>
              <th>Verified</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.users.map((user) => (
              <tr key={user.id}>
                <td>{user.name}</td>
                <td>{user.username}</td>
                <td>{user.email}</td>
                <td>{user.verified ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">Totals, beat battle submissions, auction items and the popup editor are coming soon.</p>
    </section>
  );
}
