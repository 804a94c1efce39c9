// A program's team page (/programming/:programId/team): its owner manages the members, a member
// sees the team and may leave, a stranger gets the page's 404, and the forms are checked again on
// the server (a viewer who posts an invitation is refused and nothing is sent).
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Member, signUp } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { programWith } from "../../../../tests/workers/playlists";
import { joinAs } from "../../../../tests/workers/teams";
import { database } from "../../../../worker/db/client";
import { invitations, programMembers } from "../../../../worker/db/schema";

const db = database(env.DB);
let owner: Member;
let viewer: Member;
let programId: string;
const page = () => `/programming/${programId}/team`;

beforeAll(async () => {
  owner = await signUp({}, "198.51.100.140");
  programId = await programWith(owner.cookie, ["b"], "audio", { title: "Spring_spots" });
  viewer = await joinAs(owner, "viewer", { programId });
});

describe("program team page", () => {
  it("shows its owner the members with role pickers and the invite form", async () => {
    const text = await html(await call(page(), { cookie: owner.cookie }));
    expect(text).toContain("Team of Spring spots");
    expect(text).toContain(viewer.form.email);
    expect(text).toContain(`Role of ${viewer.form.name}`);
    expect(text).toContain(">Invite<");
  });

  it("shows a viewer the team without the owners' forms, and lets them leave", async () => {
    const text = await html(await call(page(), { cookie: viewer.cookie }));
    expect(text).toContain("You are a viewer of this program.");
    expect(text).toContain("Only the program's owners can invite people.");
    expect(text).not.toContain(">Invite<");
    expect(text).toContain("Leave program");
  });

  it("refuses a viewer's invitation on the server and sends nothing", async () => {
    const refused = await act(page(), { intent: "invite", email: "guest@example.com", role: "editor" }, viewer.cookie);
    expect(refused.status).toBe(403);
    const sent = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.programId, programId), eq(invitations.email, "guest@example.com")));
    expect(sent).toHaveLength(0);
  });

  it("answers a stranger and a visitor as not there", async () => {
    const stranger = await signUp({}, "198.51.100.141");
    expect((await call(page(), { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(page())).status).toBe(302);
  });

  it("lets its owner invite, change a role and remove a member", async () => {
    const invited = await act(
      page(),
      { intent: "invite", email: "new-editor@example.com", role: "editor" },
      owner.cookie,
    );
    expect(invited.status).toBe(200);
    expect(invited.text).toContain("Invitation sent.");
    const changed = await act(
      page(),
      { intent: "change-role", memberId: viewer.user.id, role: "editor" },
      owner.cookie,
    );
    expect(changed.status).toBe(200);
    const [row] = await db.select().from(programMembers).where(eq(programMembers.userId, viewer.user.id));
    expect(row?.role).toBe("editor");
    const removed = await act(page(), { intent: "remove-member", memberId: viewer.user.id }, owner.cookie);
    expect(removed.status).toBe(200);
    expect((await call(page(), { cookie: viewer.cookie })).status).toBe(404);
  });
});
