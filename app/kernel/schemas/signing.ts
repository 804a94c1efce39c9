// Document signing (issue 34, ADR 042): requesting signatures on a project's PDF and signing it
// from the e-mailed link. Shared by the project page, the signing page, their actions and the API.
import { z } from "zod";
import { INVALID_EMAIL } from "./accounts";
import { emailAddress } from "./teams";

export const MAX_PDF_BYTES = 25 * 1024 * 1024;
export const MAX_PDF_PAGES = 200;
export const MAX_SIGNERS = 10;

export const NOT_A_PDF = "Only a PDF can be sent for signature.";
export const PDF_TOO_LARGE = "The PDF is larger than 25 MB.";
export const TOO_MANY_PAGES = "The PDF has more than 200 pages.";
export const UNREADABLE_PDF = "This file is not a readable PDF.";
export const SIGNER_REQUIRED = "Add the e-mail address of at least one signer.";
export const TOO_MANY_SIGNERS = `At most ${MAX_SIGNERS} signers per request.`;
export const DOCUMENT_REQUIRED = "Choose the PDF to send.";
export const SIGNATURES_REQUESTED = "Signature request sent.";
export const REQUEST_VOIDED_MESSAGE = "Signature request voided.";

export const FULL_NAME_REQUIRED = "Type your full name.";
export const CONSENT_REQUIRED = "Tick the box to agree to sign this document electronically.";
export const SIGNATURE_REQUIRED = "Draw your signature, or choose to type it.";
export const LINK_INVALID = "This signing link is not valid.";
export const LINK_EXPIRED = "This signing link has expired. Ask the sender for a new one.";
export const ALREADY_SIGNED = "You have already signed this document.";
export const REQUEST_VOIDED = "This signature request was voided by the sender.";
export const CANNOT_VOID_SIGNED = "A signed document cannot be voided.";
export const SIGNED_THANKS = "Thank you: your signature is recorded.";

/** Addresses as typed into one box (commas, semicolons, spaces or new lines between them), or a list. */
const addressList = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(/[\s,;]+/)
          .map((part) => part.trim())
          .filter(Boolean)
      : value,
  z
    .array(emailAddress, { error: SIGNER_REQUIRED })
    .min(1, SIGNER_REQUIRED)
    .max(MAX_SIGNERS, TOO_MANY_SIGNERS)
    .transform((list) => [...new Set(list)]),
);

export const requestSignaturesSchema = z.object({
  fileId: z.string({ error: DOCUMENT_REQUIRED }).trim().min(1, DOCUMENT_REQUIRED).max(64, DOCUMENT_REQUIRED),
  signers: addressList,
});
export type RequestSignaturesForm = z.infer<typeof requestSignaturesSchema>;

/** Moves and lines of a drawn signature in a 400 x 150 box: "M12 30 L14 31 …", nothing else. */
const SIGNATURE_PATH = /^(?:[ML]\d{1,3}(?:\.\d{1,2})? \d{1,3}(?:\.\d{1,2})? ?)+$/;

export const signSchema = z
  .object({
    fullName: z.string({ error: FULL_NAME_REQUIRED }).trim().min(1, FULL_NAME_REQUIRED).max(120, FULL_NAME_REQUIRED),
    consent: z.preprocess(
      (value) => value === true || value === "true" || value === "on",
      z.literal(true, { error: CONSENT_REQUIRED }),
    ),
    signatureKind: z.enum(["typed", "drawn"], { error: SIGNATURE_REQUIRED }),
    signaturePath: z.string().max(20_000, SIGNATURE_REQUIRED).optional(),
  })
  .superRefine((value, context) => {
    if (value.signatureKind !== "drawn") return;
    if (!value.signaturePath || !SIGNATURE_PATH.test(value.signaturePath.trim()))
      context.addIssue({ code: "custom", message: SIGNATURE_REQUIRED, path: ["signaturePath"] });
  });
export type SignForm = z.infer<typeof signSchema>;

export { INVALID_EMAIL };

// The verification page (/verify).
export const VERIFY_VALID = "Valid: everyone signed this document.";
export const VERIFY_NOT_SIGNED = "Not valid: this document was not signed by everyone.";
export const VERIFY_UNKNOWN = "No signed document has this code.";
export const COPY_MATCHES = "This copy matches the signed document: it has not been changed.";
export const COPY_DIFFERS =
  "This copy does NOT match the signed document: it was changed after signing, or it is another file.";
export const COPY_UNKNOWN = "This file is not a document signed here, or it was changed after signing.";
