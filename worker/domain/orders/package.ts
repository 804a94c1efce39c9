// What a purchase package holds: one folder per bought product with the
// original files as they were at the sale, and that item's licence PDF. The
// PDFs are made once, kept in storage beside the purchase, and reused.
import { and, eq, inArray } from "drizzle-orm";
import { orderItems, orders, productFiles, users } from "../../db/schema";
import { licenceKey } from "../../storage/keys";
import type { Deps } from "../deps";
import { NotFound } from "../errors";
import { licenceFacts, licencePdf } from "../licences/licences";
import { zipName } from "../packages/zip";

export async function purchaseEntries(deps: Deps, buyerId: string, orderId: string) {
  const [row] = await deps.db
    .select({ order: orders, buyerName: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, buyerId)));
  if (!row || (row.order.status !== "paid" && row.order.status !== "refunded")) throw new NotFound("Order not found.");
  const { order } = row;
  const items = await deps.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "fulfilled")))
    .orderBy(orderItems.title);
  const fileIds = items.flatMap((item) => item.fileIds ?? []);
  const files = fileIds.length
    ? await deps.db.select().from(productFiles).where(inArray(productFiles.id, fileIds))
    : [];
  const byId = new Map(files.map((file) => [file.id, file]));

  const folders = new Set<string>();
  const entries: { name: string; size: number; key: string }[] = [];
  for (const item of items) {
    let folder = zipName(item.title);
    while (folders.has(folder)) folder += "_";
    folders.add(folder);
    for (const id of item.fileIds ?? []) {
      const file = byId.get(id);
      if (file) entries.push({ name: `${folder}/${zipName(file.fileName)}`, size: file.size, key: file.key });
    }
    const key = item.licenceKey ?? licenceKey(buyerId, orderId, item.licenceCode);
    let stored = await deps.storage.head(key);
    if (!stored) {
      const pdf = await licencePdf(licenceFacts(deps.origin, item, order, row.buyerName));
      stored = await deps.storage.put(key, pdf, { httpMetadata: { contentType: "application/pdf" } });
      await deps.db.update(orderItems).set({ licenceKey: key }).where(eq(orderItems.id, item.id));
    }
    entries.push({ name: `${folder}/Licence-${order.number}.pdf`, size: stored!.size, key });
  }
  return { entries, fileName: `${order.number}.zip` };
}
