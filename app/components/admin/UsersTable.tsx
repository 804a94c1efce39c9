// The dashboard's users (seed 001 screen 12): searched and paged on the server
// through the URL (?q=&page=), so it works without JavaScript and stays fast with
// tens of thousands of users. The signed-in admin's own row is pinned first and
// carries the popup controls, where the seed puts them.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ScrollRegion } from "../ScrollRegion";

export interface UserRowView {
  id: string;
  name: string;
  username: string;
  email: string;
  verified: boolean;
}

export interface UserPage {
  users: UserRowView[];
  total: number;
  page: number;
  pageSize: number;
  q: string;
}

function Row({ user, children }: { user: UserRowView; children?: ReactNode }) {
  return (
    <>
      <tr>
        <td data-label="Name">{user.name}</td>
        <td data-label="Username">{user.username}</td>
        <td data-label="Email">{user.email}</td>
        <td data-label="Verified">{user.verified ? "yes" : "no"}</td>
      </tr>
      {children && (
        <tr className="own-row-extra">
          <td colSpan={4}>{children}</td>
        </tr>
      )}
    </>
  );
}

function pageLink(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : ".";
}

export function UsersTable({ list, me, popupControls }: { list: UserPage; me: UserRowView; popupControls: ReactNode }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const others = list.users.filter((user) => user.id !== me.id);
  // The admin's own row is pinned first, but a search it does not match does not show it.
  const q = list.q.toLowerCase();
  const showMe = !q || (list.total > 0 && [me.name, me.username, me.email].some((v) => v.toLowerCase().includes(q)));
  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      <Form method="get" className="user-search" role="search">
        <label htmlFor="user-search">Search users</label>
        <input id="user-search" name="q" type="search" defaultValue={list.q} maxLength={100} />
        <button type="submit" className="button small">
          Search
        </button>
      </Form>
      {!showMe && <div className="own-row-extra">{popupControls}</div>}
      <ScrollRegion label="Users">
        <table aria-labelledby="users-heading" className="cards-on-phone">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Verified</th>
            </tr>
          </thead>
          <tbody>
            {showMe && <Row user={me}>{popupControls}</Row>}
            {others.map((user) => (
              <Row key={user.id} user={user} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <nav className="pager" aria-label="Users pages">
        <p aria-live="polite">
          {list.total === 0
            ? "No users match."
            : `${list.total.toLocaleString("en-US")} user${list.total === 1 ? "" : "s"} · page ${list.page} of ${pages}`}
        </p>
        {list.page > 1 && (
          <Link to={pageLink(list.q, list.page - 1)} className="button small" rel="prev">
            Previous
          </Link>
        )}
        {list.page < pages && (
          <Link to={pageLink(list.q, list.page + 1)} className="button small" rel="next">
            Next
          </Link>
        )}
      </nav>
    </section>
  );
}
