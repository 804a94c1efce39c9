// What a purpose of the upload module is: the contract the registry (./purposes.ts) and the
// areas that add purposes (store, community) share. It imports no purpose, so an area's
// purposes can implement it without importing the registry that lists them.
import type { BatchItem } from "drizzle-orm/batch";
import type { UploadRequest } from "../../../app/kernel/schemas/files";
import type { MediaKind, Upload } from "../../db/schema";
import type { JobMessage } from "../../jobs/jobs";
import type { Sniffed } from "../../storage/media";
import type { Deps } from "../deps";

export interface Completion {
  /** Statements written in one batch with the upload's own status change. */
  statements: BatchItem<"sqlite">[];
  /** Queue messages sent once the batch is committed. */
  messages: JobMessage[];
  /** What the caller gets back. */
  record: Record<string, unknown>;
  /** Objects the new record replaces (an old cover), deleted once the batch is committed. */
  replaced?: string[];
}

export interface Purpose {
  allowedKinds: readonly MediaKind[];
  /** Checks the target and returns it (ids resolved) with the object key. */
  prepare(deps: Deps, userId: string, request: UploadRequest): Promise<{ target: Record<string, string>; key: string }>;
  complete(deps: Deps, upload: Upload, sniffed: Sniffed): Promise<Completion>;
}
