// The fundraiser (seed 001 §7 `POST /create-fundraiser-intent`): anyone may
// donate, signed in or not; the webhook (worker/payments) confirms donations.
import { Hono } from "hono";
import { donationSchema } from "../../app/lib/schemas/fundraiser";
import { fundraiserSummary, startDonation } from "../domain/fundraiser/donations";
import { type AppEnv, valid } from "./context";

export const fundraiser = new Hono<AppEnv>()
  .get("/fundraiser", async (c) => c.json(await fundraiserSummary(c.get("deps"))))
  .post("/fundraiser/donations", valid("json", donationSchema), async (c) =>
    c.json(await startDonation(c.get("deps"), c.get("user"), c.req.valid("json")), 201),
  );
