// Who may call what: one entry per API route of the Hono app and per page of app/routes.ts, keyed
// exactly as the route table names it. worker/route-access.test.ts walks both tables, fails on a
// route without an entry here (printing the line to add), and calls every entry as a visitor,
// another member, the owner and an admin (tests/workers/matrix.ts `expectMatrix`).
//
// Access, and what each caller must get unless the entry says otherwise:
//   public  anyone: a visitor is answered (any status but 401/403, never a 5xx)
//   token   anyone holding the secret in the path: a made-up one is refused (4xx), never a 5xx
//   member  any signed-in member, on their own data: visitor 401, member served
//   owner   one member's object: visitor 401, another member and the admin 404 (someone
//           else's ids look missing), the owner served
//   admin   visitor 401, member 403, admin served
// "served" is any answer but 401/403/404 and never a 5xx: bodies here are valid where the route
// reads one, so a served write really happens (DELETEs run last, in table order).
import { ADDRESS } from "./auction";
import type { Expected } from "./matrix";

export type Access = "public" | "token" | "member" | "owner" | "admin";
export type Role = "visitor" | "other" | "owner" | "admin";

/** The ids of the owner's objects (made in the test's beforeAll), by name. */
export interface Fixture {
  ownerId: string;
  projectId: string;
  fileId: string;
  noteId: string;
  playlistId: string;
  itemId: string;
  programId: string;
  programFileId: string;
  applicationId: string;
  chapterId: string;
  productId: string;
  productFileId: string;
  shippingId: string;
  uploadId: string;
  showId: string;
  showSlug: string;
  jobId: string;
  orderId: string;
  /** A campaign on the fixture's program, written straight into D1. */
  campaignId: string;
}

export interface Rule {
  access: Access;
  /** The concrete path, when the route's parameters are not simply the fixture's ids of the same name. */
  path?: (f: Fixture) => string;
  json?: (f: Fixture) => unknown;
  /** Overrides of the access's expectations; `null` skips that caller (say why beside it). */
  expect?: Partial<Record<Role, Expected | null>>;
}

const NONE = "00000000-0000-4000-8000-000000000000";

/** Parameter values by name, for routes whose parameters are the fixture's ids. */
export function params(f: Fixture): Record<string, string> {
  return {
    projectId: f.projectId,
    fileId: f.fileId,
    noteId: f.noteId,
    playlistId: f.playlistId,
    itemId: f.itemId,
    programId: f.programId,
    applicationId: f.applicationId,
    chapterId: f.chapterId,
    productId: f.productId,
    uploadId: f.uploadId,
    jobId: f.jobId,
    slug: f.showSlug,
    userId: f.ownerId,
    token: "not-a-real-token",
    code: "NOSUCHCODE",
  };
}

const SHOW = {
  title: "Matrix show",
  description: "Shows of the matrix",
  author: "M",
  category: "Leisure",
  language: "en",
  explicit: false,
};

/** A licence tier's values, valid for every seller. */
const TIER = {
  name: "Matrix lease",
  price: 10,
  formats: ["mp3"],
  terms: { distributionCopies: null, audioStreams: null, musicVideos: null, radioStations: null, creditLine: "" },
};

export const API_ACCESS: Record<string, Rule> = {
  // Accounts: signing up and in are for visitors; the session is whoever's cookie it is.
  "GET /api/session": { access: "public" },
  "POST /api/session": { access: "public", json: () => ({}) },
  // Signing out as another member would end that caller's session mid-walk.
  "DELETE /api/session": { access: "public", expect: { other: null, owner: null, admin: null } },
  "POST /api/signup/availability": { access: "public", json: () => ({ username: "someone_free" }) },
  "POST /api/signup": { access: "public", json: () => ({}) },
  "POST /api/signup/verify": { access: "public", json: () => ({}) },
  "GET /api/popups/active": { access: "public" },
  "GET /api/get-active-popcustom": { access: "public" },

  // Uploads and project files.
  "POST /api/uploads": {
    access: "owner",
    json: (f) => ({
      purpose: "project-file",
      projectId: f.projectId,
      fileName: "x.png",
      contentType: "image/png",
      size: 100,
    }),
  },
  "GET /api/uploads/:uploadId": { access: "owner" },
  "POST /api/uploads/:uploadId/parts": { access: "owner", json: () => ({ partNumber: 1, etag: "e" }) },
  "POST /api/uploads/:uploadId/complete": { access: "owner" },
  "DELETE /api/uploads/:uploadId": { access: "owner" },
  // A public-read file is anyone's to see, so a visitor is not asked to sign in: a private one is missing.
  "GET /api/files/:fileId": { access: "owner", expect: { visitor: 404 } },
  "POST /api/files/:fileId/download": { access: "owner", expect: { visitor: 404 } },
  "GET /api/projects": { access: "member" },
  "GET /api/projects/:projectId/files": { access: "owner" },
  "PUT /api/files/:fileId/slot": { access: "owner", json: () => ({ slotPosition: "b" }) },
  "POST /api/files/:fileId/notes": { access: "owner", json: () => ({ note: "matrix" }) },
  "DELETE /api/files/:fileId/notes/:noteId": { access: "owner" },
  // Signed links: the token in the path is the authority.
  "PUT /api/storage/put/:token": { access: "token" },
  "GET /api/storage/get/:token": { access: "token" },

  // Shipping.
  "GET /api/shipping": { access: "member" },
  "POST /api/shipping": { access: "member", json: () => ADDRESS },
  "DELETE /api/shipping/:id": { access: "owner", path: (f) => `/api/shipping/${f.shippingId}` },

  // Auction: the gallery is public; offers need a member; listing and judging are the admin's.
  "GET /api/bid-items": { access: "public" },
  "GET /api/bid-items/:code{[A-Z0-9]+}/live": { access: "public" },
  "GET /api/bid-items/:code{[A-Z0-9]+}/photos/:index{[0-9]{1,3}}": {
    access: "public",
    path: () => "/api/bid-items/NOSUCH/photos/0?w=480",
  },
  "HEAD /api/bid-items/:code{[A-Z0-9]+}/photos/:index{[0-9]{1,3}}": {
    access: "public",
    path: () => "/api/bid-items/NOSUCH/photos/0?w=480",
  },
  // No item has the code NOSUCHCODE: past the guards, the answer is 404.
  "POST /api/bid-items/:code{[A-Z0-9]+}/offers": {
    access: "member",
    json: () => ({ amount: 10 }),
    expect: { other: 404 },
  },
  "POST /api/member-items": { access: "member", json: () => ({}) },
  "POST /api/bid-items": { access: "admin", json: () => ({}) },
  "POST /api/bid-items/:code{[A-Z0-9]+}/close": { access: "admin", expect: { admin: 404 } },
  "POST /api/bid-items/:code{[A-Z0-9]+}/offers/:offerId{[0-9]+}/approve": {
    access: "admin",
    path: () => "/api/bid-items/NOSUCHCODE/offers/1/approve",
    expect: { admin: 404 },
  },
  "GET /api/offers": { access: "admin" },
  "GET /api/member-items": { access: "admin" },
  "POST /api/member-items/:id/approve": {
    access: "admin",
    path: () => `/api/member-items/${NONE}/approve`,
    expect: { admin: 404 },
  },
  "POST /api/member-items/:id/deny": {
    access: "admin",
    path: () => `/api/member-items/${NONE}/deny`,
    expect: { admin: 404 },
  },

  // Playlists, programs, chapters.
  "GET /api/playlists": { access: "member" },
  "GET /api/projects/:projectId/playlist": { access: "owner" },
  "POST /api/projects/:projectId/playlist/items": { access: "owner", json: (f) => ({ fileIds: [f.fileId] }) },
  "POST /api/playlists/:playlistId/check-slot": { access: "owner", json: () => ({ slotPosition: "z" }) },
  "PUT /api/playlists/:playlistId/order": { access: "owner", json: (f) => ({ itemIds: [f.itemId] }) },
  "GET /api/playlists/:playlistId/applications": { access: "owner" },
  "PUT /api/playlist-items/:itemId/slot": { access: "owner", json: () => ({ slotPosition: "q" }) },
  "GET /api/programs": { access: "member" },
  "GET /api/programs/titles": { access: "member" },
  "POST /api/programs": { access: "member", json: () => ({ title: "Matrix program" }) },
  // Ids of programs the caller may not edit are dropped from the list, which then is wrong (400) or
  // empty (200, for a caller without programs): never a change, never a 404 to learn from.
  "PUT /api/programs/order": {
    access: "owner",
    json: (f) => ({ programIds: [f.programId] }),
    expect: { other: "answered", admin: "answered" },
  },
  "POST /api/programs/:programId/check-slot": { access: "owner", json: () => ({ slotPosition: "z" }) },
  "PUT /api/program-files/:fileId/slot": {
    access: "owner",
    path: (f) => `/api/program-files/${f.programFileId}/slot`,
    json: () => ({ slotPosition: "d" }),
  },
  "DELETE /api/program-files/:fileId": { access: "owner", path: (f) => `/api/program-files/${f.programFileId}` },
  "POST /api/program-applications/preview": {
    access: "owner",
    json: (f) => ({ programId: f.programId, playlistIds: [f.playlistId] }),
  },
  "POST /api/program-applications": {
    access: "owner",
    json: (f) => ({ programId: f.programId, playlistIds: [f.playlistId] }),
  },
  "POST /api/program-applications/:applicationId/undo": { access: "owner" },
  "GET /api/playlists/:playlistId/chapters": { access: "owner" },
  "POST /api/chapters": { access: "owner", json: (f) => ({ itemId: f.itemId, at: "0:01", title: "Later" }) },
  "PATCH /api/chapters/:chapterId": { access: "owner", json: () => ({ title: "Renamed" }) },
  "DELETE /api/chapters/:chapterId": { access: "owner" },
  "PUT /api/playlist-items/:itemId/chapter": { access: "owner", json: () => ({ title: "Intro" }) },

  // Shows: feeds and episodes are public; managing a show is its owner's.
  "GET /api/shows/:slug/feed.xml": { access: "public" },
  "GET /api/shows/:slug/artwork": { access: "public" },
  "GET /api/shows/:slug/:file{artwork\\.[a-z]+}": {
    access: "public",
    path: (f) => `/api/shows/${f.showSlug}/artwork.jpg`,
  },
  "HEAD /api/shows/:slug/:file{artwork\\.[a-z]+}": {
    access: "public",
    path: (f) => `/api/shows/${f.showSlug}/artwork.jpg`,
  },
  "GET /api/shows/:slug/episodes/:id/audio.mp3": {
    access: "public",
    path: (f) => `/api/shows/${f.showSlug}/episodes/${NONE}/audio.mp3`,
  },
  "HEAD /api/shows/:slug/episodes/:id/audio.mp3": {
    access: "public",
    path: (f) => `/api/shows/${f.showSlug}/episodes/${NONE}/audio.mp3`,
  },
  "GET /api/shows/:slug/episodes/:id/:file{video\\.[a-z0-9]+}": {
    access: "public",
    path: (f) => `/api/shows/${f.showSlug}/episodes/${NONE}/video.mp4`,
  },
  "GET /api/shows/:slug/episodes/:id/:file{cover\\.[a-z]+}": {
    access: "public",
    path: (f) => `/api/shows/${f.showSlug}/episodes/${NONE}/cover.png`,
  },
  "HEAD /api/shows/:slug/episodes/:id/:file{cover\\.[a-z]+}": {
    access: "public",
    path: (f) => `/api/shows/${f.showSlug}/episodes/${NONE}/cover.png`,
  },
  "GET /api/shows/:slug/episodes/:id/chapters.json": {
    access: "public",
    path: (f) => `/api/shows/${f.showSlug}/episodes/${NONE}/chapters.json`,
  },
  // Campaigns (issue 47): the creator's only; the sponsor's report by an unguessable token.
  "GET /api/campaigns": { access: "member" },
  "POST /api/campaigns": { access: "member", json: () => ({}) },
  "GET /api/campaigns/:id": { access: "owner", path: (f) => `/api/campaigns/${f.campaignId}` },
  "PATCH /api/campaigns/:id": {
    access: "owner",
    path: (f) => `/api/campaigns/${f.campaignId}`,
    json: () => ({ sponsorName: "Matrix sponsor" }),
  },
  "GET /api/campaigns/:id/report": { access: "owner", path: (f) => `/api/campaigns/${f.campaignId}/report` },
  "GET /api/campaigns/:id/report.csv": { access: "owner", path: (f) => `/api/campaigns/${f.campaignId}/report.csv` },
  "POST /api/campaigns/:id/share-links": { access: "owner", path: (f) => `/api/campaigns/${f.campaignId}/share-links` },
  // No such link: the owner is told so too.
  "DELETE /api/campaigns/:id/share-links/:shareId": {
    access: "owner",
    path: (f) => `/api/campaigns/${f.campaignId}/share-links/${NONE}`,
    expect: { owner: 404 },
  },
  "DELETE /api/campaigns/:id": { access: "owner", path: (f) => `/api/campaigns/${f.campaignId}` },
  "GET /api/campaign-reports/:token": { access: "token" },
  "GET /api/campaign-reports/:token/report.csv": { access: "token" },
  // Its documents: the insertion order (the fixture's campaign runs on no episode: 400) and delivery reports.
  "GET /api/campaigns/:campaignId/insertion-orders": {
    access: "owner",
    path: (f) => `/api/campaigns/${f.campaignId}/insertion-orders`,
  },
  "POST /api/campaigns/:campaignId/insertion-orders": {
    access: "owner",
    path: (f) => `/api/campaigns/${f.campaignId}/insertion-orders`,
  },
  "GET /api/campaigns/:campaignId/delivery-report.pdf": {
    access: "owner",
    path: (f) => `/api/campaigns/${f.campaignId}/delivery-report.pdf`,
  },
  "GET /api/campaign-reports/:token/delivery-report.pdf": { access: "token" },
  // Anyone may check a delivery report by its code or a copy's hash.
  "GET /api/delivery-reports": { access: "public" },
  "GET /api/delivery-reports/:code": { access: "public" },
  "GET /api/shows": { access: "member" },
  "POST /api/shows": { access: "member", json: () => ({ ...SHOW, slug: `matrix-${crypto.randomUUID().slice(0, 8)}` }) },
  "PUT /api/shows/:id": {
    access: "owner",
    path: (f) => `/api/shows/${f.showId}`,
    json: (f) => ({ ...SHOW, slug: f.showSlug }),
  },
  "POST /api/shows/:id/episodes": {
    access: "owner",
    path: (f) => `/api/shows/${f.showId}/episodes`,
    json: (f) => ({ playlistId: f.playlistId, title: "Matrix episode", description: "Notes" }),
  },
  // No episode of the fixture's show is published: a made-up id answers the owner 404 too.
  "PATCH /api/show-episodes/:id": {
    access: "owner",
    path: () => `/api/show-episodes/${NONE}`,
    json: () => ({ title: "Matrix episode", description: "Notes" }),
    expect: { owner: 404 },
  },
  "PUT /api/show-episodes/:id/published": {
    access: "owner",
    path: () => `/api/show-episodes/${NONE}/published`,
    json: () => ({ published: true }),
    expect: { owner: 404 },
  },
  "DELETE /api/show-episodes/:id": {
    access: "owner",
    path: () => `/api/show-episodes/${NONE}`,
    expect: { owner: 404 },
  },

  // Renders, packages, jobs; the renderer's callbacks carry their own signed token.
  "POST /api/renders": { access: "owner", json: (f) => ({ playlistIds: [f.playlistId] }) },
  "GET /api/renders": { access: "member" },
  "GET /api/renders/status": { access: "member" },
  "POST /api/packages": { access: "owner", json: (f) => ({ playlistIds: [f.playlistId] }) },
  "GET /api/jobs/:jobId": { access: "owner" },
  "POST /api/jobs/:jobId/claim": { access: "token" },
  "POST /api/jobs/:jobId/progress": { access: "token", json: () => ({}) },
  // Development's stand-in for the renderer's pull queue: open locally, 404 in production.
  "POST /api/render-queue/messages/pull": { access: "public", json: () => ({}) },
  "POST /api/render-queue/messages/ack": { access: "public", json: () => ({}) },

  // Community.
  "GET /api/community/form": { access: "public" },
  "POST /api/community/signups": { access: "public", json: () => ({}) },
  "GET /api/admin/community-signups": { access: "admin" },

  // Store: cart, checkout, orders, purchases, licences, payments.
  "GET /api/cart": { access: "member" },
  "POST /api/cart/items": { access: "member", json: () => ({ productId: NONE }), expect: { other: 404 } },
  "DELETE /api/cart/items/:productId": { access: "member", path: () => `/api/cart/items/${NONE}` },
  "DELETE /api/cart": { access: "member" },
  "POST /api/checkout": { access: "member", json: () => ({}) },
  // The admin may look at any order (support), and package it again.
  "GET /api/orders/:id": { access: "owner", path: (f) => `/api/orders/${f.orderId}`, expect: { admin: "served" } },
  "POST /api/orders/:id/package": {
    access: "owner",
    path: (f) => `/api/orders/${f.orderId}/package`,
    expect: { admin: "served" },
  },
  "GET /api/purchases": { access: "member" },
  "POST /api/purchases/free": { access: "member", json: () => ({ productId: NONE }), expect: { other: 404 } },
  "GET /api/licences/:code": { access: "public" },
  // Stripe's call: the signature header is the authority.
  "POST /api/payments/webhook": { access: "token", json: () => ({}) },
  // The local payment provider's card form: the client secret is the authority, as with Stripe.
  "POST /api/payments/test/confirm": { access: "token", json: () => ({}) },
  "GET /api/products": { access: "member" },
  "POST /api/products": { access: "member", json: () => ({}) },
  "PATCH /api/products/:productId": { access: "owner", json: () => ({ title: "Taken" }) },
  "DELETE /api/products/:productId/cover": { access: "owner" },
  "DELETE /api/products/:productId/files/:fileId": {
    access: "owner",
    path: (f) => `/api/products/${f.productId}/files/${f.productFileId}`,
  },
  // Licence tiers, templates and discount codes (ADR 044): a made-up tier or code answers the owner 404 too.
  "POST /api/products/:productId/tiers": { access: "owner", json: () => ({ template: "mp3-lease" }) },
  "PUT /api/products/:productId/tiers/:tierId": {
    access: "owner",
    path: (f) => `/api/products/${f.productId}/tiers/${NONE}`,
    json: () => TIER,
    expect: { owner: 404 },
  },
  "DELETE /api/products/:productId/tiers/:tierId": {
    access: "owner",
    path: (f) => `/api/products/${f.productId}/tiers/${NONE}`,
    expect: { owner: 404 },
  },
  // Beat details, the sales view and its CSV (issue 33); a preview play is counted for anyone.
  "PUT /api/products/:productId/details": {
    access: "owner",
    json: () => ({ genre: null, mood: null, musicalKey: null, bpm: null, tags: [] }),
  },
  "GET /api/sales": { access: "member" },
  "GET /api/sales.csv": { access: "member" },
  // Free downloads for an e-mail (ADR 055): anyone may ask (the fixture's beat is not free: 409); the seller's leads.
  "POST /api/products/:productId/free-download": {
    access: "public",
    json: () => ({ email: "fan@example.com", consent: true }),
  },
  "GET /api/free-downloads": { access: "member" },
  // The seller's per-beat switch and a direct free download (ADR 062): the fixture's beat is not free (409).
  "PUT /api/products/:productId/free-delivery": { access: "owner", json: () => ({ asksEmail: false }) },
  "GET /api/products/:productId/free-files/:fileId": {
    access: "public",
    path: (f) => `/api/products/${f.productId}/free-files/${f.productFileId}`,
  },
  "POST /api/products/:productId/plays": { access: "public" },
  "GET /api/licence-templates": { access: "member" },
  "PUT /api/licence-templates/:template": {
    access: "member",
    path: () => "/api/licence-templates/mp3-lease",
    json: () => TIER,
  },
  "GET /api/discounts": { access: "member" },
  "POST /api/discounts": {
    access: "member",
    json: () => ({ kind: "percent", value: 10, code: `M${crypto.randomUUID().slice(0, 8)}` }),
  },
  "DELETE /api/discounts/:id": { access: "owner", path: () => `/api/discounts/${NONE}`, expect: { owner: 404 } },
  "GET /api/voice-tag": { access: "member" },
  "DELETE /api/voice-tag": { access: "member" },
  "GET /api/sellers/:userId/products": { access: "public" },

  // Beat battle, fundraiser, FarmerTV.
  "GET /api/beat-battle": { access: "public" },
  "GET /api/beat-battle/gallery": { access: "public" },
  "GET /api/beat-battle/gallery/files/:fileId": {
    access: "public",
    path: () => `/api/beat-battle/gallery/files/${NONE}`,
  },
  "POST /api/beat-battle/entries": { access: "member", json: () => ({}) },
  "GET /api/beat-battle/entries": { access: "member" },
  "GET /api/admin/beat-battle/entries": { access: "admin" },
  "GET /api/admin/beat-battle/files/:fileId": {
    access: "admin",
    path: () => `/api/admin/beat-battle/files/${NONE}`,
    expect: { admin: 404 },
  },
  "PUT /api/admin/beat-battle": { access: "admin", json: () => ({}) },
  "PUT /api/admin/beat-battle/reveal": { access: "admin", json: () => ({}) },
  "GET /api/fundraiser": { access: "public" },
  "POST /api/fundraiser/donations": { access: "public", json: () => ({}) },
  "GET /api/episodes/feed.xml": { access: "public" },
  "GET /api/episodes": { access: "public" },
  "GET /api/episodes/:id/video": { access: "public", path: () => `/api/episodes/${NONE}/video` },
  "GET /api/episodes/:id/cover": { access: "public", path: () => `/api/episodes/${NONE}/cover` },
  "GET /api/episodes/:id/:file{cover\\.[a-z]+}": { access: "public", path: () => `/api/episodes/${NONE}/cover.png` },
  "HEAD /api/episodes/:id/:file{cover\\.[a-z]+}": { access: "public", path: () => `/api/episodes/${NONE}/cover.png` },
  // Any member uploads FarmerTV episodes (seed 001); each edits only their own; the admin hides any.
  "POST /api/episodes": { access: "member", json: () => ({}) },
  "PATCH /api/episodes/:id": {
    access: "owner",
    path: () => `/api/episodes/${NONE}`,
    json: () => ({ title: "T" }),
    expect: { owner: 404 },
  },
  "DELETE /api/episodes/:id": { access: "owner", path: () => `/api/episodes/${NONE}`, expect: { owner: 404 } },
  "PUT /api/admin/episodes/:id/hidden": {
    access: "admin",
    path: () => `/api/admin/episodes/${NONE}/hidden`,
    json: () => ({ hidden: true }),
    expect: { admin: 404 },
  },

  // Admin.
  "GET /api/admin/summary": { access: "admin" },
  "GET /api/admin/users": { access: "admin" },
  "GET /api/admin/popups": { access: "admin" },
  "POST /api/admin/popups": { access: "admin", json: () => ({ header: "Matrix" }) },
  "PUT /api/admin/popups/active": { access: "admin", json: () => ({ popCustomId: NONE }), expect: { admin: 404 } },
  "DELETE /api/admin/popups/:id": { access: "admin", path: () => `/api/admin/popups/${NONE}`, expect: { admin: 404 } },

  // Teams and signing.
  "GET /api/invitations/:token": { access: "token" },
  "GET /api/:kind{projects|programs|shows}/:id/members": {
    access: "owner",
    path: (f) => `/api/projects/${f.projectId}/members`,
  },
  "POST /api/:kind{projects|programs|shows}/:id/invitations": {
    access: "owner",
    path: (f) => `/api/programs/${f.programId}/invitations`,
    json: () => ({ email: "matrix@example.com", role: "viewer" }),
  },
  "DELETE /api/:kind{projects|programs|shows}/:id/invitations/:invitationId": {
    access: "owner",
    path: (f) => `/api/projects/${f.projectId}/invitations/${NONE}`,
    expect: { owner: 404 },
  },
  "PUT /api/:kind{projects|programs|shows}/:id/members/:userId": {
    access: "owner",
    path: (f) => `/api/projects/${f.projectId}/members/${NONE}`,
    json: () => ({ role: "editor" }),
    expect: { owner: 404 },
  },
  "DELETE /api/:kind{projects|programs|shows}/:id/members/:userId": {
    access: "owner",
    path: (f) => `/api/projects/${f.projectId}/members/${NONE}`,
    expect: { owner: 404 },
  },
  "GET /api/projects/:projectId/activity": { access: "owner" },
  "POST /api/invitations/:token/accept": { access: "member", expect: { other: 404, owner: 404, admin: 404 } },
  "GET /api/sign/:token": { access: "token" },
  "POST /api/sign/:token": { access: "token", json: () => ({}) },
  // Anyone may ask whether a document's hash is a signed one.
  "GET /api/signatures": { access: "public" },
  "POST /api/signatures/check": { access: "public", json: () => ({}) },
  "GET /api/signatures/:code": { access: "public" },
  "GET /api/projects/:projectId/signature-requests": { access: "owner" },
  "POST /api/projects/:projectId/signature-requests": {
    access: "owner",
    json: (f) => ({ fileId: f.fileId, signers: ["signer@example.com"] }),
  },
  "POST /api/signature-requests/:requestId/void": {
    access: "owner",
    path: () => `/api/signature-requests/${NONE}/void`,
    expect: { owner: 404 },
  },

  // Development only (mounted when ENVIRONMENT=development, as in these tests; 404 in production).
  "POST /api/dev/seed": { access: "public" },
  "GET /api/dev/mail": { access: "public" },
  "POST /api/dev/bid-items/:code{[A-Z0-9]+}/ping": { access: "public" },

  // Parents last: deleting one takes its children (items, chapters, files, product files) with it.
  "DELETE /api/playlist-items/:itemId": { access: "owner" },
  "DELETE /api/programs/:programId": { access: "owner" },
  "DELETE /api/products/:productId": { access: "owner" },
  "DELETE /api/files/:fileId": { access: "owner" },
  "DELETE /api/projects/:projectId": { access: "owner" },
};

/**
 * Pages (app/routes.ts), by path. A visitor on a member page is sent to /signin (302); members
 * on an admin page get 403; someone else's object is 404. "served" for a page means 200.
 */
export const PAGE_ACCESS: Record<string, Rule> = {
  "/": { access: "public" },
  signup: { access: "public" },
  signin: { access: "public" },
  signout: { access: "public" },
  contact: { access: "public" },
  community: { access: "public" },
  error: { access: "public" },
  authenticated: { access: "member" },
  settings: { access: "member" },
  theAdministrator: { access: "admin" },
  "dev/mail": { access: "public" },
  "dev/ui": { access: "public" },
  editmedia: { access: "public" },
  bidgallery: { access: "public" },
  // No lot has the code NOSUCHCODE.
  "bidgallery/:code": { access: "public", expect: { visitor: 404 } },
  beatbattle: { access: "public" },
  fundraiser: { access: "public" },
  farmereps: { access: "public" },
  "farmereps/:episodeId": { access: "public", path: () => `/farmereps/${NONE}`, expect: { visitor: 404 } },
  "digiprev/:userId": { access: "public" },
  // The fixture's product and file are private, and no licence has the code NOSUCHCODE.
  "digiprev/:userId/:productId": { access: "public", expect: { visitor: 404 } },
  "bigfile/:fileId": { access: "public", expect: { visitor: 404 } },
  "licence/:code": { access: "public", expect: { visitor: 404 } },
  "free/:token": { access: "token" },
  "invitations/:token": { access: "token" },
  "sign/:token": { access: "token" },
  "verify/:code?": { access: "public", path: () => "/verify" },
  "projects/:projectId": { access: "owner" },
  programming: { access: "member" },
  "programming/:programId/team": { access: "owner" },
  playselect: { access: "member" },
  renderfiles: { access: "member" },
  digistore: { access: "member" },
  digimanager: { access: "member" },
  "digimanager/sales": { access: "member" },
  "digimanager/:productId": { access: "owner" },
  // Another member's checkout link sends them to their own cart.
  "checkOut/:userId": { access: "owner", expect: { other: 302, admin: 302 } },
  purchases: { access: "member" },
  beatbin: { access: "member" },
  farmertv: { access: "member" },
  shows: { access: "member" },
  "shows/:slug": { access: "public" },
  "shows/:slug/manage": { access: "owner" },
  "shows/:slug/stats": { access: "owner" },
  "shows/:slug/team": { access: "owner" },
  campaigns: { access: "member" },
  "campaigns/new": { access: "member" },
  "campaigns/:campaignId": { access: "owner", path: (f) => `/campaigns/${f.campaignId}` },
  "campaign-reports/:token": { access: "token" },
  "shows/:slug/episodes/:id": {
    access: "public",
    path: (f) => `/shows/${f.showSlug}/episodes/${NONE}`,
    expect: { visitor: 404 },
  },
  dropzone: { access: "member" },
  webpopup: { access: "public" },
  createBid: { access: "admin" },
  memBid: { access: "admin" },
  memitem: { access: "admin" },
  popcustom: { access: "admin" },
  "*": { access: "public", path: () => "/no-such-page-anywhere", expect: { visitor: 404 } },
};
