// Accounts: members, sessions, sign-ups, rate limits, the development outbox.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    /** Always stored lower-cased; uniqueness is on this column. */
    email: text("email").notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    /** The member's saved theme (accent colour, font size, dark mode), applied on every device; no dark-mode choice: the device's. */
    theme: text("theme", { mode: "json" }).$type<{
      isDarkMode?: boolean;
      accentColor: string;
      fontPercentage: number;
    }>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    index("users_created_idx").on(t.createdAt, t.id),
  ],
);

/** The member a row belongs to; their rows go when the account goes. */
export const owner = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the cookie's random id: a leaked table cannot be replayed. */
    idHash: text("id_hash").primaryKey(),
    userId: owner(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** A sign-up waiting for its e-mailed code. Becomes a user only with a valid code. */
export const signups = sqliteTable(
  "signups",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Where to go once signed in: `/beatbattle` when beat-battle data was carried in. */
    next: text("next"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("signups_email_idx").on(t.email)],
);

/** Fixed-window counters, one row per (scope, subject, window). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

/** Development only: every e-mail the app would have sent, shown at /dev/mail. */
export const devOutbox = sqliteTable("dev_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

export type User = typeof users.$inferSelect;
