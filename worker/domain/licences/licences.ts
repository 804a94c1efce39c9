// Licence documents: one PDF per purchased item (pdf-lib, made on the
// server), stored beside the buyer's purchase and put in its zip, and a
// public lookup by the licence's unguessable code.
import { and, eq, gt, ne } from "drizzle-orm";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { deliversLine, tierTermLines } from "../../../app/kernel/licence-tiers";
import { LICENCE_NAMES, LICENCE_TERMS } from "../../../app/kernel/licences";
import { formatMoney } from "../../../app/kernel/schemas/money";
import { type LicenseType, type OrderItem, orderItems, orders, users } from "../../db/schema";
import type { Deps } from "../deps";
import { pdfText } from "../document-text";

export interface LicenceFacts {
  code: string;
  title: string;
  licenseType: LicenseType;
  buyerName: string;
  sellerUsername: string;
  orderNumber: string;
  /** When the sale was made (the order was paid). */
  issuedAt: Date;
  /** What the buyer paid for the item: its price less the discount. */
  priceCents: number;
  /** The licence's own name: the tier's, or the product's own licence type's. */
  licenceName: string;
  /** The terms as printed: the tier's (frozen at the sale) or the licence type's standard ones. */
  terms: string[];
  /** What the licence delivers, when a tier says (null: every file of the product). */
  delivers: string | null;
  discountCents: number;
  discountCode: string | null;
  verifyUrl: string;
}

/** The name a sold item's licence goes by. */
export const itemLicenceName = (item: Pick<OrderItem, "tierName" | "licenseType">) =>
  item.tierName ?? LICENCE_NAMES[item.licenseType];

export function itemTerms(item: Pick<OrderItem, "terms" | "licenseType" | "sellerUsername">) {
  return item.terms
    ? tierTermLines(item.terms, item.licenseType === "exclusive", item.sellerUsername)
    : LICENCE_TERMS[item.licenseType];
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of pdfText(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function licencePdf(facts: LicenceFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfText(`Licence ${facts.orderNumber} – ${facts.title}`));
  pdf.setAuthor("Creator Platform");
  pdf.setCreationDate(facts.issuedAt);
  pdf.setModificationDate(facts.issuedAt);
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const width = 595 - 2 * left;
  let y = 780;
  const write = (text: string, font = regular, size = 11, gap = 4) => {
    for (const line of wrap(text, font, size, width)) {
      page.drawText(line, { x: left, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size + gap;
    }
  };
  write("Creator Platform", bold, 12);
  write(facts.licenceName, bold, 22, 8);
  y -= 8;
  const rows: [string, string][] = [
    ["Work", facts.title],
    ["Licensee (buyer)", facts.buyerName],
    ["Producer (seller)", facts.sellerUsername],
    ["Licence type", facts.licenceName],
    ["Order number", facts.orderNumber],
    ["Date", facts.issuedAt.toISOString().slice(0, 10)],
    ["Price paid", formatMoney(facts.priceCents)],
    ...(facts.discountCents
      ? [["Discount", `${formatMoney(facts.discountCents)} (code ${facts.discountCode ?? ""})`] as [string, string]]
      : []),
    ["Licence code", facts.code],
  ];
  for (const [label, value] of rows) {
    page.drawText(pdfText(label), { x: left, y, size: 10, font: bold });
    page.drawText(pdfText(value).slice(0, 90), { x: left + 130, y, size: 10, font: regular });
    y -= 16;
  }
  y -= 12;
  write("Terms", bold, 14, 6);
  for (const term of facts.terms) write(`• ${term}`);
  if (facts.delivers) write(`• ${facts.delivers}`);
  y -= 12;
  write("Verify this licence at:", bold, 10);
  write(facts.verifyUrl, regular, 10);
  return pdf.save();
}

export function licenceVerifyUrl(origin: string, code: string) {
  return `${origin}/licence/${encodeURIComponent(code)}`;
}

/** What anyone may learn from a licence code: valid or not, and what it covers. */
export async function lookUpLicence(deps: Pick<Deps, "db" | "origin">, code: string) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(code)) return null;
  const [row] = await deps.db
    .select({ item: orderItems, order: orders, buyerName: users.name })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderItems.licenceCode, code)));
  if (!row || row.item.status === "pending") return null;
  const valid = row.item.status === "fulfilled" && (row.order.status === "paid" || row.order.status === "refunded");
  // A lease sold before the beat's exclusive stays valid: the page says so.
  const [exclusiveAfter] =
    valid && row.item.licenseType !== "exclusive" && row.item.fulfilledAt
      ? await deps.db
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(
            and(
              eq(orderItems.productId, row.item.productId),
              eq(orderItems.status, "fulfilled"),
              eq(orderItems.licenseType, "exclusive"),
              ne(orderItems.id, row.item.id),
              gt(orderItems.fulfilledAt, row.item.fulfilledAt),
            ),
          )
          .limit(1)
      : [];
  return {
    valid,
    exclusiveSoldLater: Boolean(exclusiveAfter),
    facts: licenceFacts(deps.origin, row.item, row.order, row.buyerName ?? "Former member"),
  };
}

export function licenceFacts(
  origin: string,
  item: typeof orderItems.$inferSelect,
  order: typeof orders.$inferSelect,
  buyerName: string,
): LicenceFacts {
  return {
    code: item.licenceCode,
    title: item.title,
    licenseType: item.licenseType,
    buyerName,
    sellerUsername: item.sellerUsername,
    orderNumber: order.number,
    issuedAt: order.paidAt ?? order.createdAt,
    priceCents: item.priceCents - item.discountCents,
    licenceName: itemLicenceName(item),
    terms: itemTerms(item),
    delivers: item.formats ? deliversLine(item.formats) : null,
    discountCents: item.discountCents,
    discountCode: item.discountCents ? order.discountCode : null,
    verifyUrl: licenceVerifyUrl(origin, item.licenceCode),
  };
}
