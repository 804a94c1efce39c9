// `node scripts/brand-assets.mjs`: draws the brand's pictures in public/ from public/favicon.svg (ADR 117):
// the 32 px favicon, the apple-touch icon (180, square: iOS rounds it), the web manifest's icons (192,
// 512, and a maskable 512 with the mark inside the safe circle) and the default Open Graph image
// (1200×630, set in Inter by headless Chromium). Run it again after changing the mark; the files are
// committed, so nothing is drawn at build time.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";

const root = resolve(import.meta.dirname, "..");
const pub = (name) => resolve(root, "public", name);
const mark = readFileSync(pub("favicon.svg"), "utf8").trim();
// The same drawing on a full square, for the platforms that cut their own corners.
const square = mark.replace('rx="8" fill="url(#g)"', 'fill="url(#g)"');
// The mark at 60% inside a full square: a maskable icon keeps its content in the middle 80% circle.
const maskable = square.replace(/<g fill="#fff">[\s\S]*<\/svg>$/, (inner) => {
  const body = inner.replace(/<\/svg>$/, "");
  return `<g transform="translate(6.4 6.4) scale(0.6)">${body}</g></svg>`;
});

async function png(svg, size, name) {
  await sharp(Buffer.from(svg), { density: 72 * (size / 32) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 192 })
    .toFile(pub(name));
}

await png(mark, 32, "favicon-32.png");
await png(square, 180, "apple-touch-icon.png");
await png(mark, 192, "icon-192.png");
await png(mark, 512, "icon-512.png");
await png(maskable, 512, "icon-maskable-512.png");

const font = readFileSync(
  resolve(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
).toString("base64");
const og = `<!doctype html><html><head><style>
@font-face { font-family: Inter; font-weight: 100 900; src: url(data:font/woff2;base64,${font}) format("woff2"); }
html, body { margin: 0; width: 1200px; height: 630px; }
body { font-family: Inter, sans-serif; color: #fff; overflow: hidden;
  background: radial-gradient(circle at 85% 15%, #be185d 0, transparent 45%), linear-gradient(135deg, #4c1d95, #6d28d9 55%, #7c3aed); }
.wrap { position: absolute; inset: 72px 80px; display: flex; flex-direction: column; }
.brand { display: flex; align-items: center; gap: 20px; font-size: 40px; font-weight: 750; letter-spacing: -0.02em; }
.brand svg { width: 72px; height: 72px; }
h1 { margin: auto 0 24px; font-size: 68px; line-height: 1.05; font-weight: 780; letter-spacing: -0.03em; max-width: 760px; }
p { margin: 0; font-size: 30px; font-weight: 450; color: #ede9fe; max-width: 680px; }
.wave { position: absolute; right: 80px; bottom: 72px; display: flex; gap: 10px; align-items: center; height: 160px; }
.wave i { display: block; width: 14px; border-radius: 7px; background: rgb(255 255 255 / 0.5); }
.wave i.slot { background: #ff7a59; }
</style></head><body><div class="wrap">
<div class="brand">${mark.replace("<svg ", '<svg aria-hidden="true" ')}<span>Creator Platform</span></div>
<h1>Replace an ad in every episode at once</h1>
<p>Upload, organise and render podcasts and videos. Sell beats, run a show, hold an auction.</p>
</div><div class="wave">${[40, 90, 60, 130, 80, 160, 110, 70, 120, 50, 30]
  .map((h, i) => `<i class="${i === 5 ? "slot" : ""}" style="height:${h}px"></i>`)
  .join("")}</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(og);
await page.evaluate(() => document.fonts.ready);
const shot = await page.screenshot({ type: "png" });
await browser.close();
writeFileSync(pub("og-default.png"), await sharp(shot).png({ compressionLevel: 9, palette: true }).toBuffer());
console.log("brand assets written to public/");
