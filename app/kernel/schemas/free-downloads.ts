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

/** The seller's per-beat switch (ADR 062): an e-mailed link, as before, or straight from the page. */
export const FREE_ASKS_EMAIL = "This beat is sent by e-mail: ask for the link on its page.";
export const FREE_DOWNLOADS_DIRECTLY = "This beat downloads directly from its page: no e-mail needed.";
export const FREE_DELIVERY_FREE_ONLY = "Only a free beat can be given away: its licence is not free.";
export const FREE_DELIVERY_REQUIRED = "Choose whether the beat asks for an e-mail or downloads directly.";

export const freeDeliverySchema = z.object({
  asksEmail: z.boolean({ error: FREE_DELIVERY_REQUIRED }),
});
export type FreeDelivery = z.infer<typeof freeDeliverySchema>;

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
