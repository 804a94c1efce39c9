// /dev/ui: the design system's catalogue (ADR 035), every component in the light and the dark theme
// side by side, so a change to a component is seen everywhere at once. Absent outside development.
import { LocalTime, RelativeTime } from "../components/LocalTime";
import {
  Badge,
  Button,
  buttonClass,
  Card,
  Checkbox,
  EmptyState,
  Field,
  Input,
  ProgressBar,
  Segmented,
  Select,
  Skeleton,
  Switch,
  Table,
  useConfirm,
  useToast,
} from "../components/ui";
import { Tabs } from "../components/ui/Tabs";
import { accessLabel, formatDuration, formatMoney } from "../kernel/format";
import { accentTokens, DEFAULT_THEME } from "../kernel/theme";
import type { Route } from "./+types/dev.ui";

export { loader } from "./dev.ui.server";

export function meta() {
  return [{ title: "UI catalogue · Creator Platform" }];
}

const LONG_NAME = "late_night_drive_instrumental_140bpm_final_master_v3.wav";

interface Row {
  id: string;
  name: string;
  duration: number;
  price: number;
  access: string;
}
const ROWS: Row[] = [
  { id: "1", name: LONG_NAME, duration: 212.4, price: 14900, access: "public-read" },
  { id: "2", name: "sunrise_loop.mp3", duration: 64, price: 2450, access: "private" },
];

function Catalogue({ theme, now }: { theme: "light" | "dark"; now: number }) {
  const toast = useToast();
  const confirm = useConfirm();
  const id = theme;
  return (
    <section
      className={`theme-${theme} catalogue`}
      aria-labelledby={`catalogue-${id}`}
      style={accentTokens({ ...DEFAULT_THEME, isDarkMode: theme === "dark" }) as React.CSSProperties}
    >
      <h2 id={`catalogue-${id}`}>{theme === "light" ? "Light theme" : "Dark theme"}</h2>

      <h3>Button</h3>
      <div className="catalogue-row">
        <Button variant="primary">Save</Button>
        <Button>Cancel</Button>
        <Button variant="danger">Delete</Button>
        <Button variant="ghost">More</Button>
        <Button variant="primary" busy busyLabel="Saving...">
          Save
        </Button>
        <a className={buttonClass("secondary", "sm")} href="#top">
          A link as a button
        </a>
      </div>

      <h3>Toast and Dialog</h3>
      <div className="catalogue-row">
        <Button onClick={() => toast("File uploaded successfully")}>Show a success toast</Button>
        <Button onClick={() => toast("Unable to initialize payment.", "error")}>Show an error toast</Button>
        <Button
          variant="danger"
          onClick={async () => {
            const ok = await confirm("Are you sure you want to delete this file?", { confirmLabel: "Delete" });
            toast(ok ? "Deleted" : "Kept", "info");
          }}
        >
          Ask to confirm
        </Button>
      </div>

      <h3>Field, Select, Checkbox, Switch, Segmented</h3>
      <div className="catalogue-grid">
        <Field label="Project title" hint="Shown on the project page." error={null}>
          <Input name={`title-${id}`} defaultValue="Morning show" />
        </Field>
        <Field label="Price" error="Price must be a number.">
          <Input name={`price-${id}`} defaultValue="abc" inputMode="decimal" />
        </Field>
        <Field label="Chapter file">
          <Select
            name={`file-${id}`}
            options={ROWS.map((row) => ({ value: row.id, label: row.name }))}
            placeholder="Choose a file"
          />
        </Field>
        <div>
          <Checkbox label="Include stems" hint="WAV stems of every track." defaultChecked />
          <Switch label="Public" />
        </div>
        <Segmented
          legend="Dark mode"
          name={`scheme-${id}`}
          hint="System follows your device."
          defaultValue="system"
          options={[
            { value: "system", label: "System" },
            { value: "light", label: "Light" },
            { value: "dark", label: "Dark" },
          ]}
        />
      </div>

      <h3>Tabs</h3>
      <Tabs
        label={`Example tabs, ${theme}`}
        items={[
          { value: "files", label: "Files", content: <p>Two files.</p> },
          { value: "renders", label: "Renders", content: <p>No renders yet.</p> },
        ]}
      />

      <h3>Card, Badge, ProgressBar, Skeleton</h3>
      <div className="catalogue-grid">
        <Card>
          <p className="catalogue-name">{LONG_NAME}</p>
          <p>
            <Badge tone="success">{accessLabel("public-read")}</Badge> <Badge>{accessLabel("private")}</Badge>{" "}
            <Badge tone="warning">Probing</Badge> <Badge tone="danger">Failed</Badge> <Badge tone="info">Queued</Badge>{" "}
            <Badge tone="accent">New</Badge>
          </p>
          <ProgressBar label="Upload progress" value={64} />
          <p className="muted">
            {formatMoney(14900)} · {formatDuration(212.4)} · <LocalTime value={now} /> · closes{" "}
            <RelativeTime value={now + 3 * 24 * 3600 * 1000} />
          </p>
        </Card>
        <Card>
          <Skeleton width="60%" height="1.2rem" />
          <Skeleton height="0.9rem" />
          <Skeleton width="80%" height="0.9rem" label="Loading files" />
          <ProgressBar label="Rendering" />
        </Card>
      </div>

      <h3>EmptyState</h3>
      <EmptyState
        title="No projects yet"
        action={
          <a className={buttonClass("primary")} href="#top">
            Create a project
          </a>
        }
      >
        <p>Projects hold your uploaded media. Create one to start uploading.</p>
      </EmptyState>

      <h3>Table (a list of cards under 640 px)</h3>
      <Table
        caption={`Files, ${theme}`}
        rows={ROWS}
        rowKey={(row) => row.id}
        columns={[
          { key: "name", header: "File", cell: (row) => row.name, primary: true },
          { key: "duration", header: "Duration", cell: (row) => formatDuration(row.duration), kind: "numeric" },
          { key: "price", header: "Price", cell: (row) => formatMoney(row.price), kind: "numeric" },
          { key: "access", header: "Access", kind: "nowrap", cell: (row) => <Badge>{accessLabel(row.access)}</Badge> },
        ]}
      />
    </section>
  );
}

export default function DevUi({ loaderData }: Route.ComponentProps) {
  return (
    <div className="catalogue-page">
      <h1 id="top">UI catalogue</h1>
      <p className="muted">
        Every component of <code>app/components/ui</code> in both themes (ADR 035). Development only.
      </p>
      <Catalogue theme="light" now={loaderData.now} />
      <Catalogue theme="dark" now={loaderData.now} />
    </div>
  );
}
