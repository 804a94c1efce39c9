// `npm run docs:screenshots`: the curated pictures in docs/screenshots/, taken from the last
// `npm run tour` (tour/*.png). Each main page at 390 and 1280 px, light and dark, as JPEG with the
// page's top part only (a phone picture at most 2,400 px tall, a desktop one 1,600 px scaled to
// 960 px wide), so the folder stays small. Run the tour first (TOUR_ONLY can limit it to these pages).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const tour = join(root, "tour");
const out = join(root, "docs/screenshots");

/** The tour's picture prefix (page slug and role) → the name in docs/screenshots. */
export const CURATED = {
  "home-visitor": "home",
  "authenticated-member": "workspace",
  "projects-projectid-member": "project",
  "programming-member": "programming",
  "digiprev-userid-a-seller-s-store-visitor": "store",
  "checkout-cart-member": "checkout-cart-after",
  "checkout-after-proceed-to-payment-admin": "checkout-paying-after",
  "checkout-thank-you-member": "checkout-thank-you-after",
  "purchases-member": "purchases",
  "fundraiser-visitor": "fundraiser",
  "bidgallery-visitor": "auction",
  "bidgallery-code-a-lot-visitor": "lot",
  "bidgallery-code-the-member-leads-member": "lot-member",
  "theadministrator-admin": "admin",
};

const missing = [];
mkdirSync(out, { recursive: true });
// One-off comparison pictures (`*-after.jpg`, see the README) are not the tour's to replace.
for (const file of readdirSync(out))
  if (/\.(png|jpe?g)$/.test(file) && !/-after\.jpe?g$/.test(file)) rmSync(join(out, file));
for (const [prefix, name] of Object.entries(CURATED)) {
  for (const width of [390, 1280]) {
    for (const theme of ["light", "dark"]) {
      const source = join(tour, `${prefix}-${width}-${theme}.png`);
      if (!existsSync(source)) {
        missing.push(source);
        continue;
      }
      const filter = width === 390 ? "crop=iw:'min(ih,2400)':0:0" : "crop=iw:'min(ih,1600)':0:0,scale=960:-1";
      execFileSync("ffmpeg", [
        ...["-y", "-loglevel", "error", "-i", source],
        ...["-vf", filter, "-q:v", "5", join(out, `${name}-${width}-${theme}.jpg`)],
      ]);
    }
  }
}
if (missing.length) {
  console.error(`not in tour/ (run \`npm run tour\` first):\n${missing.join("\n")}`);
  process.exit(1);
}
console.log(`docs/screenshots: ${Object.keys(CURATED).length * 4} pictures`);
