// Sharing projects, programs and shows (issue 34, ADRs 041 and 054): members, invitations, roles, the activity
// list, and accepting an invitation from its e-mailed link. Every route checks the caller's role
// in the domain (`memberData`): owners share, anyone who belongs may look.
import { z } from "zod";
import { inviteSchema, roleSchema } from "../../app/kernel/schemas/teams";
import { memberData } from "../domain/member-data";
import { activityOf } from "../domain/teams/activity";
import {
  acceptInvitation,
  changeRole,
  invitationSummary,
  invite,
  removeMember,
  revokeInvitation,
  type SharedKind,
  sharingOf,
} from "../domain/teams/members";
import { memberApi, publicApi, valid } from "./context";

const PLURALS = ["projects", "programs", "shows"] as const;
const kindParam = valid("param", z.object({ kind: z.enum(PLURALS), id: z.string().min(1) }));
const kindOf = (plural: (typeof PLURALS)[number]): SharedKind => plural.slice(0, -1) as SharedKind;

const sharing = memberApi((app) =>
  app
    .get("/:kind{projects|programs|shows}/:id/members", kindParam, async (c) => {
      const { kind, id } = c.req.valid("param");
      return c.json(await sharingOf(c.var.deps, c.var.user.id, kindOf(kind), id));
    })
    .post("/:kind{projects|programs|shows}/:id/invitations", kindParam, valid("json", inviteSchema), async (c) => {
      const { kind, id } = c.req.valid("param");
      return c.json(await invite(c.var.deps, c.var.user.id, kindOf(kind), id, c.req.valid("json")), 201);
    })
    .delete("/:kind{projects|programs|shows}/:id/invitations/:invitationId", kindParam, async (c) => {
      const { kind, id } = c.req.valid("param");
      await revokeInvitation(c.var.deps, c.var.user.id, kindOf(kind), id, c.req.param("invitationId"));
      return c.body(null, 204);
    })
    .put("/:kind{projects|programs|shows}/:id/members/:userId", kindParam, valid("json", roleSchema), async (c) => {
      const { kind, id } = c.req.valid("param");
      const { role } = c.req.valid("json");
      return c.json(await changeRole(c.var.deps, c.var.user.id, kindOf(kind), id, c.req.param("userId"), role));
    })
    .delete("/:kind{projects|programs|shows}/:id/members/:userId", kindParam, async (c) => {
      const { kind, id } = c.req.valid("param");
      await removeMember(c.var.deps, c.var.user.id, kindOf(kind), id, c.req.param("userId"));
      return c.body(null, 204);
    })
    .get("/projects/:projectId/activity", async (c) => {
      const project = await memberData(c.var.deps.db, c.var.user.id).project(c.req.param("projectId"));
      return c.json({ activity: await activityOf(c.var.deps.db, project.id) });
    })
    .post("/invitations/:token/accept", async (c) =>
      c.json(await acceptInvitation(c.var.deps, c.var.user.id, c.req.param("token"))),
    ),
);

export const teamsApi = publicApi()
  // Anyone holding the link may see what it invites to (the invitee may not have an account yet).
  .get("/invitations/:token", async (c) => c.json(await invitationSummary(c.var.deps, c.req.param("token"))))
  .route("/", sharing);
