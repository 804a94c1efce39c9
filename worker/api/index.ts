// The JSON API under /api: one sub-app per area, chained so `hc<Api>` infers every route.
import { Hono } from "hono";
import { isDevelopment } from "../config";
import { NotFound } from "../domain/errors";
import { accounts } from "./accounts";
import { admin } from "./admin";
import { auction } from "./auction";
import { beatBattle } from "./beatbattle";
import { chaptersApi } from "./chapters";
import { checkoutApi } from "./checkout";
import { community } from "./community";
import { type AppEnv, withSession } from "./context";
import { dev } from "./dev";
import { asJsonError, errorResponse } from "./errors";
import { farmerTv } from "./farmertv";
import { filesApi } from "./files";
import { fundraiser } from "./fundraiser";
import { paymentsApi } from "./payments";
import { playlistsApi } from "./playlists";
import { popups } from "./popups";
import { productsApi } from "./products";
import { shipping } from "./shipping";
import { storage } from "./storage";
import { uploadsApi } from "./uploads";

const developmentOnly = new Hono<AppEnv>().use(async (c, next) => {
  if (!isDevelopment(c.env)) throw new NotFound();
  await next();
});

export const api = new Hono<AppEnv>()
  .basePath("/api")
  .use(async (c, next) => {
    await next();
    c.res = await asJsonError(c.res);
  })
  .use(withSession)
  .route("/", accounts)
  .route("/", popups)
  .route("/", uploadsApi)
  .route("/", filesApi)
  .route("/", storage)
  .route("/", shipping)
  .route("/", auction)
  .route("/", playlistsApi)
  .route("/", community)
  .route("/", checkoutApi)
  .route("/", paymentsApi)
  .route("/", chaptersApi)
  .route("/", productsApi)
  .route("/", beatBattle)
  .route("/", fundraiser)
  .route("/", farmerTv)
  .route("/admin", admin)
  .route("/dev", developmentOnly.route("/", dev))
  .onError((error) => errorResponse(error))
  .notFound(() => errorResponse(new NotFound()));

export type Api = typeof api;
