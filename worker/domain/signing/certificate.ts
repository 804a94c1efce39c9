// The signed PDF (issue 34, ADR 042): the original's pages untouched, then a certificate page per
// few signers with each signer's name, e-mail, time, a hash of their IP address and their
// signature, and the original's SHA-256 and where to verify the copy. pdf-lib, in the Worker.
// Drawn signatures are vector paths (the Worker build has no PNG encoder, vite.config.ts); only
// Helvetica and Helvetica-Bold are bundled, so text is reduced to what their encoding can show.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export interface CertificateSigner {
  fullName: string;
  email: string;
  signedAt: Date;
  ipHash: string;
  signatureKind: "typed" | "drawn";
  signaturePath: string | null;
}

export interface CertificateFacts {
  title: string;
  originalSha256: string;
  code: string;
  verifyUrl: string;
  completedAt: Date;
  signers: CertificateSigner[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.4, 0.42, 0.45);

/** Only what WinAnsi (the standard fonts' encoding) can show; anything else becomes "?". */
export function printable(text: string): string {
  return [...text].map((c) => (/^[\x20-\x7e\xa0-\xff]$/.test(c) ? c : "?")).join("");
}

export async function signedPdf(original: ArrayBuffer | Uint8Array, facts: CertificateFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original, { ignoreEncryption: true, updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (line: string, size = 10, font: PDFFont = regular, color = INK) => {
    page.drawText(printable(line), { x: MARGIN, y, size, font, color, maxWidth: A4[0] - 2 * MARGIN });
    y -= size + 6;
  };
  const newPageIfBelow = (needed: number) => {
    if (y - needed > MARGIN) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };

  text("Certificate of electronic signatures", 18, bold);
  y -= 4;
  text(`Document: ${facts.title}`, 11, bold);
  text(`Original document SHA-256: ${facts.originalSha256}`, 8);
  text(`Completed: ${facts.completedAt.toISOString()}`, 10);
  text(`Verification code: ${facts.code}`, 10);
  text(`Check this copy at ${facts.verifyUrl}`, 10);
  text(
    "Every signer opened the document from their own link, gave their full name and agreed to sign electronically.",
    8,
    regular,
    GREY,
  );
  y -= 10;

  for (const [i, signer] of facts.signers.entries()) {
    newPageIfBelow(160);
    text(`Signer ${i + 1}: ${signer.fullName}`, 12, bold);
    text(`E-mail: ${signer.email}`);
    text(`Signed: ${signer.signedAt.toISOString()}`);
    text(`IP address hash (SHA-256): ${signer.ipHash}`, 8);
    text(`Signature (${signer.signatureKind}):`, 9, regular, GREY);
    drawSignature(page, signer, y, bold);
    y -= 95;
  }
  pdf.setTitle(printable(`${facts.title} (signed)`));
  pdf.setProducer("Creator Platform signing");
  return pdf.save();
}

/** The signature in a 400 x 150 box scaled to 240 x 90 below `top`, with a line under it. */
function drawSignature(page: PDFPage, signer: CertificateSigner, top: number, bold: PDFFont) {
  const box = { x: MARGIN, width: 240, height: 90 };
  if (signer.signatureKind === "drawn" && signer.signaturePath) {
    page.drawSvgPath(signer.signaturePath, { x: box.x, y: top, scale: 0.6, borderColor: INK, borderWidth: 1.6 });
  } else {
    page.drawText(printable(signer.fullName), { x: box.x + 4, y: top - 50, size: 22, font: bold, color: INK });
  }
  page.drawLine({
    start: { x: box.x, y: top - box.height },
    end: { x: box.x + box.width, y: top - box.height },
    thickness: 0.5,
    color: GREY,
  });
}
