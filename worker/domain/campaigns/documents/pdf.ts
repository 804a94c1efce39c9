// The campaign's two PDFs (issue 47), made in the Worker with pdf-lib like licences and signed
// copies: the insertion order the sponsor signs, and the delivery report anyone can verify.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatMoney } from "../../../../app/kernel/format";
import { pdfText } from "../../document-text";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.4, 0.42, 0.45);
const RULE = rgb(0.82, 0.83, 0.85);

export interface Spot {
  slot: string;
  name: string;
  durationSeconds: number | null;
}

/** What both documents say of the campaign. */
export interface CampaignSheet {
  reference: string;
  title: string;
  creatorName: string;
  creatorEmail: string;
  sponsorName: string;
  sponsorEmail: string;
  spots: Spot[];
  runsOn: string[];
  flightStart: Date | null;
  flightEnd: Date | null;
  goal: number | null;
  cpmCents: number | null;
}

export interface Row {
  label: string;
  impressions: number;
}

export interface DeliveryFigures {
  periodStart: string;
  periodEnd: string;
  impressions: number;
  /** Impressions billed: all of them, at most the goal. */
  billableImpressions: number;
  amountDueCents: number | null;
  /** The counting rules as the report states them. */
  method: string;
  /** "Running", "Delivered 2026-12-05". */
  statusText: string;
  deliveredAt: Date | null;
  byDay: Row[];
  byEpisode: Row[];
  byApp: Row[];
  byCountry: Row[];
}

export const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : "open");
export const number = (n: number) => n.toLocaleString("en-US");

class Writer {
  page: PDFPage;
  y = A4[1] - MARGIN;
  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage(A4);
  }

  static async create(title: string, issuedAt: Date) {
    const pdf = await PDFDocument.create();
    pdf.setTitle(pdfText(title));
    pdf.setAuthor("Creator Platform");
    pdf.setProducer("Creator Platform");
    pdf.setCreator("Creator Platform");
    pdf.setCreationDate(issuedAt);
    pdf.setModificationDate(issuedAt);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new Writer(pdf, regular, bold);
  }

  room(needed: number) {
    if (this.y - needed > MARGIN) return;
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  lines(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    let line = "";
    for (const word of pdfText(text).split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        out.push(line);
        line = word;
      }
    }
    if (line) out.push(line);
    return out;
  }

  text(text: string, { size = 10, font = this.regular, color = INK, gap = 4 } = {}) {
    for (const line of this.lines(text, font, size, WIDTH)) {
      this.room(size + gap);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color });
      this.y -= size + gap;
    }
  }

  heading(text: string) {
    this.y -= 10;
    this.room(40);
    this.text(text, { size: 13, font: this.bold, gap: 6 });
  }

  facts(rows: [string, string][]) {
    for (const [label, value] of rows) {
      const valueLines = this.lines(value, this.regular, 10, WIDTH - 150);
      this.room(14 * valueLines.length);
      this.page.drawText(pdfText(label), { x: MARGIN, y: this.y - 10, size: 10, font: this.bold, color: INK });
      for (const line of valueLines) {
        this.page.drawText(line, { x: MARGIN + 150, y: this.y - 10, size: 10, font: this.regular, color: INK });
        this.y -= 14;
      }
    }
  }

  /** A two-column table: label, impressions (right-aligned), and a total row when asked. */
  table(head: string, rows: Row[], total?: number) {
    const right = MARGIN + WIDTH;
    const row = (label: string, value: string, font: PDFFont) => {
      this.room(16);
      const shown = this.lines(label, font, 10, WIDTH - 120)[0] ?? "";
      this.page.drawText(shown, { x: MARGIN, y: this.y - 10, size: 10, font, color: INK });
      const w = font.widthOfTextAtSize(value, 10);
      this.page.drawText(value, { x: right - w, y: this.y - 10, size: 10, font, color: INK });
      this.y -= 15;
    };
    row(head, "Impressions", this.bold);
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 3 }, end: { x: right, y: this.y + 3 }, color: RULE });
    if (rows.length === 0) this.text("None yet.", { color: GREY });
    for (const r of rows) row(r.label, number(r.impressions), this.regular);
    if (total !== undefined) row("Total", number(total), this.bold);
  }
}

function campaignFacts(sheet: CampaignSheet): [string, string][] {
  const spot = (s: Spot) =>
    `Slot ${s.slot}: ${s.name}${s.durationSeconds ? ` (${Math.round(s.durationSeconds)} s)` : ""}`;
  return [
    ["Campaign", sheet.title],
    ["Reference", sheet.reference],
    ["Publisher", `${sheet.creatorName} <${sheet.creatorEmail}>`],
    ["Sponsor", `${sheet.sponsorName} <${sheet.sponsorEmail}>`],
    ["Spots", sheet.spots.length ? sheet.spots.map(spot).join("; ") : "None yet"],
    ["Runs on", sheet.runsOn.length ? sheet.runsOn.join("; ") : "None yet"],
    ["Flight", `${day(sheet.flightStart)} to ${day(sheet.flightEnd)}`],
    ["Impression goal", sheet.goal === null ? "No goal (runs for the flight)" : number(sheet.goal)],
    ["Price (CPM)", sheet.cpmCents === null ? "No price set" : `${formatMoney(sheet.cpmCents)} per 1,000 impressions`],
  ];
}

/** The insertion order: the campaign's terms, for the sponsor to sign. */
export async function insertionOrderPdf(sheet: CampaignSheet, method: string, issuedAt: Date): Promise<Uint8Array> {
  const w = await Writer.create(`Insertion order – ${sheet.title}`, issuedAt);
  w.text("Creator Platform", { font: w.bold, size: 11, color: GREY });
  w.text("Insertion order", { font: w.bold, size: 22, gap: 10 });
  w.facts([...campaignFacts(sheet), ["Issued", day(issuedAt)]]);
  const total =
    sheet.goal !== null && sheet.cpmCents !== null ? Math.round((sheet.goal * sheet.cpmCents) / 1000) : null;
  w.heading("Total");
  w.text(
    total === null
      ? sheet.cpmCents === null
        ? "No price is set: the parties agree the amount separately."
        : "Impressions delivered during the flight × the CPM above, billed after delivery."
      : `${formatMoney(total)} for ${number(sheet.goal ?? 0)} impressions at ${formatMoney(sheet.cpmCents ?? 0)} CPM. The sponsor pays for impressions delivered, at most this amount.`,
    { font: w.bold, size: 12 },
  );
  w.heading("Terms");
  for (const term of [
    "The publisher places the spots above in the episodes listed, from the start of the flight until its end or until the impression goal is reached, whichever comes first; then the spots are removed.",
    "Impressions are counted as described below and reported on a shared page and in a delivery report the sponsor can verify.",
    "Amount due = impressions delivered (at most the goal) × CPM ÷ 1,000.",
  ])
    w.text(`• ${term}`);
  w.text(method);
  w.heading("Signature");
  w.text(
    "The sponsor signs this order electronically; the signed copy carries a certificate page and a code to verify it.",
  );
  return w.pdf.save();
}

/** The delivery report: method, figures, period, and where to check this copy. */
export async function deliveryReportPdf(
  sheet: CampaignSheet,
  figures: DeliveryFigures,
  proof: { code: string; verifyUrl: string; issuedAt: Date },
): Promise<Uint8Array> {
  const w = await Writer.create(`Delivery report – ${sheet.title}`, proof.issuedAt);
  w.text("Creator Platform", { font: w.bold, size: 11, color: GREY });
  w.text("Delivery report", { font: w.bold, size: 22, gap: 10 });
  w.facts([
    ...campaignFacts(sheet),
    ["Period", `${figures.periodStart} to ${figures.periodEnd}`],
    ["Impressions", number(figures.impressions)],
    [
      "Goal progress",
      sheet.goal === null
        ? "No goal"
        : `${number(figures.impressions)} of ${number(sheet.goal)} (${Math.min(100, Math.floor((figures.impressions / Math.max(sheet.goal, 1)) * 100))}%)`,
    ],
    ["Status", figures.statusText],
    [
      "Amount due",
      figures.amountDueCents === null
        ? "No price set"
        : `${formatMoney(figures.amountDueCents)} (${number(figures.billableImpressions)} impressions × ${formatMoney(sheet.cpmCents ?? 0)} CPM ÷ 1,000)`,
    ],
    ["Issued", proof.issuedAt.toISOString()],
    ["Verification code", proof.code],
  ]);
  w.heading("Method");
  w.text(figures.method);
  w.heading("Impressions by day");
  w.table("Day (UTC)", figures.byDay, figures.impressions);
  w.heading("By episode");
  w.table("Episode", figures.byEpisode);
  w.heading("By app");
  w.table("App", figures.byApp);
  w.heading("By country");
  w.table("Country", figures.byCountry);
  w.heading("Verify this report");
  w.text(`Anyone can check that a copy is this report, unchanged, at ${proof.verifyUrl}`);
  return w.pdf.save();
}
