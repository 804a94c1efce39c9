// Purchase package job: the buyer's zip of originals and licence PDFs,
// through the same streaming zip as playlist packages.
import type { Job } from "../db/schema";
import type { Deps } from "../domain/deps";
import { purchaseEntries } from "../domain/orders/package";
import type { JobInput } from "./jobs";
import { zipToStorage } from "./package";
import { markRunning } from "./store";

export async function runPurchasePackage(deps: Deps, _env: Env, job: Job, { orderId }: JobInput<"purchase">) {
  await markRunning(deps.db, job.id);
  const { entries, fileName } = await purchaseEntries(deps, job.userId, orderId);
  await zipToStorage(deps, job, entries, fileName);
}
