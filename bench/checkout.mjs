// `npm run bench:checkout`: time from the payment webhook to a downloadable
// zip for a 200 MB purchase, against the existing package job alone on the
// same bytes, side by side in one run of the production build.
//
//  1. Starts the production build (`node scripts/start.mjs --preview`; `--dev`
//     for the dev server) on --port 5230 (--renderer-port 5231) with its own
//     state in .wrangler/bench-checkout.
//  2. The admin sells a product of 8 audio files of 25 MB (an ID3 header,
//     then random bytes): uploaded through the store's upload purpose and
//     saved with POST /api/products. The demo member puts it in the cart and
//     POST /api/checkout makes the order and the test provider's intent.
//     The same 8 files are uploaded as project files of the demo member and
//     put into one playlist, for the baseline.
//     Background jobs of the uploads (probe, preview) are waited for first.
//  3. Rounds alternate baseline, purchase (--rounds 5 each; the product has
//     no quantity limit, so every purchase round is a new order of it):
//     baseline  POST /api/packages {playlistIds} → poll GET /api/jobs/:id
//               every 50 ms until done with a download URL.
//     purchase  POST /api/payments/test/confirm with 4242… (the test
//               provider signs the event and delivers it through the real
//               webhook route before it answers) → poll GET /api/orders/:id
//               every 50 ms until its package is done with a download URL.
//     Both zips are fetched once to check their size.
//  4. Reports the medians and the ratio purchase / baseline (target ≤ 1.2).
//
// Flags: --rounds 5, --files 8, --mb 200 (total), --dev, --port, --renderer-port, --json (writes bench/results/checkout.json). Exits 0
// when the target is missed (it is a measurement), 1 when it could not measure.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import {
  apiClient,
  appPlace,
  DEMO_ADMIN,
  DEMO_MEMBER,
  fmt,
  median,
  printTargets,
  readFlags,
  runBench,
  sleep,
  startApp,
  table,
  uploadFile,
  writeResults,
} from "./lib.mjs";

const TAG = "bench:checkout";
const APP = appPlace({ port: 5230, rendererPort: 5231, persistTo: ".wrangler/bench-checkout" });
const BASE = APP.base;

const flags = readFlags();
const rounds = flags.int("rounds", 5);
const FILES = flags.int("files", 8);
const FILE_BYTES = Math.floor((flags.int("mb", 200) * 1_000_000) / FILES);
const api = apiClient(BASE, { timeoutMs: 600_000 });

function audioBytes(seed) {
  const bytes = Buffer.alloc(FILE_BYTES);
  const block = randomBytes(1 << 20);
  for (let at = 0; at < FILE_BYTES; at += block.length) block.copy(bytes, at);
  bytes.write("ID3", 0);
  bytes.writeUInt32BE(seed, 16);
  return bytes;
}

const upload = (cookie, ticket, bytes) => uploadFile(api, cookie, ticket, bytes);

/** Polls `path` every 50 ms until `done(body)`; a failed poll (the preview server's proxy under load) is tried again. */
async function until(what, cookie, path, done) {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const answer = await api.request(path, { cookie }).catch(() => null);
    const value = answer?.status === 200 ? answer.data : null;
    if (value && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not finish: ${JSON.stringify(value).slice(0, 500)}`);
    await sleep(50);
  }
}

async function setUp(seller, buyer) {
  const files = Array.from({ length: FILES }, (_, i) => audioBytes(i + 1));
  let productId;
  const audioUploadIds = [];
  for (const [i, bytes] of files.entries()) {
    const done = await upload(
      seller,
      {
        purpose: "product-audio",
        fileName: `take-${i + 1}.mp3`,
        contentType: "audio/mpeg",
        ...(productId ? { productId } : {}),
      },
      bytes,
    );
    productId ??= done.productId;
    audioUploadIds.push(done.uploadId);
  }
  await api.must(201, "/api/products", {
    cookie: seller,
    json: {
      productId,
      title: "Bench 200 MB",
      description: "The bench's takes.",
      price: 9.99,
      quantity: null,
      licenseType: "non-exclusive",
      accessType: "public-read",
      coverUploadId: null,
      audioUploadIds,
    },
  });
  let projectId;
  const fileIds = [];
  for (const [i, bytes] of files.entries()) {
    const done = await upload(
      buyer,
      {
        purpose: "project-file",
        fileName: `take-${i + 1}.mp3`,
        contentType: "audio/mpeg",
        accessType: "private",
        ...(projectId ? { projectId } : { projectTitle: "Bench baseline" }),
      },
      bytes,
    );
    projectId ??= done.projectId;
    fileIds.push(done.fileId);
  }
  await api.must(201, `/api/projects/${projectId}/playlist/items`, { cookie: buyer, json: { fileIds } });
  // A read, so it may be asked again when `vite preview`'s proxy drops it under load (a 500 'fetch failed').
  const playlist = await until("playlist", buyer, `/api/projects/${projectId}/playlist`, (p) => Boolean(p.id));
  // Let the uploads' probe and preview jobs finish before timing anything.
  await until("background jobs", seller, "/api/products", ({ products }) =>
    products.every((p) => p.files.every((f) => !["queued", "running"].includes(f.previewStatus))),
  );
  await sleep(2000);
  return { productId, playlistId: playlist.id };
}

async function baseline(buyer, playlistId) {
  const start = performance.now();
  const { jobId } = (await api.must(202, "/api/packages", { cookie: buyer, json: { playlistIds: [playlistId] } })).data;
  const job = await until(
    "package job",
    buyer,
    `/api/jobs/${jobId}`,
    (j) => j.status === "failed" || Boolean(j.downloadUrl),
  );
  if (job.status !== "done") throw new Error(`package job failed: ${job.error}`);
  return { seconds: (performance.now() - start) / 1000, url: job.downloadUrl };
}

async function purchase(buyer, productId) {
  await api.must(201, "/api/cart/items", { cookie: buyer, json: { productId } });
  const checkout = (await api.must(201, "/api/checkout", { cookie: buyer, json: { nameOnCard: "Bench" } })).data;
  const card = { number: "4242424242424242", expiry: "12/34", cvc: "123", name: "Bench" };
  const start = performance.now();
  await api.must(200, "/api/payments/test/confirm", {
    cookie: buyer,
    json: { clientSecret: checkout.clientSecret, card },
  });
  const order = await until(
    "purchase package",
    buyer,
    `/api/orders/${checkout.orderId}`,
    (o) => o.package?.status === "failed" || Boolean(o.package?.downloadUrl),
  );
  if (order.package.status !== "done") throw new Error(`purchase package failed: ${order.package.error}`);
  return { seconds: (performance.now() - start) / 1000, url: order.package.downloadUrl };
}

async function zipSize(url) {
  const response = await fetch(url);
  let size = 0;
  for await (const chunk of response.body) size += chunk.length;
  return size;
}

await runBench(TAG, async () => {
  await startApp(TAG, { preview: !flags.has("dev"), ...APP });
  const seller = (await api.signIn(DEMO_ADMIN)).cookie;
  const buyer = (await api.signIn(DEMO_MEMBER)).cookie;
  console.log(`${TAG}: uploading ${FILES} × ${FILE_BYTES / 1e6} MB twice (product and baseline project) ...`);
  const { productId, playlistId } = await setUp(seller, buyer);

  const base = [];
  const bought = [];
  for (let round = 1; round <= rounds; round++) {
    base.push(await baseline(buyer, playlistId));
    bought.push(await purchase(buyer, productId));
    console.log(
      `${TAG}: round ${round}: package job ${fmt(base.at(-1).seconds)} s, webhook → zip ${fmt(bought.at(-1).seconds)} s`,
    );
  }
  const sizes = { baseline: await zipSize(base[0].url), purchase: await zipSize(bought[0].url) };
  const b = median(base.map((r) => r.seconds));
  const p = median(bought.map((r) => r.seconds));
  const ratio = p / b;
  console.log(
    table([
      ["path", "median s", "zip bytes"],
      ["package job alone (playlist package)", fmt(b), String(sizes.baseline)],
      ["webhook → downloadable purchase zip", fmt(p), String(sizes.purchase)],
    ]),
  );
  printTargets([{ target: "webhook → zip ÷ package job ≤ 1.2", pass: ratio <= 1.2, value: fmt(ratio) }]);
  if (flags.has("json"))
    writeResults(TAG, "checkout.json", {
      rounds,
      fileBytes: FILE_BYTES,
      files: FILES,
      baseline: base,
      purchase: bought,
      sizes,
      ratio,
    });
});
