// /campaigns: each campaign with its sponsor, program, progress toward the goal and status.
import { Link } from "react-router";
import { buttonClass, Card, EmptyState, Table } from "../../../components/ui";
import styles from "../components/campaigns.module.css";
import { StatusBadge } from "../components/ReportView";
import type { Route } from "./+types/campaigns";

export { loader } from "./campaigns.server";

export function meta() {
  return [{ title: "Campaigns · Creator Platform" }];
}

const number = new Intl.NumberFormat("en-US");

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns } = loaderData;
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>Campaigns</h1>
        <Link className={buttonClass("primary")} to="/campaigns/new">
          New campaign
        </Link>
      </div>
      <Card as="section" padding={campaigns.length ? "none" : "md"}>
        {campaigns.length === 0 ? (
          <EmptyState title="No campaigns yet" action={<Link to="/programming">Go to Programming</Link>}>
            Sell a program's slot to a sponsor: "Make it a campaign" on a program, then count its impressions.
          </EmptyState>
        ) : (
          <Table
            caption="Your campaigns"
            rows={campaigns}
            rowKey={(c) => c.id}
            columns={[
              {
                key: "sponsor",
                header: "Sponsor",
                primary: true,
                cell: (c) => <Link to={`/campaigns/${c.id}`}>{c.sponsorName}</Link>,
              },
              { key: "program", header: "Program", cell: (c) => c.programTitle },
              {
                key: "impressions",
                header: "Impressions",
                kind: "numeric",
                cell: (c) =>
                  c.goalImpressions === null
                    ? number.format(c.impressions)
                    : `${number.format(c.impressions)} / ${number.format(c.goalImpressions)}`,
              },
              { key: "status", header: "Status", kind: "nowrap", cell: (c) => <StatusBadge campaign={c} /> },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
