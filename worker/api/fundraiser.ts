// The fundraiser (seed 001 §7 `POST /create-fundraiser-intent`): anyone may
// donate, signed in or not; the webhook (worker/payments) confirms donations.
import { donationSchema } from "../../app/kernel/schemas/fundraiser";
import { fundraiserSummary, startDonation } from "../domain/fundraiser/donations";
import { publicApi, valid } from "./context";

export const fundraiserApi = publicApi()
  .get("/fundraiser", async (c) => c.json(await fundraiserSummary(c.var.deps)))
  .post("/fundraiser/donations", valid("json", donationSchema), async (c) =>
    c.json(await startDonation(c.var.deps, c.var.user?.id ?? null, c.req.valid("json"), c.var.caller.clientId), 201),
  );
