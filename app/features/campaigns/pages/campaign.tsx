// /campaigns/:campaignId: the creator's campaign. The report (impressions by day, episode, app and
// country; goal progress; amount due; status), the insertion order and its signature, the sponsor's
// share links, the CSV and the delivery report PDF, and the campaign's terms to edit.
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import { LocalTime } from "../../../components/LocalTime";
import { Badge, Button, buttonClass, Card, Field, Input, Outcome } from "../../../components/ui";
import { CopyLink } from "../components/CopyLink";
import styles from "../components/campaigns.module.css";
import { Method, ReportView, StatusBadge } from "../components/ReportView";
import type { Route } from "./+types/campaign";

export { action, loader } from "./campaign.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const c = loaderData?.campaign;
  return [{ title: `${c ? `${c.sponsorName} on ${c.programTitle}` : "Campaign"} · Creator Platform` }];
}

type Answer = { intent: string; message?: string; error?: { message: string; fields?: Record<string, string[]> } };

function outcome(answer: Answer | undefined) {
  if (!answer) return null;
  if (answer.error) return { ok: false, text: answer.error.message };
  return answer.message ? { ok: true, text: answer.message } : null;
}

export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  const { campaign, report } = loaderData;
  return (
    <div className={styles.page}>
      <p className={styles.muted}>
        <Link to="/campaigns">Campaigns</Link> / {campaign.programTitle}
      </p>
      <div className={styles.head}>
        <div>
          <h1>{campaign.sponsorName}</h1>
          <p className={styles.muted}>
            Program {campaign.programTitle} · {campaign.episodes.length}{" "}
            {campaign.episodes.length === 1 ? "episode" : "episodes"}
          </p>
        </div>
        <StatusBadge campaign={report.campaign} />
      </div>
      <ReportView report={report} />
      <div className={styles.split}>
        <InsertionOrder io={loaderData.insertionOrder} sponsorEmail={campaign.sponsorEmail} />
        <Exports campaignId={campaign.id} />
      </div>
      <ShareLinks links={campaign.shareLinks} />
      <EditCampaign campaign={campaign} />
      <Method text={report.method} />
    </div>
  );
}

const IO_STATE: Record<string, { text: string; tone: "neutral" | "info" | "success" | "warning" }> = {
  sent: { text: "Sent, not opened yet", tone: "info" },
  viewed: { text: "Opened by the sponsor", tone: "info" },
  signed: { text: "Signed", tone: "success" },
  voided: { text: "Voided", tone: "warning" },
};

function InsertionOrder({
  io,
  sponsorEmail,
}: {
  io: Route.ComponentProps["loaderData"]["insertionOrder"];
  sponsorEmail: string;
}) {
  const fetcher = useFetcher<Answer>();
  const state = io ? IO_STATE[io.status] : null;
  const canSend = !io || io.status === "voided";
  return (
    <Card as="section" aria-labelledby="io" className={styles.stack}>
      <h2 id="io">Insertion order</h2>
      {io && state ? (
        <>
          <p>
            Signature: <Badge tone={state.tone}>{state.text}</Badge>
          </p>
          <p className={styles.muted}>
            Sent to {sponsorEmail} <LocalTime value={io.sentAt} />
            {io.signedAt && (
              <>
                {" "}
                · signed <LocalTime value={io.signedAt} />
              </>
            )}
          </p>
          <div className={styles.actions}>
            {io.documentUrl && (
              <a className={buttonClass("secondary", "sm")} href={io.documentUrl}>
                Insertion order (PDF)
              </a>
            )}
            {io.signedUrl && (
              <a className={buttonClass("primary", "sm")} href={io.signedUrl}>
                Signed copy
              </a>
            )}
            {io.verifyUrl && <Link to={io.verifyUrl}>Verify</Link>}
          </div>
        </>
      ) : (
        <p className={styles.muted}>
          Made from the campaign (sponsor, spots, flight, goal, CPM, total) and e-mailed to {sponsorEmail} to sign, no
          account needed.
        </p>
      )}
      {canSend && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="send-io" />
          <Button type="submit" variant="primary" busy={fetcher.state !== "idle"} busyLabel="Sending...">
            Send insertion order
          </Button>
        </fetcher.Form>
      )}
      <Outcome message={outcome(fetcher.data)} />
    </Card>
  );
}

function Exports({ campaignId }: { campaignId: string }) {
  return (
    <Card as="section" aria-labelledby="exports" className={styles.stack}>
      <h2 id="exports">Reports</h2>
      <p className={styles.muted}>
        The delivery report states the method, the figures and the period; anyone can check a copy at /verify.
      </p>
      <div className={styles.actions}>
        <a className={buttonClass("primary", "sm")} href={`/api/campaigns/${campaignId}/delivery-report.pdf`} download>
          Delivery report (PDF)
        </a>
        <a className={buttonClass("secondary", "sm")} href={`/api/campaigns/${campaignId}/report.csv`} download>
          Export CSV
        </a>
      </div>
    </Card>
  );
}

function ShareLinks({ links }: { links: Route.ComponentProps["loaderData"]["campaign"]["shareLinks"] }) {
  const create = useFetcher<Answer>();
  // One fetcher for every row's Revoke: its answer stays in view after the row is gone.
  const revoke = useFetcher<Answer>();
  return (
    <Card as="section" aria-labelledby="share" className={styles.stack}>
      <h2 id="share">Share with the sponsor</h2>
      <p className={styles.muted}>
        A read-only link to these figures: no account needed, and it stops working when you revoke it.
      </p>
      {links.length > 0 && (
        <ul className={styles.list}>
          {links.map((link) => (
            <ShareRow key={link.id} link={link} revoke={revoke} />
          ))}
        </ul>
      )}
      <create.Form method="post">
        <input type="hidden" name="intent" value="create-share" />
        <Button type="submit" busy={create.state !== "idle"} busyLabel="Creating...">
          Create share link
        </Button>
      </create.Form>
      <Outcome message={outcome(create.data)} />
      <Outcome message={outcome(revoke.data)} />
    </Card>
  );
}

function ShareRow({
  link,
  revoke,
}: {
  link: Route.ComponentProps["loaderData"]["campaign"]["shareLinks"][number];
  revoke: FetcherWithComponents<Answer>;
}) {
  const revoking = revoke.state !== "idle" && revoke.formData?.get("shareId") === link.id;
  return (
    <li className={styles.shareRow}>
      <a className={styles.link} href={link.url} data-testid="share-link">
        {link.url}
      </a>
      <span className={styles.actions}>
        <span className={styles.muted}>
          Created <LocalTime value={link.createdAt} />
        </span>
        <CopyLink url={link.url} label="Copy share link" />
        <revoke.Form method="post">
          <input type="hidden" name="intent" value="revoke-share" />
          <input type="hidden" name="shareId" value={link.id} />
          <Button type="submit" size="sm" variant="danger" busy={revoking} busyLabel="Revoking...">
            Revoke
          </Button>
        </revoke.Form>
      </span>
    </li>
  );
}

/** A datetime-local value ("2026-12-05T10:00") of an ISO time, in the browser's zone once hydrated. */
function localInput(iso: string | null) {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function EditCampaign({ campaign }: { campaign: Route.ComponentProps["loaderData"]["campaign"] }) {
  const fetcher = useFetcher<Answer>();
  const error = (name: string) => fetcher.data?.error?.fields?.[name]?.[0] ?? null;
  const stopped = campaign.status === "delivered" || campaign.status === "ended";
  return (
    <Card as="section" aria-labelledby="terms" className={styles.stack}>
      <h2 id="terms">Terms</h2>
      {stopped && <p className={styles.muted}>The campaign has stopped and can no longer change.</p>}
      <fetcher.Form method="post" className={styles.form}>
        <input type="hidden" name="intent" value="update" />
        <Field label="Sponsor name" error={error("sponsorName")}>
          <Input name="sponsorName" defaultValue={campaign.sponsorName} required disabled={stopped} />
        </Field>
        <Field label="Sponsor e-mail" error={error("sponsorEmail")}>
          <Input name="sponsorEmail" type="email" defaultValue={campaign.sponsorEmail} required disabled={stopped} />
        </Field>
        <Field label="Impression goal" hint="Blank: no goal" error={error("goalImpressions")}>
          <Input
            name="goalImpressions"
            inputMode="numeric"
            defaultValue={campaign.goalImpressions ?? ""}
            disabled={stopped}
          />
        </Field>
        <Field label="CPM ($ per 1,000 impressions)" hint="Blank: not priced" error={error("cpm")}>
          <Input
            name="cpm"
            inputMode="decimal"
            defaultValue={campaign.cpmCents === null ? "" : (campaign.cpmCents / 100).toFixed(2)}
            disabled={stopped}
          />
        </Field>
        <Field label="End" hint="Blank: until the goal" error={error("endsAt")}>
          <Input name="endsAt" type="datetime-local" defaultValue={localInput(campaign.endsAt)} disabled={stopped} />
        </Field>
        <div className={styles.wide}>
          <Button
            type="submit"
            variant="primary"
            disabled={stopped}
            busy={fetcher.state !== "idle"}
            busyLabel="Saving..."
          >
            Save campaign
          </Button>
        </div>
      </fetcher.Form>
      <Outcome message={outcome(fetcher.data)} />
    </Card>
  );
}
