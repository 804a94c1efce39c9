// The workspace sidebar's groups fold: the member's choice is kept in a cookie the server reads for the
// next page, and the current page's group is always open.
import { act } from "react";
import { createRoutesStub, MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { mount } from "../../tests/dom/support";
import { parseClosedGroups, workspaceNavigation } from "../lib/navigation";
import { NavGroups, SiteHeader } from "./SiteHeader";

const groups = workspaceNavigation({ id: "u1", role: "user" });
const openGroups = (host: Element) =>
  [...host.querySelectorAll("details")].filter((d) => d.open).map((d) => d.querySelector("summary")?.textContent);

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test's cookie.
  document.cookie = "nav_closed=; path=/; max-age=0";
});

describe("NavGroups", () => {
  it("folds the groups the cookie names, except the one holding the current page", async () => {
    const view = await mount(
      <MemoryRouter>
        <NavGroups groups={groups} current="/digistore" cartCount={0} closed={["Sell", "Community"]} />
      </MemoryRouter>,
    );
    expect(openGroups(view.host)).toEqual(["Create", "Publish", "Sell"]);
  });

  it("remembers a group the member folds", async () => {
    const view = await mount(
      <MemoryRouter>
        <NavGroups groups={groups} current="/authenticated" cartCount={0} closed={[]} />
      </MemoryRouter>,
    );
    const community = [...view.host.querySelectorAll("details")][3]!;
    await act(async () => {
      community.open = false;
      community.dispatchEvent(new Event("toggle"));
    });
    expect(openGroups(view.host)).toEqual(["Create", "Publish", "Sell"]);
    const cookie = /nav_closed=([^;]*)/.exec(document.cookie)?.[1];
    expect(parseClosedGroups(decodeURIComponent(cookie ?? ""))).toEqual(["Community"]);
  });

  it("keeps each seed label as the link's name, its description beside it and as its tooltip", async () => {
    const view = await mount(
      <MemoryRouter>
        <NavGroups groups={groups} current="/playselect" cartCount={0} closed={[]} />
      </MemoryRouter>,
    );
    const link = view.host.querySelector('a[href="/playselect"]')!;
    expect(link.textContent).toBe("Sequence");
    expect(link.getAttribute("aria-current")).toBe("page");
    expect(view.host.querySelector(`#${link.getAttribute("aria-describedby")}`)?.textContent).toBeTruthy();
    expect(link.getAttribute("title")).toMatch(/^Sequence — /);
  });

  it("reads only known group names from the cookie", () => {
    expect(parseClosedGroups("Sell,Bogus,Sell,Create")).toEqual(["Sell", "Create"]);
    expect(parseClosedGroups(undefined)).toEqual([]);
  });
});

describe("SiteHeader", () => {
  it("names the current page for a phone's bar and keeps the seed's welcome line in the header", async () => {
    const user = { id: "u1", name: "Demo Member", username: "demo", role: "user" as const };
    const Stub = createRoutesStub([{ path: "/projects/:projectId", Component: () => <SiteHeader user={user} /> }]);
    const view = await mount(<Stub initialEntries={["/projects/p1"]} />);
    const header = view.host.querySelector(".site-header")!;
    expect(header.querySelector(".page-title")!.textContent).toBe("Project");
    expect(header.querySelector(".welcome")!.textContent).toBe("Welcome, Demo Member");
    // The account menu holds the name too, where a phone draws it.
    expect(header.querySelector(".account-menu .account-name")!.textContent).toBe("Demo Member");
  });
});
