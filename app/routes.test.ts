// The pages as a browser gets them: SSR through the whole Worker, guards,
// role checks, case-insensitive paths and the form actions.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUp, signUpAdmin, uniqueUser } from "../tests/workers/http";
import { expectMatrix } from "../tests/workers/matrix";
import { html } from "../tests/workers/pages";
import { database } from "../worker/db/client";
import { popups, users } from "../worker/db/schema";
import { forgetActivePopup } from "../worker/domain/popups/active";

const db = database(env.DB);

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields);
}

describe("guards", () => {
  const memberPages = [
    "/authenticated",
    "/settings",
    "/programming",
    "/playselect",
    "/renderfiles",
    "/digistore",
    "/digimanager",
    "/projects/p1",
  ];
  it.each(memberPages)("%s sends a visitor to /signin remembering where they came from", async (path) => {
    const response = await call(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/signin?from=${encodeURIComponent(path)}`);
  });

  // Every page's guard is in worker/route-access.test.ts; these are the lower-case spellings it does not walk.
  it("answers the seed's spellings and their lower case alike", async () => {
    const paths = [
      "/checkOut/u1",
      "/checkout/u1",
      "/createBid",
      "/createbid",
      "/theAdministrator",
      "/theadministrator",
    ];
    await expectMatrix(
      paths.map((path) => ["GET", path] as const),
      { visitor: 302 },
    );
  });

  it("shows admin pages to the admin only, in either letter case", async () => {
    const member = await signUp();
    const admin = await signUpAdmin();
    const paths = ["/theadministrator", "/createbid", "/membid", "/memitem", "/popcustom"];
    await expectMatrix(
      paths.map((path) => ["GET", path] as const),
      { other: 403, admin: 200 },
      { other: member.cookie, admin: admin.cookie },
    );
    const dashboard = await html(
      await call(`/theadministrator?section=users&q=${encodeURIComponent(member.form.email)}`, {
        cookie: admin.cookie,
      }),
    );
    expect(dashboard).toContain(member.form.email);
  });
});

describe("navigation by role", () => {
  const links = (page: string) =>
    [...page.matchAll(/<nav[\s\S]*?<\/nav>/g)][0]![0]
      .match(/>([^<>]+)<\/(a|button)>/g)!
      .map((m) => m.slice(1).split("<")[0]);

  it("shows a visitor the public bar: five plain links, Sign In and Sign Up, and no workspace sidebar", async () => {
    const page = await html(await call("/"));
    expect(links(page)).toEqual(["Auction", "Battle", "Episodes", "Fundraiser", "Services"]);
    expect(page).toMatch(/<a[^>]*href="\/signin"[^>]*>Sign In<\/a>/);
    expect(page).toMatch(/<a[^>]*href="\/signup"[^>]*>Sign Up<\/a>/);
    expect(page).not.toContain('aria-label="Workspace"');
    expect(page).toContain("<footer");
  });

  it("shows a member at work the sidebar grouped by job, and on a public page the public bar", async () => {
    const member = await signUp();
    const page = await html(await call("/settings", { cookie: member.cookie }));
    // Grouped (ADR 117): Create, Publish, Sell, Community; Settings, Purchases and Log Out in the account menu.
    expect(links(page)).toEqual([
      "Home",
      "Drop Zone",
      "Programming",
      "Sequence",
      "Downloads",
      "Shows",
      "FarmerTv",
      "Episodes",
      "Store",
      "Digi",
      "Manager",
      "Campaigns",
      "Checkout",
      "Auction",
      "Battle",
      "Fundraiser",
      "Services",
    ]);
    const account = page.match(/<details class="account-menu"[\s\S]*?<\/details>/)?.[0] ?? "";
    expect(account.match(/>([^<>]+)<\/(a|button)>/g)?.map((m) => m.slice(1).split("<")[0])).toEqual([
      "Settings",
      "Purchases",
      "Log Out",
    ]);
    expect(page).toContain(`href="/digiprev/${member.user.id}"`);
    expect(page).toContain(`href="/checkOut/${member.user.id}"`);
    expect(page).toContain(`Welcome, ${member.form.name}`);

    // A public page: the public bar with Open workspace and the account menu, no sidebar.
    const contact = await html(await call("/contact", { cookie: member.cookie }));
    expect(links(contact)).toEqual(["Auction", "Battle", "Episodes", "Fundraiser", "Services"]);
    expect(contact).not.toContain('aria-label="Workspace"');
    expect(contact).toMatch(/<a[^>]*href="\/authenticated"[^>]*>Open workspace<\/a>/);
    expect(contact).toContain('<details class="account-menu"');

    await db.update(users).set({ role: "admin" }).where(eq(users.id, member.user.id));
    const adminLinks = links(await html(await call("/settings", { cookie: member.cookie })));
    // The admin's own group first: in view without scrolling the sidebar.
    expect(adminLinks.slice(0, 4)).toEqual(["Admin", "CreateBid", "Enter member items", "Pending member items"]);
  });

  it("marks the current page's link, and only it, in any letter case", async () => {
    const current = (page: string) =>
      [...[...page.matchAll(/<nav[\s\S]*?<\/nav>/g)][0]![0].matchAll(/<a [^>]*>[^<]*<\/a>/g)]
        .map(([a]) => a)
        .filter((a) => a.includes('aria-current="page"'));
    const member = await signUp();
    const programming = current(await html(await call("/programming", { cookie: member.cookie })));
    expect(programming).toHaveLength(1);
    expect(programming[0]).toMatch(/href="\/programming"/);
    expect(programming[0]).toMatch(/class="active"/);
    expect(current(await html(await call("/contact", { cookie: member.cookie })))).toEqual([]);

    await db.update(users).set({ role: "admin" }).where(eq(users.id, member.user.id));
    // The seed's link is /createbid; the route answers /createBid too (see "guards").
    const createBid = current(await html(await call("/createBid", { cookie: member.cookie })));
    expect(createBid.map((a) => a.match(/href="([^"]+)"/)![1])).toEqual(["/createbid"]);
  });
});

describe("landing page", () => {
  it("shows the active popup with its paragraph cut at 100 characters, safe styles and links", async () => {
    await db.update(popups).set({ active: false });
    await db.insert(popups).values({
      id: crypto.randomUUID(),
      header: "Spring sale",
      headerStyle: "color:red;background-image:url(https://evil.example/x.png);font-weight:700",
      paragraphText: "x".repeat(120),
      paragraphStyle: "font-size:18px;behavior:url(x.htc)",
      buttonLabel: "Go",
      linkAddress: "javascript:alert(1)",
      imageUrl: "https://cdn.example/banner.png",
      active: true,
    });
    forgetActivePopup(); // written behind the domain's back, as an admin's edit would purge it
    const page = await html(await call("/"));
    expect(page).toContain("Spring sale");
    expect(page).toContain(`${"x".repeat(100)}...`);
    expect(page).not.toContain("x".repeat(101));
    expect(page).toContain("color:red");
    expect(page).not.toContain("evil.example");
    expect(page).not.toContain("javascript:");
    expect(page).not.toContain("behavior");
    expect(page).toContain('src="https://cdn.example/banner.png"');
    expect(page).toContain('href="/signup"');

    const api = await (await call("/api/popups/active")).json<any>();
    expect(api.activePopCustom).toMatchObject({
      header: "Spring sale",
      linkAddress: null,
      headerStyle: { color: "red", fontWeight: "700" },
    });
  });
});

describe("not found and errors", () => {
  it("answers an unknown path with 404 'Not Found'", async () => {
    const response = await call("/no/such/page");
    expect(response.status).toBe(404);
    const page = await html(response);
    expect(page).toContain("Not Found");
    expect(page).toContain("Sorry! We couldn't find the page you're looking for.");
  });

  it("has no dev outbox and no UI catalogue outside development", async () => {
    const worker = (await import("../worker/index")).default;
    const { createExecutionContext } = await import("cloudflare:test");
    const production = { ...env, ENVIRONMENT: "production" };
    for (const path of ["/dev/mail", "/api/dev/mail", "/dev/ui"]) {
      const request = new Request(`http://localhost${path}`) as Request<unknown, IncomingRequestCfProperties>;
      const response = await worker.fetch(request, production, createExecutionContext());
      expect(response.status, path).toBe(404);
    }
    expect((await call("/dev/mail")).status).toBe(200);
    const catalogue = await call("/dev/ui");
    expect(catalogue.status).toBe(200);
    const page = await catalogue.text();
    expect(page).toContain('class="theme-light catalogue"');
    expect(page).toContain('class="theme-dark catalogue"');
  });
});

describe("sign-up and sign-in pages", () => {
  it("lists the seed's validation messages under 'Validation errors'", async () => {
    const response = await call("/signup", {
      body: form({ intent: "register", ...uniqueUser({ email: "bad", passwordA: "other" }) }),
    });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("Validation errors");
    expect(page).toContain("Invalid email format.");
    expect(page).toContain("Passwords do not match.");
    const empty = await html(await call("/signup", { body: form({ intent: "register" }) }));
    expect(empty).toContain("All fields are required.");
    expect(empty).toContain("Enter your e-mail address.");
  });

  it("verifies the code, signs in and redirects to /authenticated", async () => {
    const user = uniqueUser();
    const started = await html(await call("/signup", { body: form({ intent: "register", ...user }) }));
    expect(started).toContain("Verification code");
    const signupId = started.match(/name="signupId" value="([^"]+)"/)![1]!;
    const wrong = await call("/signup", { body: form({ intent: "verify", signupId, code: "000000" }) });
    expect(await html(wrong)).toContain("Invalid verification code.");
    const { latestCode } = await import("../tests/workers/http");
    const done = await call("/signup", {
      body: form({ intent: "verify", signupId, code: await latestCode(user.email) }),
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/authenticated");
    expect(done.headers.get("set-cookie")).toContain("HttpOnly");
  });

  it("returns to the remembered page after sign-in, never off-site", async () => {
    const { form: user } = await signUp();
    const back = await call("/signin", {
      body: form({ email: user.email, password: user.password, from: "/settings" }),
    });
    expect(back.headers.get("location")).toBe("/settings");
    const offsite = await call("/signin", {
      body: form({ email: user.email, password: user.password, from: "//evil.example" }),
    });
    expect(offsite.headers.get("location")).toBe("/authenticated");
    const bad = await call("/signin", { body: form({ email: user.email, password: "wrong" }) });
    expect(await html(bad)).toContain("Sign-in was unsuccessful");
  });

  it("refuses a sign-in form posted from another origin", async () => {
    const { form: user } = await signUp();
    const response = await call("/signin", {
      body: form({ email: user.email, password: user.password }),
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });

  it("signs out with a POST and clears the cookie", async () => {
    const { cookie } = await signUp();
    const out = await call("/signout", { body: form({}), cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect((await call("/authenticated", { cookie })).status).toBe(302);
  });
});

describe("theme preferences", () => {
  it("saves accent colour, font size and dark mode in a cookie and applies them", async () => {
    const { cookie } = await signUp();
    const saved = await call("/settings", {
      body: form({ accentColor: "#FF6900", fontPercentage: "120", isDarkMode: "on" }),
      cookie,
    });
    expect(saved.status).toBe(200);
    const theme = saved.headers
      .getSetCookie()
      .find((c) => c.startsWith("theme="))!
      .split(";")[0]!;
    const page = await html(await call("/contact", { cookie: `${cookie}; ${theme}` }));
    expect(page).toMatch(
      /<html lang="en" class="dark" style="--font-scale:120%;--accent:#FF6900;--accent-text:#[0-9a-f]{6};--accent-fill:#[0-9a-f]{6};--on-accent:#[0-9a-f]{6};--accent-shade:#[0-9a-f]{6}"/,
    );
    // Saved for the member: another device (no theme cookie) gets it too.
    const elsewhere = await html(await call("/contact", { cookie }));
    expect(elsewhere).toMatch(
      /<html lang="en" class="dark" style="--font-scale:120%;--accent:#FF6900;--accent-text:#[0-9a-f]{6};--accent-fill:#[0-9a-f]{6};--on-accent:#[0-9a-f]{6};--accent-shade:#[0-9a-f]{6}"/,
    );
    const refused = await call("/settings", { body: form({ accentColor: "red;}", fontPercentage: "900" }), cookie });
    expect(refused.status).toBe(400);
  });

  it("'System' saves no dark-mode choice, so the device's setting applies again; Light and Dark save one", async () => {
    const { cookie } = await signUp();
    const htmlClass = async () =>
      /<html lang="en"( class="(\w+)")?/.exec(await html(await call("/contact", { cookie })))?.[2];
    const save = (colorScheme: string) =>
      call("/settings", { body: form({ accentColor: "#FFF", fontPercentage: "100", colorScheme }), cookie });
    expect((await save("dark")).status).toBe(200);
    expect(await htmlClass()).toBe("dark");
    expect((await save("light")).status).toBe(200);
    expect(await htmlClass()).toBe("light");
    const system = await save("system");
    expect(system.status).toBe(200);
    expect(system.headers.getSetCookie().find((c) => c.startsWith("theme="))).not.toContain("isDarkMode");
    expect(await htmlClass()).toBeUndefined();
    const refused = await save("sepia");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose System, Light or Dark.");
  });
});
