import { describe, expect, it } from "vitest";
import { chromeFor, pageTitle, wantsFocus, workspaceNavigation } from "./navigation";

describe("which chrome a page wears (ADR 117)", () => {
  it("gives the audience's pages the public chrome, for visitors and members alike", () => {
    for (const path of [
      "/",
      "/digiprev/u1",
      "/digiprev/u1/p1",
      "/shows/field-notes",
      "/shows/field-notes/episodes/e1",
      "/bidgallery",
      "/bidgallery/LOT123",
      "/checkOut/u1",
      "/fundraiser",
      "/beatbattle",
      "/community",
      "/editmedia",
      "/farmereps",
      "/farmereps/e1",
      "/licence/ABC",
      "/verify",
      "/verify/ABC",
      "/campaign-reports/t0k3n",
      "/free/token",
      "/signin",
      "/signup",
      "/contact",
      "/error",
      "/BidGallery",
    ]) {
      expect(chromeFor(path, false), path).toBe("public");
      expect(chromeFor(path, true), path).toBe("public");
    }
    expect(chromeFor("/no-such-page", true, true)).toBe("public");
  });

  it("gives a member at work the workspace, and a visitor never", () => {
    for (const path of [
      "/authenticated",
      "/projects/p1",
      "/shows",
      "/shows/field-notes/manage",
      "/shows/field-notes/stats",
      "/shows/field-notes/team",
      "/campaigns",
      "/campaigns/c1",
      "/theAdministrator",
      "/settings",
    ]) {
      expect(chromeFor(path, true), path).toBe("workspace");
      expect(chromeFor(path, false), path).toBe("public");
    }
  });

  it("gives a guest's one task the focused chrome", () => {
    for (const signedIn of [false, true]) {
      expect(chromeFor("/sign/t0k3n", signedIn)).toBe("focused");
      expect(chromeFor("/invitations/t0k3n", signedIn)).toBe("focused");
    }
  });

  it("gives a route's one-task state the focused chrome when its handle asks, from its data", () => {
    const handle = { focused: (data: unknown) => (data as { paying: boolean }).paying };
    expect(
      wantsFocus([
        { handle: undefined, loaderData: {} },
        { handle, loaderData: { paying: true } },
      ]),
    ).toBe(true);
    expect(wantsFocus([{ handle, loaderData: { paying: false } }])).toBe(false);
    expect(wantsFocus([{ handle: { loadFailed: "x" }, loaderData: undefined }])).toBe(false);
  });

  it("puts Shows under Publish and the admin's group first", () => {
    const member = workspaceNavigation({ id: "u1", role: "user" });
    expect(member.map((group) => group.title)).toEqual(["Create", "Publish", "Sell", "Community"]);
    expect(member[1]!.links.map((link) => link.label)).toEqual(["Shows", "FarmerTv", "Episodes"]);
    expect(member.flatMap((group) => group.links).every((link) => link.description)).toBe(true);
    expect(workspaceNavigation({ id: "u1", role: "admin" })[0]!.title).toBe("Admin");
  });
});

describe("the page's title in the phone's header", () => {
  const groups = workspaceNavigation({ id: "u1", role: "user" });
  it("is the seed label of the page's link, in the sidebar or the account menu", () => {
    expect(pageTitle(groups, "/playselect")).toBe("Sequence");
    expect(pageTitle(groups, "/renderfiles/")).toBe("Downloads");
    expect(pageTitle(groups, "/authenticated")).toBe("Home");
    expect(pageTitle(groups, "/settings")).toBe("Settings");
    expect(pageTitle(groups, "/checkout/u1")).toBe("Checkout");
    expect(pageTitle(workspaceNavigation({ id: "a1", role: "admin" }), "/theadministrator")).toBe("Admin");
  });

  it("names the pages under one (a project, a product, a show's stats), else the link the path starts with", () => {
    expect(pageTitle(groups, "/projects/p1")).toBe("Project");
    expect(pageTitle(groups, "/bigfile/f1")).toBe("File");
    expect(pageTitle(groups, "/digimanager/sales")).toBe("Sales");
    expect(pageTitle(groups, "/digimanager/prod1")).toBe("Product");
    expect(pageTitle(groups, "/shows/field-notes/stats")).toBe("Show stats");
    expect(pageTitle(groups, "/campaigns/new")).toBe("New campaign");
    expect(pageTitle(groups, "/programming/pr1/somewhere")).toBe("Programming");
    expect(pageTitle(groups, "/nowhere")).toBe("Workspace");
  });
});
