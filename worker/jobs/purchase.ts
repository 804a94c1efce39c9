// Purchase package job: the buyer's zip of originals and licence PDFs,
// through the same streaming zip as playlist packages.
import { z } from "zod";
import type { Job } from "../db/schema";
import type { Deps } from "../domain/deps";
import { purchaseEntries } from "../domain/orders/package";
import { zipToStorage } from "./package";
import { markRunning } from "./store";

const purchaseInput = z.object({ orderId: z.string() });

export async function runPurchasePackage(deps: Deps, _env: Env, job: Job) {
  const { orderId } = purchaseInput.parse(job.input);
  await markRunning(deps.db, job.id);
  const { entries, fileName } = await purchaseEntries(deps, job.userId, orderId);
  await zipToStorage(deps, job, entries, fileName);
}
