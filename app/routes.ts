// Every route of both seeds. React Router matches paths case-insensitively,
// so `/checkOut/…`, `/createBid` and `/theAdministrator` also answer in lower
// case. Pages of later features render a short "coming soon" body, but their
// guards (member, admin) already apply.
import { index, type RouteConfig, route } from "@react-router/dev/routes";

type Access = "member";
const planned = (path: string, access: Access) =>
  route(path, `routes/planned.${access}.tsx`, { id: `planned ${path}` });

export default [
  index("routes/home.tsx"),
  route("signup", "routes/signup.tsx"),
  route("signin", "routes/signin.tsx"),
  route("signout", "routes/signout.tsx"),
  route("contact", "routes/contact.tsx"),
  route("community", "routes/community.tsx"),
  route("error", "routes/error.tsx"),
  route("authenticated", "routes/member-home.tsx"),
  route("settings", "routes/settings.tsx"),
  route("theAdministrator", "routes/the-administrator.tsx"),
  route("dev/mail", "routes/dev.mail.tsx"),
  route("dev/ui", "routes/dev.ui.tsx"),

  route("editmedia", "routes/editmedia.tsx"),
  route("bidgallery", "routes/bidgallery.tsx"),
  route("beatbattle", "routes/beatbattle.tsx"),
  route("fundraiser", "routes/fundraiser.tsx"),
  route("farmereps", "routes/farmereps.tsx"),
  route("farmereps/:episodeId", "routes/farmereps-episode.tsx"),
  route("digiprev/:userId", "routes/digiprev.tsx"),
  route("digiprev/:userId/:productId", "routes/digiprev-product.tsx"),
  route("bigfile/:fileId", "routes/file-view.tsx"),
  route("licence/:code", "routes/licence.tsx"),
  route("invitations/:token", "routes/invitation.tsx"),
  route("sign/:token", "routes/sign.tsx"),
  route("verify/:code?", "routes/verify.tsx"),

  route("projects/:projectId", "routes/project.tsx"),
  route("programming", "routes/programming.tsx"),
  route("programming/:programId/team", "routes/program-team.tsx"),
  route("playselect", "routes/playselect.tsx"),
  route("renderfiles", "routes/renderfiles.tsx"),
  route("digistore", "routes/digistore.tsx"),
  route("digimanager", "routes/digimanager.tsx"),
  route("checkOut/:userId", "routes/checkout.tsx"),
  route("purchases", "routes/purchases.tsx"),
  route("beatbin", "routes/beatbin.tsx"),
  route("farmertv", "routes/farmertv.tsx"),
  route("dropzone", "routes/dropzone.tsx"),
  route("shows", "routes/shows.tsx"),
  route("shows/:slug", "routes/show.tsx"),
  route("shows/:slug/manage", "routes/show-manage.tsx"),
  route("shows/:slug/stats", "routes/show-stats.tsx"),
  route("shows/:slug/episodes/:id", "routes/show-episode.tsx"),
  planned("webpopup", "member"),

  route("createBid", "routes/create-bid.tsx"),
  route("memBid", "routes/member-item-entry.tsx"),
  route("memitem", "routes/member-items.tsx"),
  route("popcustom", "routes/popcustom.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
