// Who may call what, checked from the route tables themselves: every API route Hono knows and
// every page of app/routes.ts must have an entry in tests/workers/route-access.ts, and each entry
// is called as a visitor, another member, the admin and the owner of the objects it names.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADDRESS } from "../tests/workers/auction";
import { call, type Member, signUp, signUpAdmin } from "../tests/workers/http";
import { type Callers, type Expected, expectMatrix, type Matrix } from "../tests/workers/matrix";
import { addToPlaylist, playlistOf, programWith, projectWith } from "../tests/workers/playlists";
import { createProduct } from "../tests/workers/products";
import {
  type Access,
  API_ACCESS,
  type Fixture,
  PAGE_ACCESS,
  params,
  type Role,
  type Rule,
} from "../tests/workers/route-access";
import { addToCart, insertProduct, payCart } from "../tests/workers/store";
import { sign } from "../tests/workers/uploads";
import { api } from "./api/index";
import { database } from "./db/client";
import { campaigns, jobs, productFiles, programFiles } from "./db/schema";

const db = database(env.DB);
const TABLE = "tests/workers/route-access.ts";

/** `METHOD /path` of every API route; middleware (Hono lists it as `ALL …/*`) is not a route. */
export function apiRoutes(): string[] {
  const keys = api.routes
    .filter((route) => !(route.method === "ALL" && route.path.endsWith("/*")))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)];
}

/** The path of every page as app/routes.ts declares it ("/" for the index). */
export async function pagePaths(): Promise<string[]> {
  const build = await import("virtual:react-router/server-build");
  const routes = build.routes as Record<string, { path?: string; index?: boolean; parentId?: string }>;
  const full = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId && route.parentId !== "root" ? full(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(routes)
    .filter((id) => id !== "root" && (routes[id]!.path !== undefined || routes[id]!.index))
    .map((id) => full(id) || "/");
}

/** What names a route has in the table that the table lacks, and entries for routes that are gone. */
export function tableGaps(routes: string[], table: Record<string, Rule>, kind: string) {
  const missing = routes.filter((key) => !(key in table));
  const stale = Object.keys(table).filter((key) => !routes.includes(key));
  const lines = [
    ...missing.map(
      (key) =>
        `  missing ${kind}: ${JSON.stringify(key)}: { access: "public" | "member" | "owner" | "admin" | "token" },`,
    ),
    ...stale.map((key) => `  stale ${kind} (no such route any more): ${JSON.stringify(key)}`),
  ];
  return lines.length === 0
    ? ""
    : `${TABLE} has no entry for these (add each, with who may call it):\n${lines.join("\n")}`;
}

const API_EXPECT: Record<Access, Matrix> = {
  public: { visitor: "answered" },
  token: { visitor: "refused" },
  member: { visitor: 401, other: "served" },
  owner: { visitor: 401, other: 404, admin: 404, owner: "served" },
  admin: { visitor: 401, other: 403, admin: "served" },
};

const PAGE_EXPECT: Record<Access, Matrix> = {
  public: { visitor: 200 },
  token: { visitor: "answered" },
  member: { visitor: 302, other: 200 },
  owner: { visitor: 302, other: 404, admin: 404, owner: 200 },
  admin: { visitor: 302, other: 403, admin: 200 },
};

function matrixOf(rule: Rule, defaults: Record<Access, Matrix>): Matrix {
  const matrix: Matrix = { ...defaults[rule.access] };
  for (const [role, want] of Object.entries(rule.expect ?? {}) as [Role, Expected | null][]) {
    if (want === null) delete matrix[role];
    else matrix[role] = want;
  }
  return matrix;
}

/** The route's path with the fixture's ids in place of its parameters (`:name`, `:name{re}`, `:name?`). */
function concrete(key: string, rule: Rule, fixture: Fixture, prefix = ""): string {
  if (rule.path) return rule.path(fixture);
  const path = key.includes(" ") ? key.slice(key.indexOf(" ") + 1) : `${prefix}${key === "/" ? "" : key}`;
  const values = params(fixture);
  return path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${TABLE}: ${key} has the parameter :${name}, and no fixture value: give it a path()`);
    return value;
  });
}

let owner: Member;
let other: Member;
let admin: Member;
let fixture: Fixture;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([signUp(), signUp(), signUpAdmin()]);
  const { projectId, fileIds } = await projectWith(owner.cookie, ["audio", "audio"], "Matrix_project");
  await addToPlaylist(owner.cookie, projectId, [fileIds[0]!]);
  const playlist = await playlistOf(owner.cookie, projectId);
  const programId = await programWith(owner.cookie, ["a"], "audio");
  const [programFile] = await db.select().from(programFiles).where(eq(programFiles.programId, programId));
  const applied = await call("/api/program-applications", {
    cookie: owner.cookie,
    json: { programId, playlistIds: [playlist.id] },
  });
  const note = await call(`/api/files/${fileIds[0]}/notes`, { cookie: owner.cookie, json: { note: "keep" } });
  const chapter = await call("/api/chapters", {
    cookie: owner.cookie,
    json: { itemId: playlist.items[0].id, at: "0:02", title: "Middle" },
  });
  const { productId } = await createProduct(owner.cookie, { accessType: "private" });
  const [productFile] = await db.select().from(productFiles).where(eq(productFiles.productId, productId));
  const shipping = await call("/api/shipping", { cookie: owner.cookie, json: ADDRESS });
  const upload = await sign(owner.cookie, { fileName: "a.png", contentType: "image/png", size: 100, projectId });
  const slug = `matrix-${crypto.randomUUID().slice(0, 8)}`;
  const show = await call("/api/shows", {
    cookie: owner.cookie,
    json: {
      title: "Matrix",
      slug,
      description: "D",
      author: "A",
      category: "Leisure",
      language: "en",
      explicit: false,
    },
  });
  const [job] = await db.select().from(jobs).where(eq(jobs.userId, owner.user.id)).limit(1);
  await addToCart(owner.cookie, await insertProduct(admin.user.id));
  const { checkout } = await payCart(owner.cookie);
  const campaignId = crypto.randomUUID();
  await db.insert(campaigns).values({
    id: campaignId,
    userId: owner.user.id,
    programId,
    sponsorName: "Matrix sponsor",
    sponsorEmail: "sponsor@example.com",
  });
  const answers = { applied, note, chapter, shipping, upload, show };
  for (const [name, response] of Object.entries(answers)) {
    expect(response.status, `fixture ${name}: ${await response.clone().text()}`).toBeLessThan(300);
  }
  fixture = {
    ownerId: owner.user.id,
    projectId,
    fileId: fileIds[0]!,
    noteId: (await note.json<any>()).note.id,
    playlistId: playlist.id,
    itemId: playlist.items[0].id,
    programId,
    programFileId: programFile!.id,
    applicationId: (await applied.json<any>()).applications[0].applicationId,
    chapterId: (await chapter.json<any>()).id,
    productId,
    productFileId: productFile!.id,
    shippingId: (await shipping.json<any>()).address.id,
    uploadId: (await upload.json<any>()).uploadId,
    showId: (await show.json<any>()).show.id,
    showSlug: slug,
    jobId: job!.id,
    orderId: checkout.orderId,
    campaignId,
  };
}, 120_000);

const callers = (): Callers => ({ other: other.cookie, admin: admin.cookie, owner: owner.cookie });

/** Runs each entry's matrix; collects every failure, so one run names all that disagree. */
async function walk(entries: [string, Rule][], defaults: Record<Access, Matrix>, prefix: string) {
  const failures: string[] = [];
  // Writes that remove things run last, in table order, so earlier entries still find their objects.
  const ordered = [
    ...entries.filter(([key]) => !key.startsWith("DELETE ")),
    ...entries.filter(([key]) => key.startsWith("DELETE ")),
  ];
  for (const [key, rule] of ordered) {
    try {
      const method = key.includes(" ") ? key.slice(0, key.indexOf(" ")) : "GET";
      const path = concrete(key, rule, fixture, prefix);
      await expectMatrix([[method, path, rule.json?.(fixture)]], matrixOf(rule, defaults), callers());
    } catch (error) {
      failures.push(`${key} (${rule.access}): ${(error as Error).message.split("\n")[0]}`);
    }
  }
  return failures;
}

describe("the route-table access matrix", () => {
  it("has an entry for every API route and every page, and none for routes that are gone", async () => {
    const gaps = [tableGaps(apiRoutes(), API_ACCESS, "API route"), tableGaps(await pagePaths(), PAGE_ACCESS, "page")];
    expect(gaps.filter(Boolean).join("\n")).toBe("");
  });

  it("answers every page as its entry says", async () => {
    const paths = await pagePaths();
    const entries = Object.entries(PAGE_ACCESS).filter(([key]) => paths.includes(key));
    expect(await walk(entries, PAGE_EXPECT, "/")).toEqual([]);
  }, 300_000);

  it("answers every API route as its entry says, for a visitor, another member, the admin and the owner", async () => {
    const entries = Object.entries(API_ACCESS).filter(([key]) => apiRoutes().includes(key));
    expect(await walk(entries, API_EXPECT, "")).toEqual([]);
  }, 300_000);
});
