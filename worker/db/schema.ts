// The whole D1 schema: the one import point (`../db/schema`) and the file drizzle-kit reads
// (drizzle.config.ts, scripts/db-check.mjs). Each area's tables live in worker/db/schema/<area>.ts;
// a new table goes in its area's file (or a new file re-exported here). Numbered SQL files in
// migrations/ are what wrangler applies, written by hand; each is mirrored in these files.
// Shared column helpers (`createdAt()`, `owner()`) are in schema/accounts.ts, beside `users`.
export * from "./schema/accounts";
export * from "./schema/auction";
export * from "./schema/campaign-documents";
export * from "./schema/campaigns";
export * from "./schema/community";
export * from "./schema/files";
export * from "./schema/jobs";
export * from "./schema/orders";
export * from "./schema/playlists";
export * from "./schema/popups";
export * from "./schema/shipping";
export * from "./schema/shows";
export * from "./schema/store";
export * from "./schema/store-tiers";
export * from "./schema/teams";
