// A free beat for an e-mail address (issue 33, ADR 055): the visitor's form on a free beat's page.
// Ours; the seed gives free products to signed-in members through the cart only.
import { z } from "zod";
import { emailAddress } from "./teams";

export const FREE_CONSENT_REQUIRED = "Tick the box to agree to e-mail from the producer.";
export const FREE_LINK_SENT = "Check your inbox: the download link is on its way.";
export const FREE_MAIL_FAILED = "The e-mail could not be sent. Please try again.";
export const FREE_NOT_OFFERED = "This beat is not offered as a free download.";
export const FREE_LINK_INVALID =
  "This download link is not valid or has expired. Ask for a new one on the beat's page.";

/** How long an e-mailed link works. */
export const FREE_LINK_DAYS = 7;

export const freeDownloadSchema = z.object({
  email: emailAddress,
  consent: z.preprocess(
    (value) => value === true || value === "true" || value === "on",
    z.literal(true, { error: FREE_CONSENT_REQUIRED }),
  ),
});
export type FreeDownloadForm = z.infer<typeof freeDownloadSchema>;
