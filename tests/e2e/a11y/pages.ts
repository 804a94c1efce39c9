// Every page the accessibility scan visits (tests/e2e/a11y.spec.ts), at both
// widths. Adding a page? Append one entry here, in its area's group, and make
// `E2E_PORT=… npx playwright test tests/e2e/a11y.spec.ts` pass. See ADR 012.
import type { APIRequestContext, Page } from "@playwright/test";
import { origin, uploadByApi } from "../fixtures";

export type Role = "visitor" | "member" | "admin";

export interface ScannedPage {
  /** The address, or a function that makes the data the page needs (through the API, as `as`) and returns it. */
  path: string | ((request: APIRequestContext) => Promise<string>);
  /** Who looks at the page: visitors are signed out; members and admins are the seeded accounts. */
  as: Role;
  /** Shown in the test title when the path alone does not say enough. */
  name?: string;
  /** Waits until the page shows what should be scanned (client-loaded lists, opened panels…). */
  ready?: (page: Page) => Promise<void>;
  /** CSS selectors axe should skip, each with a why-comment (third-party frames such as the card form). */
  exclude?: string[];
}

export const PAGES: ScannedPage[] = [
  // Accounts and public pages
  { path: "/", as: "visitor" },
  { path: "/signup", as: "visitor" },
  { path: "/signin", as: "visitor" },
  { path: "/contact", as: "visitor" },
  { path: "/community", as: "visitor" },
  { path: "/error", as: "visitor" },
  { path: "/no-such-page", as: "visitor", name: "not found" },
  { path: "/editmedia", as: "visitor" },
  { path: "/beatbattle", as: "visitor" },
  { path: "/fundraiser", as: "visitor" },
  { path: "/farmereps", as: "visitor" },

  // Auction
  { path: "/bidgallery", as: "visitor" },
  { path: "/bidgallery", as: "member", name: "bid gallery (member)" },
  { path: "/createBid", as: "admin" },
  { path: "/memBid", as: "admin" },
  { path: "/memitem", as: "admin" },

  // Member workspace
  { path: "/authenticated", as: "member" },
  { path: "/settings", as: "member" },
  { path: "/programming", as: "member" },
  { path: "/playselect", as: "member" },
  { path: "/renderfiles", as: "member" },

  // Store and community (pages still to come keep their guarded placeholder until they land)
  { path: "/digistore", as: "member" },
  { path: "/digimanager", as: "member" },
  {
    path: storeWithProduct,
    as: "member",
    name: "/digiprev/:userId (own store, one public and one private product)",
    ready: (page) => page.getByRole("article").first().waitFor(),
  },
  { path: "/beatbin", as: "member" },
  { path: "/farmertv", as: "member" },
  { path: "/dropzone", as: "member" },
  { path: "/webpopup", as: "visitor" },
  {
    path: async (request) =>
      `/checkOut/${((await (await request.get("/api/session")).json()) as { user: { id: string } }).user.id}`,
    as: "member",
    name: "checkOut (cart)",
  },
  { path: "/purchases", as: "member" },
  { path: "/licence/AAAAAAAAAAAAAAAAAAAAAA", as: "visitor", name: "licence (unknown code)" },

  // Admin
  { path: "/theAdministrator", as: "admin" },
  { path: "/theAdministrator?section=users", as: "admin" },
  { path: "/theAdministrator?section=popups", as: "admin" },
  { path: "/theAdministrator?section=auction", as: "admin" },
  { path: "/theAdministrator?section=beat-battle", as: "admin" },
  { path: "/theAdministrator?section=community", as: "admin" },
  { path: "/theAdministrator?section=orders", as: "admin" },
  { path: "/popcustom", as: "admin" },
];

/** The member's store with a public and a private product (made through the API), for the scan. */
async function storeWithProduct(request: APIRequestContext): Promise<string> {
  const me = (await (await request.get("/api/session")).json()) as { user: { id: string } };
  for (const accessType of ["public-read", "private"]) {
    const audio = await uploadByApi(
      request,
      { purpose: "product-audio", fileName: "scan.mp3", contentType: "audio/mpeg" },
      Buffer.concat([Buffer.from("ID3"), Buffer.alloc(2048)]),
    );
    const saved = await request.post("/api/products", {
      headers: { origin: origin() },
      data: {
        productId: audio.productId,
        title: `Scan ${accessType}`,
        description: "A product for the accessibility scan.",
        price: 5,
        licenseType: "non-exclusive",
        accessType,
        audioUploadIds: [audio.uploadId],
      },
    });
    if (saved.status() !== 201) throw new Error(`product not saved: ${await saved.text()}`);
  }
  return `/digiprev/${me.user.id}`;
}
