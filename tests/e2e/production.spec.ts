// The production build with ENVIRONMENT=production (`scripts/start.mjs --production`: what
// `wrangler deploy` uploads, run locally by wrangler): the development stand-ins are not served
// there, and the test payment provider cannot be chosen. Each request is also sent to the e2e
// server (the same build with ENVIRONMENT=development), where it IS served, so a gate that stopped
// telling the two apart fails here.
import { execFileSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { inflateSync } from "node:zlib";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { PRODUCTION_STATE, productionURL } from "./servers";

const json = { "content-type": "application/json" };

/** Bodies that pass each route's own validation, so only the gate can answer 404. */
const DEV_ONLY: { method: "GET" | "POST"; path: string; body?: unknown }[] = [
  { method: "GET", path: "/dev/mail" },
  { method: "GET", path: "/api/dev/mail" },
  { method: "POST", path: "/api/dev/seed" },
  { method: "POST", path: "/api/render-queue/messages/pull", body: { batch_size: 1, visibility_timeout_ms: 1 } },
  { method: "POST", path: "/api/render-queue/messages/ack", body: { acks: [], retries: [] } },
  {
    method: "POST",
    path: "/api/payments/test/confirm",
    body: { clientSecret: "pi_x_secret_y", card: { number: "4242424242424242", expiry: "12/34", cvc: "123" } },
  },
  { method: "POST", path: "/api/payments/test/confirm", body: {} },
];

let production: APIRequestContext;

test.beforeAll(async () => {
  production = await playwrightRequest.newContext({
    baseURL: productionURL,
    extraHTTPHeaders: { origin: productionURL },
  });
});
test.afterAll(async () => {
  await production.dispose();
});

async function send(context: APIRequestContext, route: (typeof DEV_ONLY)[number], origin: string) {
  const headers = { origin, ...(route.body ? json : {}) };
  return route.method === "GET"
    ? context.get(route.path, { headers, maxRedirects: 0 })
    : context.post(route.path, { headers, data: route.body, maxRedirects: 0 });
}

test("the production build is a working app", async () => {
  const session = await production.get("/api/session");
  expect(session.status()).toBe(200);
  const landing = await production.get("/");
  expect(landing.status()).toBe(200);
  expect(await landing.text()).toContain("<html");
});

test("development routes are not served in production", async ({ request, baseURL }) => {
  for (const route of DEV_ONLY) {
    const label = `${route.method} ${route.path} ${JSON.stringify(route.body ?? "")}`;
    const answer = await send(production, route, productionURL);
    expect(answer.status(), `production: ${label}`).toBe(404);
    // The development server answers these (anything but 404), so the 404 above is the gate's.
    if (route.path !== "/api/payments/test/confirm" || route.body) {
      const served = await send(request, route, new URL(baseURL!).origin);
      expect(served.status(), `development: ${label}`).not.toBe(404);
    }
  }
});

test("the test payment provider cannot be selected in production", async ({ request }) => {
  // Development without Stripe keys shows the test provider's card fields and banner.
  const development = await (await request.get("/fundraiser")).text();
  expect(development).toContain("TEST MODE");

  const page = await production.get("/fundraiser");
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).not.toContain("TEST MODE");
  expect(html).not.toContain('"provider":"test"');
  // Without Stripe's keys production takes no payment at all: the seed's message, no card form.
  expect(html).toContain("Unable to initialize donation payment.");

  // Starting a donation makes no test intent: there is no provider to make one.
  const donation = await production.post("/api/fundraiser/donations", {
    headers: { ...json, origin: productionURL },
    data: { preset: "5", email: "donor@example.com", name: "Donor", nameOnCard: "Donor" },
  });
  expect(donation.status()).not.toBe(201);
  expect(donation.status()).toBeLessThan(600);
  expect(await donation.text()).not.toContain("secret");
});

// The production build's stand-ins for library internals (vite.config.ts aliases: pdf-lib's PNG
// decoder and unused font metrics) are exercised with real data, beside the FarmerTV feed:
// a published episode in the feed, and a licence PDF made by the purchase job. Production takes
// uploads only straight into R2's S3 endpoint, out of reach here, so the rows and objects an upload
// would have left are written into the production server's own local D1 and R2 (wrangler, as
// `bench:stitch` does); everything after that (sign-in, the free purchase, the queue's purchase
// job, the PDF, the feed) is the production build's own.
test.describe("the production build's feed and licence PDF", () => {
  const id = crypto.randomUUID().slice(0, 8);
  const seller = { id: `prod-seller-${id}`, email: `prod-seller-${id}@example.com` };
  const buyer = { id: `prod-buyer-${id}`, email: `prod-buyer-${id}@example.com`, password: `buyer-${id}-password` };
  const productId = `prod-product-${id}`;
  const episode = { id: `prod-episode-${id}`, title: `Production episode ${id}`, size: 48_213 };
  const take = `Production take ${id}`;

  test.beforeAll(() => {
    test.setTimeout(120_000);
    const hash = passwordHash(buyer.password);
    const folder = mkdtempSync(join(tmpdir(), "production-spec-"));
    try {
      const video = join(folder, "episode.mp4");
      const audio = join(folder, "take.mp3");
      const mp4 = Buffer.alloc(episode.size);
      mp4.set([0, 0, 0, 0x20, ...Buffer.from("ftypisom")]);
      writeFileSync(video, mp4);
      writeFileSync(audio, Buffer.concat([Buffer.from("ID3"), Buffer.alloc(4093, 7)]));
      const videoKey = `users/${seller.id}/farmertv/${id}-episode.mp4`;
      const audioKey = `users/${seller.id}/digiStore/${productId}/audioFiles/${id}-take.mp3`;
      r2Put(videoKey, video);
      r2Put(audioKey, audio);
      d1(`
        INSERT INTO users (id, name, username, email, password_hash, verified) VALUES
          ('${seller.id}', 'Production Seller', 'prodseller${id}', '${seller.email}', '${hash}', 1),
          ('${buyer.id}', 'Production Buyer', 'prodbuyer${id}', '${buyer.email}', '${hash}', 1);
        INSERT INTO products (id, user_id, title, description, price_cents, license_type, access_type)
          VALUES ('${productId}', '${seller.id}', '${take}', 'A free take.', 0, 'free', 'public-read');
        INSERT INTO product_files (id, product_id, user_id, key, file_name, content_type, size)
          VALUES ('prod-file-${id}', '${productId}', '${seller.id}', '${audioKey}', 'take.mp3', 'audio/mpeg', 4096);
        INSERT INTO show_episodes (id, show_id, user_id, title, description, publish_at, guid, media_key, media_file_name,
                                   media_content_type, media_size)
          VALUES ('${episode.id}', 'farmertv', '${seller.id}', '${episode.title}', 'Filmed for the production test.',
                  ${Date.now() - 60_000}, '${episode.id}', '${videoKey}', 'episode.mp4', 'video/mp4', ${episode.size});
      `);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test("the feed parses and carries the published episode with its true enclosure", async () => {
    const feed = await production.get("/api/episodes/feed.xml");
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("application/rss+xml");
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(await feed.text());
    expect(parsed.rss["@_version"]).toBe("2.0");
    const items = [parsed.rss.channel.item].flat();
    const item = items.find((i: { guid: unknown }) => JSON.stringify(i.guid).includes(episode.id));
    expect(item, "the published episode is in the feed").toBeTruthy();
    expect(item.title).toBe(episode.title);
    expect(item.enclosure["@_url"]).toBe(`${productionURL}/api/shows/farmertv/episodes/${episode.id}/video.mp4`);
    expect(item.enclosure["@_length"]).toBe(String(episode.size));
    expect(item.enclosure["@_type"]).toBe("video/mp4");
  });

  test("a free purchase gets a licence PDF that names the licence", async () => {
    test.setTimeout(120_000);
    const member = await playwrightRequest.newContext({
      baseURL: productionURL,
      extraHTTPHeaders: { origin: productionURL },
    });
    try {
      const signedIn = await member.post("/api/session", { data: { email: buyer.email, password: buyer.password } });
      expect(signedIn.status()).toBe(200);
      const taken = await member.post("/api/purchases/free", { data: { productId } });
      expect(taken.status(), await taken.text()).toBeLessThan(300);
    } finally {
      await member.dispose();
    }
    // The purchase job (the Worker's queue consumer) makes the PDF and records where it keeps it.
    let row: { licence_key: string | null; licence_code: string; number: string } | undefined;
    await expect
      .poll(
        () => {
          [row] = d1(
            `SELECT i.licence_key, i.licence_code, o.number FROM order_items i JOIN orders o ON o.id = i.order_id
             WHERE o.user_id = '${buyer.id}'`,
          );
          return row?.licence_key ?? null;
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .not.toBeNull();
    const pdf = r2Get(row!.licence_key!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain("Free License (Non-Commercial Use)");
    expect(text).toContain(take);
    expect(text).toContain(row!.licence_code);
    expect(text).toContain(row!.number);
  });
});

/** A password hash as the app stores it (worker/security/passwords.ts: PBKDF2-SHA256, 100,000 iterations). */
function passwordHash(password: string) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

const wranglerBin = resolve("node_modules/.bin/wrangler");
const BUCKET = "creator-platform-files";

function wrangler(args: string[]) {
  try {
    return execFileSync(wranglerBin, [...args, "--local", "--persist-to", PRODUCTION_STATE], {
      encoding: "utf8",
      env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed: ${stderr || stdout || error}`);
  }
}

/** Runs SQL in the production server's local D1; the rows of the last statement. */
function d1(sql: string) {
  const answers = JSON.parse(wrangler(["d1", "execute", "DB", "--json", "--command", sql]));
  return answers.at(-1)?.results ?? [];
}

function r2Put(key: string, file: string) {
  wrangler(["r2", "object", "put", `${BUCKET}/${key}`, "--file", file]);
}

function r2Get(key: string) {
  const folder = mkdtempSync(join(tmpdir(), "production-spec-"));
  try {
    wrangler(["r2", "object", "get", `${BUCKET}/${key}`, "--file", join(folder, "object")]);
    return readFileSync(join(folder, "object"));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The text a PDF draws: its (Flate) content streams inflated, and the strings of their Tj operators decoded. */
function pdfText(pdf: Buffer) {
  const raw = pdf.toString("latin1");
  const shown: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      content = raw.slice(start, end);
    }
    for (const [, hex, literal] of content.matchAll(/(?:<([0-9A-Fa-f]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g)) {
      shown.push(hex !== undefined ? Buffer.from(hex, "hex").toString("latin1") : literal!);
    }
  }
  return shown.join("\n");
}
