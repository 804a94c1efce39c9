// The dashboard's community section: the Early Risers sign-ups (seed 001 screen 7), from the loader.

import { type Column, EmptyState, Table } from "../../../components/ui";
import { formatDate } from "../../../kernel/format";
import styles from "./admin.module.css";

export interface SignupView {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: number;
}

const columns: Column<SignupView>[] = [
  { key: "name", header: "Name", primary: true, cell: (signup) => signup.name },
  { key: "email", header: "Email", kind: "truncate", cell: (signup) => signup.email },
  { key: "message", header: "Message", cell: (signup) => signup.message },
  {
    key: "joined",
    header: "Joined",
    kind: "nowrap",
    cell: (signup) => formatDate(signup.createdAt, { timeZone: "UTC" }),
  },
];

export function SignupsSection({ signups }: { signups: SignupView[] }) {
  return (
    <section className={styles.section} aria-labelledby="early-risers-heading">
      <h2 id="early-risers-heading">Early Risers sign-ups</h2>
      <Table
        caption="Early Risers sign-ups"
        columns={columns}
        rows={signups}
        rowKey={(signup) => signup.id}
        empty={<EmptyState title="No sign-ups yet.">Sign-ups from the community page appear here.</EmptyState>}
      />
    </section>
  );
}
