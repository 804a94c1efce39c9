// The dashboard's users (seed 001 screen 12: name, username, email, verified yes/no): searched,
// sorted and paged on the server through the URL (?q=&sort=&dir=&page=), so it works without
// JavaScript and stays fast with tens of thousands of users. Cards on a phone (the Table).
import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { EmailAddress } from "../../../components/EmailAddress";
import { Badge, Button, type Column, Field, Input, Pager, Select, Table } from "../../../components/ui";
import { formatDate } from "../../../kernel/format";
import { defaultDirection, USER_SORTS, type UserSort } from "../../../kernel/schemas/admin";
import { sectionLink } from "./AdminNav";
import styles from "./admin.module.css";

export interface UserRowView {
  id: string;
  name: string;
  username: string;
  email: string;
  verified: boolean;
  role: string;
  createdAt: Date | string | number;
}

export interface UserPage {
  users: UserRowView[];
  total: number;
  page: number;
  pageSize: number;
  q: string;
  sort: UserSort;
  dir: "asc" | "desc";
}

const SORT_LABELS: Record<UserSort, string> = { joined: "Joined", name: "Name", username: "Username", email: "Email" };

export function UsersSection({ list }: { list: UserPage }) {
  const submit = useSubmit();
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pending.current), []);
  const link = (params: { sort?: UserSort; dir?: "asc" | "desc"; page?: number }) => {
    const sort = params.sort ?? list.sort;
    const dir = params.dir ?? list.dir;
    return sectionLink("users", {
      q: list.q,
      sort: sort === "joined" ? undefined : sort,
      dir: dir === defaultDirection(sort) ? undefined : dir,
      page: params.page && params.page > 1 ? params.page : undefined,
    });
  };
  const sortable = (sort: UserSort): Pick<Column<UserRowView>, "headerCell" | "sorted"> => {
    const current = list.sort === sort;
    const next = current ? (list.dir === "asc" ? "desc" : "asc") : defaultDirection(sort);
    return {
      sorted: current ? (list.dir === "asc" ? "ascending" : "descending") : undefined,
      headerCell: (
        <Link className={styles.sortLink} to={link({ sort, dir: next })}>
          {SORT_LABELS[sort]}
          <span aria-hidden="true">{current ? (list.dir === "asc" ? "▲" : "▼") : ""}</span>
          <span className="visually-hidden">
            {current ? `, sorted ${list.dir === "asc" ? "ascending" : "descending"}` : ", sort"}
          </span>
        </Link>
      ),
    };
  };
  const columns: Column<UserRowView>[] = [
    { key: "name", header: "Name", primary: true, cell: (user) => user.name, ...sortable("name") },
    { key: "username", header: "Username", cell: (user) => user.username, ...sortable("username") },
    { key: "email", header: "Email", cell: (user) => <EmailAddress value={user.email} />, ...sortable("email") },
    {
      key: "verified",
      header: "Verified",
      kind: "nowrap",
      cell: (user) => (
        <>
          {user.verified ? "yes" : "no"} {user.role === "admin" && <Badge tone="accent">Admin</Badge>}
        </>
      ),
    },
    {
      key: "joined",
      header: "Joined",
      kind: "nowrap",
      cell: (user) => formatDate(user.createdAt, { timeZone: "UTC" }),
      ...sortable("joined"),
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      <Form
        method="get"
        action="/theAdministrator"
        className={`${styles.toolbar} ${styles.filters}`}
        role="search"
        aria-label="Filter users"
        onChange={(event) => {
          // Applies as the admin types (after a pause) or picks; without script the Search button sends it.
          const form = event.currentTarget;
          const typing = (event.target as HTMLElement).tagName === "INPUT";
          window.clearTimeout(pending.current);
          pending.current = window.setTimeout(() => submit(form, { replace: true }), typing ? 300 : 0);
        }}
      >
        <input type="hidden" name="section" value="users" />
        <Field label="Search users" className={styles.grow}>
          <Input name="q" type="search" defaultValue={list.q} maxLength={100} placeholder="Name, username or e-mail" />
        </Field>
        <Field label="Sort by" className={styles.filter}>
          <Select name="sort" defaultValue={list.sort}>
            {USER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Order" className={styles.filter}>
          <Select name="dir" defaultValue={list.dir}>
            <option value="asc">{list.sort === "joined" ? "Oldest first" : "A to Z"}</option>
            <option value="desc">{list.sort === "joined" ? "Newest first" : "Z to A"}</option>
          </Select>
        </Field>
        <noscript>
          <Button type="submit">Search</Button>
        </noscript>
      </Form>
      <Table
        caption="Users"
        columns={columns}
        rows={list.users}
        rowKey={(user) => user.id}
        empty={<p className="empty-state">No users match.</p>}
      />
      {list.total > 0 && (
        <Pager
          label="Users pages"
          total={list.total}
          page={list.page}
          pageSize={list.pageSize}
          noun={["user", "users"]}
          link={(page) => link({ page })}
        />
      )}
    </section>
  );
}
