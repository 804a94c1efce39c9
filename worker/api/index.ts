// The JSON API under /api: one sub-app per domain folder, chained so `hc<Api>` infers every route.
// Guards live on each route (`memberApi` / `adminApi` in ./context), so the mount order below is
// free and every area mounts at "/" with its full resource paths.
import { Hono } from "hono";
import { isDevelopment } from "../config";
import { NotFound } from "../domain/errors";
import { accountsApi } from "./accounts";
import { adminUsersApi } from "./admin";
import { auctionApi, offerApi } from "./auction";
import { beatBattleApi } from "./beatbattle";
import { campaignDocumentsApi } from "./campaign-documents";
import { campaignsApi } from "./campaigns";
import { chaptersApi } from "./chapters";
import { checkoutApi } from "./checkout";
import { communityApi } from "./community";
import { type AppEnv, withSession } from "./context";
import { devApi } from "./dev";
import { errorResponse, finishError } from "./errors";
import { farmerTvApi } from "./farmertv";
import { filesApi } from "./files";
import { fundraiserApi } from "./fundraiser";
import { jobsApi } from "./jobs";
import { packagesApi } from "./packages";
import { paymentsApi } from "./payments";
import { playlistsApi } from "./playlists";
import { popupsApi } from "./popups";
import { productsApi } from "./products";
import { programsApi } from "./programs";
import { rendersApi } from "./renders";
import { shippingApi } from "./shipping";
import { showsApi } from "./shows";
import { signingApi } from "./signing";
import { storageApi } from "./storage";
import { teamsApi } from "./teams";
import { uploadsApi } from "./uploads";

const developmentOnly = new Hono<AppEnv>().use(async (c, next) => {
  if (!isDevelopment(c.env)) throw new NotFound();
  await next();
});

export const api = new Hono<AppEnv>()
  .basePath("/api")
  .use(async (c, next) => {
    await next();
    c.res = await finishError(c.req.raw, c.res);
  })
  // Before the session middleware: an offer checks its session in its own D1 batch (ADR 028).
  .route("/", offerApi)
  .use(withSession)
  .route("/", accountsApi)
  .route("/", popupsApi)
  .route("/", uploadsApi)
  .route("/", filesApi)
  .route("/", storageApi)
  .route("/", shippingApi)
  .route("/", auctionApi)
  .route("/", playlistsApi)
  .route("/", programsApi)
  .route("/", showsApi)
  .route("/", campaignsApi)
  .route("/", rendersApi)
  .route("/", packagesApi)
  .route("/", jobsApi)
  .route("/", communityApi)
  .route("/", checkoutApi)
  .route("/", paymentsApi)
  .route("/", chaptersApi)
  .route("/", productsApi)
  .route("/", beatBattleApi)
  .route("/", fundraiserApi)
  .route("/", farmerTvApi)
  .route("/", adminUsersApi)
  .route("/", teamsApi)
  .route("/", signingApi)
  .route("/", campaignDocumentsApi)
  .route("/dev", developmentOnly.route("/", devApi))
  .onError((error) => errorResponse(error))
  .notFound(() => errorResponse(new NotFound()));

export type Api = typeof api;
