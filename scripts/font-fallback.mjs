// `node scripts/font-fallback.mjs name=regular.ttf,bold.ttf …`: prints the metric-adjusted fallback
// faces of app/styles/fonts.css, run by hand when Inter or a fallback changes (no build step, no
// runtime JS). Chromium (Playwright's) sets a sample of English UI text in Inter at each weight the
// app uses and in the fallback's regular or bold file; size-adjust makes the widths equal, and the
// ascent / descent / line-gap overrides give the fallback Inter's line box (what Next.js' font
// optimisation and capsize do, measured by the browser instead of read from tables).
// The files: Arial's widths are Liberation Sans' (Debian fonts-liberation), Roboto's from
// @fontsource/roboto, DejaVu Sans from this machine's /usr/share/fonts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "@playwright/test";

const require = createRequire(import.meta.url);
const INTER = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");

// Weight ranges of the fallback faces: each is sized against Inter at the weight the app uses in it
// (tokens.css: 400 regular, 500 medium, 650 bold, 750 display) and drawn from the regular or bold file.
const RANGES = [
  { range: "100 449", inter: 400, file: 0 },
  { range: "450 574", inter: 500, file: 0 },
  { range: "575 699", inter: 650, file: 1 },
  { range: "700 900", inter: 750, file: 1 },
];

const SAMPLE =
  "Sell your beats and sample packs from one page. Upload a track, set licence prices and let fans " +
  "buy in two clicks. Your show: every episode, its chapters and the sponsor spot you swap later. " +
  "Make an offer on Lot 12 — ends in 2 days, 14 bids, shipping €9.50. Sign In · Sign Up · Add to Cart " +
  "Listen on Apple Podcasts, Spotify, Pocket Casts. Raised $4,280 of $6,000 from 73 donors. " +
  "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 0123456789 (Settings) [Copy RSS] Try it free!";

const fallbacks = process.argv.slice(2).map((arg) => {
  const [name, files] = arg.split("=");
  return { name, files: files.split(",") };
});
if (fallbacks.length === 0) {
  console.error("usage: node scripts/font-fallback.mjs Arial=Regular.ttf,Bold.ttf Roboto=… DejaVu=…");
  process.exit(1);
}

const dataUrl = (path) => `url(data:font/${path.split(".").pop()};base64,${readFileSync(path).toString("base64")})`;
const faces = [`@font-face{font-family:I;font-weight:100 900;src:${dataUrl(INTER)}}`];
for (const f of fallbacks) {
  f.files.forEach((file, i) => {
    faces.push(`@font-face{font-family:"${f.name}${i}";src:${dataUrl(file)}}`);
  });
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? undefined });
const page = await browser.newPage();
await page.setContent(
  `<style>${faces.join("\n")}</style><div id=d style="line-height:normal;font-size:1000px;position:absolute"></div>`,
);
const measured = await page.evaluate(
  async ({ sample, families, weights }) => {
    const ctx = document.createElement("canvas").getContext("2d");
    const width = async (family, weight) => {
      const font = `${weight} 100px "${family}"`;
      await document.fonts.load(font, sample);
      ctx.font = font;
      return ctx.measureText(sample).width;
    };
    await document.fonts.load('400 1000px "I"', sample);
    ctx.font = '400 1000px "I"';
    const m = ctx.measureText("Hg");
    const d = document.getElementById("d");
    d.style.fontFamily = '"I"';
    d.textContent = "Hg";
    const lineHeight = d.getBoundingClientRect().height;
    const inter = {};
    for (const w of weights) inter[w] = await width("I", w);
    const others = {};
    for (const family of families) others[family] = await width(family, 400);
    return {
      ascent: m.fontBoundingBoxAscent / 1000,
      descent: m.fontBoundingBoxDescent / 1000,
      lineGap: (lineHeight - m.fontBoundingBoxAscent - m.fontBoundingBoxDescent) / 1000,
      inter,
      others,
    };
  },
  {
    sample: SAMPLE,
    families: fallbacks.flatMap((f) => f.files.map((_, i) => `${f.name}${i}`)),
    weights: RANGES.map((r) => r.inter),
  },
);
await browser.close();

const pct = (x) => `${(x * 100).toFixed(2)}%`;
console.log(
  `/* Inter: ascent ${measured.ascent.toFixed(4)}, descent ${measured.descent.toFixed(4)}, line gap ${measured.lineGap.toFixed(4)} em */`,
);
for (const f of fallbacks) {
  for (const r of RANGES) {
    const size = measured.inter[r.inter] / measured.others[`${f.name}${r.file}`];
    console.log(
      `/* ${f.name} ${r.file ? "bold" : "regular"} for Inter ${r.inter} */ font-weight: ${r.range}; size-adjust: ${pct(size)}; ` +
        `ascent-override: ${pct(measured.ascent / size)}; descent-override: ${pct(measured.descent / size)}; ` +
        `line-gap-override: ${pct(Math.max(0, measured.lineGap) / size)};`,
    );
  }
}
