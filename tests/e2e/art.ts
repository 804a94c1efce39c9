// Real-looking pictures for the content the tour and the layout check upload: cover art, landscape
// stills and studio photos drawn with ffmpeg's lavfi filters, a different picture for every name
// (the seed). JPEG, so a picture stays tens of kilobytes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Album-art abstract (covers), a landscape at dawn or dusk (episodes, shows), a product photo of the object a lot names. */
export type ArtStyle = "album" | "landscape" | "still";

const folder = mkdtempSync(join(tmpdir(), "art-"));

function seeded(name: string) {
  let state = 2166136261;
  for (const char of name) {
    state ^= char.codePointAt(0) ?? 0;
    state = Math.imul(state, 16777619);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];
const PALETTES: Rgb[][] = [
  [
    [20, 33, 61],
    [252, 163, 17],
    [229, 229, 229],
    [255, 90, 95],
  ],
  [
    [38, 70, 83],
    [42, 157, 143],
    [233, 196, 106],
    [231, 111, 81],
  ],
  [
    [61, 12, 88],
    [190, 50, 140],
    [255, 150, 110],
    [255, 220, 160],
  ],
  [
    [10, 25, 47],
    [0, 120, 160],
    [120, 220, 220],
    [240, 250, 255],
  ],
  [
    [40, 20, 15],
    [140, 60, 30],
    [220, 140, 60],
    [250, 220, 150],
  ],
  [
    [15, 40, 25],
    [60, 120, 60],
    [180, 200, 90],
    [250, 240, 200],
  ],
  [
    [30, 20, 50],
    [90, 60, 160],
    [230, 90, 120],
    [255, 200, 80],
  ],
];
const hex = ([r, g, b]: Rgb) => `0x${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
const n = (value: number) => value.toFixed(3);

/** Per-channel geq expressions from one template: `c(i)` gives a channel's value of colour i. */
function geq(template: (c: (colour: Rgb) => string, self: string) => string) {
  return (["r", "g", "b"] as const)
    .map((channel, i) => `${channel}='${template((colour) => String(colour[i]), `${channel}(X,Y)`)}'`)
    .join(":");
}

function album(rnd: () => number, palette: Rgb[], w: number, h: number) {
  const colours = [...palette].sort(() => rnd() - 0.5);
  const type = ["radial", "circular", "spiral", "linear"][Math.floor(rnd() * 4)];
  const cx = n(0.3 + rnd() * 0.4);
  const cy = n(0.3 + rnd() * 0.4);
  const radius = n(0.18 + rnd() * 0.14);
  const ring = n(0.012 + rnd() * 0.03);
  const accent = colours[3]!;
  const base = [
    `gradients=s=${w}x${h}:n=4:${colours.map((c, i) => `c${i}=${hex(c)}`).join(":")}:type=${type}`,
    `x0=${Math.floor(rnd() * w)}:y0=${Math.floor(rnd() * h)}:x1=${Math.floor(rnd() * w)}:y1=${Math.floor(rnd() * h)}`,
    `seed=${Math.floor(rnd() * 1000)}`,
  ].join(":");
  // The bold shapes of a record sleeve: a disc with a ring, rings like a groove, or stripes across.
  const d = `hypot(X/W-${cx},Y/H-${cy})`;
  const band = `lt(abs(Y/H-${n(0.15 + rnd() * 0.7)}-(X/W-0.5)*${n(rnd() - 0.5)}),${n(0.01 + rnd() * 0.03)})`;
  const light = colours[2]!;
  const composition = Math.floor(rnd() * 3);
  const shapes = geq((c, self) => {
    if (composition === 0)
      return `if(lt(${d},${radius}),${c(accent)}*(1-0.5*${d}/${radius}),if(lt(abs(${d}-${radius}-0.05),${ring}),${c(light)},if(${band},${c(accent)},${self})))`;
    if (composition === 1)
      return `if(lt(${d},${radius}*1.6),${self}*(0.55+0.45*gt(sin(${d}*${n(60 + rnd() * 60)}),0))+${c(accent)}*0.25*lt(${d},${radius}*0.35),${self}*0.8)`;
    return `if(gt(sin((X*${n(rnd())}+Y)/H*${n(12 + rnd() * 20)}),${n(0.2 + rnd() * 0.6)})*lt(Y/H,${n(0.55 + rnd() * 0.3)}),${c(light)}*0.9,if(lt(${d},${radius}*0.8),${c(accent)},${self}))`;
  });
  return `${base},format=rgb24,geq=${shapes}`;
}

function landscape(rnd: () => number, palette: Rgb[]) {
  const field: Rgb = rnd() < 0.5 ? [200, 160, 70] : palette[1]!;
  const [top, horizon, sun] = [palette[0]!, palette[3]!, [255, 240, 200] as Rgb];
  const sx = n(0.15 + rnd() * 0.7);
  const sy = n(0.3 + rnd() * 0.2);
  const hill = `H*(0.6+${n(0.03 + rnd() * 0.05)}*sin(X/W*${n(3 + rnd() * 5)}+${n(rnd() * 6)})+0.02*sin(X/W*${n(13 + rnd() * 9)}))`;
  const front = `H*(0.76+${n(0.02 + rnd() * 0.05)}*sin(X/W*${n(2 + rnd() * 3)}+${n(rnd() * 6)}))`;
  const rows = `(0.75+0.25*sin(${n(6 + rnd() * 6)}*log(Y-${front}+2)+X/W*${n(rnd() * 4 - 2)}))`;
  return geq(
    (c) =>
      `if(lt(Y,${hill}),if(lt(hypot((X/W-${sx})*W/H,Y/H-${sy}),0.09),${c(sun)},${c(top)}+(${c(horizon)}-${c(top)})*(Y/H)/0.7+40*exp(-hypot(X/W-${sx},Y/H-${sy})*6)),if(lt(Y,${front}),${c(field)}*0.55,${c(field)}*${rows}))`,
  );
}

/**
 * The object a lot's title names, as shapes in units of the picture's height (x = X/H, y = Y/H, so
 * circles stay round): a microphone, headphones, a tape machine, or a speaker otherwise.
 */
function objectShapes(name: string, cx: number) {
  const x = `(X/H-${n(cx)})`;
  const y = "(Y/H)";
  const ellipse = (dx: number, dy: number, rx: number, ry: number) =>
    `lt(hypot((${x}-${n(dx)})/${n(rx)},(${y}-${n(dy)})/${n(ry)}),1)`;
  const box = (x0: number, y0: number, x1: number, y1: number) =>
    `between(${x},${n(x0)},${n(x1)})*between(${y},${n(y0)},${n(y1)})`;
  const ring = (dx: number, dy: number, r: number, width: number) =>
    `lt(abs(hypot(${x}-${n(dx)},${y}-${n(dy)})-${n(r)}),${n(width)})`;
  if (/micro/i.test(name))
    return {
      body: `${ellipse(0, 0.33, 0.085, 0.17)}+${box(-0.008, 0.48, 0.008, 0.8)}+${ellipse(0, 0.8, 0.13, 0.025)}`,
      detail: `${ellipse(0, 0.33, 0.085, 0.17)}*gt(sin(${y}*260),0.6)*lt(${y},0.42)`,
      floor: 0.8,
    };
  if (/head/i.test(name))
    return {
      body: `${ring(0, 0.48, 0.2, 0.022)}*lt(${y},0.52)+${ellipse(-0.2, 0.55, 0.06, 0.1)}+${ellipse(0.2, 0.55, 0.06, 0.1)}`,
      detail: `${ellipse(-0.2, 0.55, 0.035, 0.07)}+${ellipse(0.2, 0.55, 0.035, 0.07)}`,
      floor: 0.66,
    };
  if (/tape|reel/i.test(name))
    return {
      body: `${box(-0.34, 0.42, 0.34, 0.78)}+${ellipse(-0.16, 0.3, 0.13, 0.13)}+${ellipse(0.16, 0.3, 0.13, 0.13)}`,
      detail: `${ring(-0.16, 0.3, 0.07, 0.012)}+${ring(0.16, 0.3, 0.07, 0.012)}+${ellipse(-0.16, 0.3, 0.02, 0.02)}+${ellipse(0.16, 0.3, 0.02, 0.02)}+${box(-0.25, 0.55, 0.25, 0.6)}+${ellipse(-0.2, 0.7, 0.025, 0.025)}+${ellipse(0.2, 0.7, 0.025, 0.025)}`,
      floor: 0.78,
    };
  return {
    body: box(-0.15, 0.25, 0.15, 0.78),
    detail: `${ring(0, 0.6, 0.09, 0.015)}+${ellipse(0, 0.6, 0.03, 0.03)}+${ring(0, 0.36, 0.045, 0.01)}`,
    floor: 0.78,
  };
}

/** A product photo: the lot's object, dark with a lit edge, on a seamless paper backdrop with its shadow. */
function still(rnd: () => number, palette: Rgb[], name: string, width: number, height: number) {
  const paper = palette[3]!;
  const tint = palette[1]!;
  const cx = (width / height) * (0.42 + rnd() * 0.16);
  const { body, detail, floor } = objectShapes(name, cx);
  const light = `exp(-hypot(X/H-${n(cx - 0.25)},Y/H-0.15)*1.6)`;
  const shadow = `(1-0.45*exp(-hypot((X/H-${n(cx + 0.04)})/0.3,(Y/H-${n(floor)})/0.035)))`;
  // Metal: dark, lit from the upper left; the details a shade lighter.
  const metal = (c: (colour: Rgb) => string) =>
    `(30+55*max(0,1-abs(X/H-${n(cx - 0.06)})*5)*(1-Y/H))*(1+0.6*gt(${detail},0))+${c(tint)}*0.08`;
  return geq(
    (c) =>
      `if(gt(${body},0),${metal(c)},(${c(paper)}*(0.72+0.28*${light})-30*clip((Y/H-${n(floor - 0.1)})*4,0,1))*if(gt(Y/H,${n(floor - 0.02)}),${shadow},1))`,
  );
}

/** A JPEG (or PNG) of `style`, different for every `name`, `width`×`height`. */
export function picture(style: ArtStyle, name: string, width = 600, height = 600, format: "jpg" | "png" = "jpg") {
  const rnd = seeded(`${style}:${name}`);
  const palette = PALETTES[Math.floor(rnd() * PALETTES.length)]!;
  const drawn =
    style === "album"
      ? album(rnd, palette, width, height)
      : `color=s=${width}x${height},format=rgb24,geq=${style === "landscape" ? landscape(rnd, palette) : still(rnd, palette, name, width, height)}`;
  const out = join(folder, `${style}-${Math.floor(rnd() * 1e9)}.${format}`);
  execFileSync("ffmpeg", [
    ...["-y", "-loglevel", "error", "-f", "lavfi"],
    ...["-i", `${drawn},gblur=sigma=0.8,noise=alls=9:allf=u,vignette=PI/5`],
    ...["-frames:v", "1", ...(format === "jpg" ? ["-q:v", "4"] : []), out],
  ]);
  return readFileSync(out);
}
