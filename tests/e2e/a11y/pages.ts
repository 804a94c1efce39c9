// Every page the layout and accessibility check visits (tests/e2e/layout.spec.ts) and the tour
// photographs (tests/tour), at both widths and in both themes, as the role that uses it; also the
// states that matter (checkout after 'Proceed to Payment', errors, selections). Adding a page? Append
// one entry here, in its area's group, and make
// `E2E_PORT=… npx playwright test tests/e2e/layout.spec.ts` pass. See ADR 012 and ADR 045.
import { expect, type Page } from "@playwright/test";
import { openNewProgram, openNewProject, PNG } from "../fixtures";
import type { Content } from "./content";

export type Role = "visitor" | "member" | "admin";

export interface ScannedPage {
  /** The address, or one made from the run's content ids (./content.ts). */
  path: string | ((content: Content) => string);
  /** Who looks at the page: visitors are signed out; members and admins are the seeded accounts. */
  as: Role;
  /** Shown in the test title when the path alone does not say enough. */
  name?: string;
  /** Waits until the page shows what should be checked (client-loaded lists, opened panels…). */
  ready?: (page: Page) => Promise<void>;
  /** Brings the page into a state that matters (an opened form, an error shown), after `ready`. */
  act?: (page: Page) => Promise<void>;
  /** CSS selectors axe should skip, each with a why-comment (third-party frames such as the card form). */
  exclude?: string[];
}

/** The project workspace: the library's first file selected (two clicks, seed 000 §4). */
async function selectFirstFile(page: Page) {
  const file = page.locator(".workspace-library .file-select").first();
  await file.click();
  await file.click();
  return file;
}

/** The project workspace on a phone, where its areas take turns: show one (wider, all show). */
async function showPane(page: Page, name: "Timeline" | "Inspector") {
  const pane = page.getByRole("button", { name, exact: true });
  if (await pane.isVisible()) await pane.click();
}

/** Waits (reloading) until the renderer has encoded the page's episodes, so their players can play. */
async function playable(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("button", { name: /^Play / }).first()).toBeVisible({ timeout: 1_000 });
    await expect(page.getByText(/being prepared/i)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
}

/** The page's name in test titles and picture names. */
export function pageLabel(entry: ScannedPage) {
  return entry.name ?? (typeof entry.path === "string" ? entry.path : "page");
}

export const PAGES: ScannedPage[] = [
  // Accounts and public pages
  {
    // The welcome card open over the page (issue 45 item 3): forget a close another check remembered.
    path: "/",
    as: "visitor",
    act: async (page) => {
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await expect(page.getByRole("complementary", { name: "Welcome" })).toBeVisible();
    },
  },
  {
    path: "/",
    as: "visitor",
    name: "/ (welcome card closed)",
    act: async (page) => {
      const card = page.getByRole("complementary", { name: "Welcome" });
      if (await card.isVisible()) await card.getByRole("button", { name: "Close" }).click();
      await expect(card).toBeHidden();
    },
  },
  { path: "/signup", as: "visitor" },
  {
    // Issue 46 §4: the summary on top, each message beside its field.
    path: "/signup",
    as: "visitor",
    name: "/signup (errors beside the fields)",
    act: async (page) => {
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page.getByRole("heading", { name: "Validation errors" })).toBeVisible();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  { path: "/signin", as: "visitor" },
  { path: "/contact", as: "visitor" },
  { path: "/community", as: "visitor" },
  { path: "/error", as: "visitor" },
  { path: "/no-such-page", as: "visitor", name: "not found" },
  { path: "/editmedia", as: "visitor" },
  {
    path: "/editmedia",
    as: "visitor",
    name: "/editmedia (a package open)",
    act: async (page) => {
      await page.getByRole("button", { name: "How booking Mission works" }).click();
      await expect(page.getByText("Book Mission: an e-mail to us opens with the package named.")).toBeVisible();
    },
  },
  { path: "/beatbattle", as: "visitor" },
  {
    path: "/beatbattle",
    as: "visitor",
    name: "/beatbattle (an empty entry refused: the summary on top, each message at its field)",
    act: async (page) => {
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await page.locator(".form-errors").waitFor();
    },
  },
  // The member's entry is in (./content.ts): "You're in" with the entry instead of the form.
  {
    path: "/beatbattle",
    as: "member",
    name: "/beatbattle (the member is in)",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "You're in" })).toBeVisible();
    },
  },
  { path: "/fundraiser", as: "visitor" },
  {
    path: "/fundraiser",
    as: "visitor",
    name: "/fundraiser (thank-you after giving)",
    act: async (page) => {
      // Choosing an amount opens the details; a fresh e-mail each time: the starts per e-mail are limited.
      await page.getByLabel("$50", { exact: true }).click();
      await page.getByLabel("Email").fill(`thanks.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`);
      await page.getByLabel("Your name (optional)").fill("Ama Mensah-Okonkwo");
      await page.getByLabel("Message (optional)").fill("For the crews: go live from the harvest festival!");
      await page.getByLabel("Name on card").fill("Ama Mensah-Okonkwo");
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/34");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: "Donate" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Donation successful!" })).toBeVisible();
    },
  },
  { path: "/farmereps", as: "visitor" },
  { path: (c) => `/farmereps/${c.episodeId}`, as: "visitor", name: "/farmereps/:episodeId" },
  { path: "/verify", as: "visitor" },
  {
    path: "/signin",
    as: "visitor",
    name: "/signin (an unknown account)",
    // Not a seeded account: sign-in is rate-limited per account, and the roles sign in once per run.
    act: async (page) => {
      await page.getByLabel("Email Address").fill("nobody.here@example.com");
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
    },
  },

  // Auction
  { path: "/bidgallery", as: "visitor" },
  { path: "/bidgallery", as: "member", name: "bid gallery (member)" },
  {
    // Live lots with their offer buttons ('Make Offer', 'Set Maximum') and every bid history open, where
    // a visitor sees the bidders' masked names ("d***o"): issue 44.6's words broken one per line.
    path: "/bidgallery",
    as: "visitor",
    name: "bid gallery (bid histories open)",
    ready: async (page) => {
      await expect(page.getByText("Live", { exact: true }).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Make Offer" }).first()).toBeVisible();
    },
    act: async (page) => {
      const histories = page.locator("details", { has: page.locator("summary", { hasText: "Bid history" }) });
      await expect(histories.first()).toBeVisible();
      for (const history of await histories.all()) await history.locator("summary").click();
      await expect(page.getByText(/^\p{L}\*\*\*\p{L}?$/u).first()).toBeVisible();
    },
  },
  { path: (c) => `/bidgallery/${c.lotCode}`, as: "visitor", name: "/bidgallery/:code (a lot)" },
  { path: (c) => `/bidgallery/${c.lotCode}`, as: "member", name: "/bidgallery/:code (the member leads)" },
  { path: (c) => `/bidgallery/${c.soldCode}`, as: "visitor", name: "/bidgallery/:code (sold)" },
  { path: "/createBid", as: "admin" },
  {
    path: "/createBid",
    as: "admin",
    name: "/createBid (an empty item refused: its message at its fields)",
    act: async (page) => {
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await page.locator("fieldset.bid-block.invalid").waitFor();
    },
  },
  { path: "/memBid", as: "admin" },
  { path: "/memitem", as: "admin" },

  // Member workspace
  { path: "/authenticated", as: "member" },
  {
    // Issue 46: 'New project' is the header's action; its form opens in place above the tiles.
    path: "/authenticated",
    as: "member",
    name: "/authenticated (New project open)",
    act: openNewProject,
  },
  { path: "/settings", as: "member" },
  {
    path: "/settings",
    as: "member",
    name: "/settings (a saved address, the form opened by 'Add an address')",
    act: async (page) => {
      await page.getByText("Add an address", { exact: true }).click();
      await page.getByLabel("Recipient name").waitFor();
    },
  },
  { path: "/programming", as: "member" },
  {
    // Issue 46: the programs lead; 'New program' opens its form in the header.
    path: "/programming",
    as: "member",
    name: "/programming (New program open)",
    act: openNewProgram,
  },
  { path: "/playselect", as: "member" },
  { path: "/renderfiles", as: "member" },
  { path: (c) => `/projects/${c.projectId}`, as: "member", name: "/projects/:projectId" },
  {
    path: (c) => `/projects/${c.projectId}`,
    as: "member",
    name: "/projects/:projectId (a file's notes in the inspector, an empty note refused)",
    act: async (page) => {
      await selectFirstFile(page);
      await showPane(page, "Inspector");
      const notes = page.getByRole("region", { name: "File notes" });
      await notes.getByRole("button", { name: "Add Note" }).click();
      await notes.getByText("Note cannot be empty").waitFor();
    },
  },
  {
    path: (c) => `/projects/${c.projectId}`,
    as: "member",
    name: "/projects/:projectId (a timeline item selected: its slot, chapter title and notes in the inspector)",
    act: async (page) => {
      const file = await selectFirstFile(page);
      await showPane(page, "Timeline");
      await page.locator("button.slot-inspect").nth(1).click();
      // On a phone the pick opens the inspector; the library's selection stays.
      await expect(page.getByRole("region", { name: "File notes" }).getByText("Item 2 on the timeline")).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Inspector", exact: true }).getByLabel("Chapter title"),
      ).toBeVisible();
      await expect(file).toHaveAttribute("aria-pressed", "true");
    },
  },
  { path: (c) => `/bigfile/${c.fileId}`, as: "member", name: "/bigfile/:fileId" },
  { path: "/shows", as: "member" },
  {
    path: "/shows",
    as: "member",
    name: "/shows (a show just created: its manager's first-episode state)",
    act: async (page) => {
      const slug = `new-show-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
      await page.getByLabel("Title").fill("Harvest Hour");
      await page.getByLabel("Address").fill(slug);
      await page.getByLabel("Author").fill("Demo Member");
      await page.getByLabel("Category").selectOption("Leisure");
      await page.getByLabel("Description").fill("Stories from the farm, every week.");
      await page.getByRole("button", { name: "Create show" }).click();
      await expect(page).toHaveURL(new RegExp(`/shows/${slug}/manage\\?created=1$`));
      // Measured as the page it is, not the navigation's swap of one page for another.
      await page.reload();
      await expect(page.getByText("Publish your first episode").first()).toBeVisible();
    },
  },
  // The public show and episode pages (issue 45 item 6): three episodes, the newest with a program's spot.
  { path: (c) => `/shows/${c.showSlug}`, as: "visitor", name: "/shows/:slug", ready: playable },
  // The show's public page to its own member: the public chrome, not the workspace (ADR 117).
  { path: (c) => `/shows/${c.showSlug}`, as: "member", name: "/shows/:slug (its member)", ready: playable },
  {
    path: (c) => `/shows/${c.showSlug}/episodes/${c.showEpisodeId}`,
    as: "visitor",
    name: "/shows/:slug/episodes/:id",
    ready: playable,
  },
  { path: (c) => `/shows/${c.showSlug}/manage`, as: "member", name: "/shows/:slug/manage" },
  { path: (c) => `/shows/${c.showSlug}/team`, as: "member", name: "/shows/:slug/team" },
  { path: (c) => `/shows/${c.showSlug}/stats`, as: "member", name: "/shows/:slug/stats" },
  // Campaigns (issue 47): the list, a new one from a program, the creator's page, the sponsor's by share link.
  { path: "/campaigns", as: "member" },
  { path: "/campaigns/new", as: "member" },
  { path: (c) => `/campaigns/${c.campaignId}`, as: "member", name: "/campaigns/:campaignId" },
  { path: (c) => `/campaign-reports/${c.campaignShareToken}`, as: "visitor", name: "/campaign-reports/:token" },
  { path: "/campaign-reports/AAAAAAAAAAAAAAAAAAAAAA", as: "visitor", name: "campaign report (revoked link)" },

  // Store and community (pages still to come keep their guarded placeholder until they land)
  { path: "/digistore", as: "member" },
  {
    path: "/digistore",
    as: "member",
    name: "/digistore (errors beside the fields)",
    act: async (page) => {
      await page.getByRole("button", { name: "Upload Product" }).click();
      await expect(page.getByRole("heading", { name: "Validation errors" })).toBeVisible();
      await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    },
  },
  {
    path: "/digistore",
    as: "member",
    name: "/digistore (a priced product in the preview)",
    act: async (page) => {
      await page.getByLabel("Title").fill("Night Drive — a long title that has to wrap in the preview");
      await page.getByLabel("License type").selectOption({ label: "Exclusive License" });
      await page.getByLabel("Price (USD)").fill("1250");
      await page.getByLabel(/^Public-read/).check();
      await expect(page.locator("[data-preview]")).toContainText("$1,250.00");
    },
  },
  { path: "/digimanager", as: "member" },
  {
    path: "/digimanager",
    as: "member",
    name: "/digimanager (a template's price refused beside its field)",
    // Refused, so nothing is saved: every width and theme starts from the same templates.
    act: async (page) => {
      const row = page
        .getByRole("region", { name: "Licence templates" })
        .getByRole("listitem")
        .filter({ hasText: "MP3 Lease" });
      await row.getByRole("button", { name: "Edit MP3 Lease template" }).click();
      await row.getByLabel("Price (USD)").fill("1.001");
      await row.getByRole("button", { name: "Save MP3 Lease template" }).click();
      await expect(row.getByRole("alert")).toBeVisible();
    },
  },
  // A product's page in the studio (the admin's beat, with tiers): each tab, as its address opens it.
  { path: (c) => `/digimanager/${c.productId}`, as: "admin", name: "/digimanager/:productId" },
  { path: (c) => `/digimanager/${c.productId}?tab=files`, as: "admin", name: "/digimanager/:productId (Files)" },
  {
    path: (c) => `/digimanager/${c.productId}?tab=licences`,
    as: "admin",
    name: "/digimanager/:productId (Licences & prices)",
  },
  {
    path: (c) => `/digimanager/${c.productId}?tab=discounts`,
    as: "admin",
    name: "/digimanager/:productId (Discounts)",
  },
  { path: "/digimanager/sales", as: "member" },
  // The admin sells the beat the member buys (./content.ts): every table of the view has rows.
  { path: "/digimanager/sales", as: "admin", name: "/digimanager/sales (a seller with a sale)" },
  { path: "/digimanager/sales?period=custom", as: "admin", name: "/digimanager/sales (custom period)" },
  {
    path: (c) => `/digiprev/${c.memberId}`,
    as: "member",
    name: "/digiprev/:userId (own store, one public and one private product)",
    ready: (page) => page.getByRole("article").first().waitFor(),
  },
  {
    path: (c) => `/digiprev/${c.sellerId}`,
    as: "visitor",
    name: "/digiprev/:userId (a seller's store)",
    ready: (page) => page.getByRole("article").first().waitFor(),
  },
  {
    path: (c) => `/digiprev/${c.sellerId}`,
    as: "visitor",
    name: "/digiprev/:userId (filters open: the ranges row, a drawer on a phone)",
    ready: (page) => page.getByRole("article").first().waitFor(),
    act: async (page) => {
      await page.getByRole("button", { name: "Filters" }).click();
      await expect(page.getByLabel("Lowest BPM")).toBeVisible();
    },
  },
  { path: (c) => `/digiprev/${c.sellerId}/${c.productId}`, as: "visitor", name: "/digiprev/:userId/:productId" },
  { path: "/beatbin", as: "member" },
  { path: "/farmertv", as: "member" },
  { path: "/dropzone", as: "member" },
  { path: "/webpopup", as: "visitor" },
  { path: (c) => `/checkOut/${c.sellerId}`, as: "member", name: "checkOut (cart)" },
  {
    path: (c) => `/checkOut/${c.memberId}?step=pay`,
    as: "admin",
    name: "checkOut (after Proceed to Payment)",
    ready: async (page) => {
      await expect(page.getByRole("button", { name: /^Pay \$/ })).toBeVisible();
    },
  },
  {
    path: (c) => `/checkOut/${c.memberId}?order=${c.orderId}`,
    as: "member",
    name: "checkOut (thank-you)",
    ready: async (page) => {
      await expect(page.getByText("Thank you for your purchase!")).toBeVisible();
    },
  },
  { path: "/purchases", as: "member" },
  { path: "/licence/AAAAAAAAAAAAAAAAAAAAAA", as: "visitor", name: "licence (unknown code)" },
  { path: "/free/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", as: "visitor", name: "free download (expired link)" },
  // The focused chrome (ADR 117): the logo, one column, no navigation.
  { path: "/sign/AAAAAAAAAAAAAAAAAAAAAA", as: "visitor", name: "guest signing (unknown link)" },

  // Admin
  { path: "/theAdministrator", as: "admin" },
  { path: "/theAdministrator?section=users", as: "admin" },
  { path: "/theAdministrator?section=popups", as: "admin" },
  { path: "/theAdministrator?section=auction", as: "admin" },
  { path: "/theAdministrator?section=beat-battle", as: "admin" },
  { path: "/theAdministrator?section=community", as: "admin" },
  { path: "/theAdministrator?section=orders", as: "admin" },
  {
    path: "/theAdministrator?section=orders&q=%23no-such-order",
    as: "admin",
    name: "/theAdministrator orders (a search without a match)",
  },
  { path: "/popcustom", as: "admin" },
  {
    path: "/popcustom",
    as: "admin",
    name: "/popcustom (the Style section open)",
    act: async (page) => {
      await page.locator("summary").filter({ hasText: "Style" }).click();
      await expect(page.getByRole("group", { name: "Paragraph style" })).toBeVisible();
    },
  },
  {
    path: "/popcustom",
    as: "admin",
    name: "/popcustom (an image refused)",
    act: async (page) => {
      await page
        .getByLabel("Image", { exact: true })
        .setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
      await expect(page.getByRole("alert").filter({ hasText: "The popup image must be" })).toBeVisible();
    },
  },
];
