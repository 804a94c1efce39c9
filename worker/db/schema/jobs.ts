// Background jobs (probe, render, package, …) and their development lease (ADR 014).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { JobStatus } from "../../../render-container/src/contract";
import { createdAt, owner } from "./accounts";

export const JOB_KINDS = ["probe", "render", "package", "poster", "purchase", "preview", "segment"] as const;
export const JOB_STATES = ["queued", "running", "done", "failed"] as const satisfies readonly JobStatus[];

export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    kind: text("kind", { enum: JOB_KINDS }).notNull(),
    status: text("status", { enum: JOB_STATES }).notNull().default("queued"),
    /** 0 to 100: the renderer's last `ProgressReport` (render-container/src/contract.ts); a render's too. */
    progress: integer("progress").notNull().default(0),
    input: text("input", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    output: text("output", { mode: "json" }).$type<Record<string, unknown>>(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    /** Development's pull queue (ADR 014): who holds the row and until when (ms); null = visible. */
    leaseId: text("lease_id"),
    leaseUntil: integer("lease_until"),
  },
  (t) => [
    index("jobs_user_idx").on(t.userId),
    index("jobs_status_idx").on(t.status, t.updatedAt),
    index("jobs_lease_idx").on(t.leaseId),
  ],
);

export type Job = typeof jobs.$inferSelect;
