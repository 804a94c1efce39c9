// A chapter's default title, made from its file's name for listeners: the file-naming noise a
// producer adds (extension, upload prefix, episode codes, version and take markers, bpm and length
// tokens, quarter-and-year stamps, dates) goes, the rest reads in sentence case, and where noise
// stood between two runs of words they are joined by an em dash:
// "sunrise_over_the_barley_fields_ep12_intro.wav" → "Sunrise over the barley fields — intro".
// Conservative: only whole tokens that match a rule go; a name that is all noise keeps its words.
import { fileTitle } from "../../../app/kernel/format";

const UPLOAD_PREFIX = /^\d{10,}-[A-Za-z0-9]{4,}-/;
const EXTENSION = /\.[A-Za-z0-9]{1,5}$/;

/** Tokens that are noise on their own (matched against the lower-cased token). */
const NOISE = [
  /^(ep|e|episode)\d{1,4}$/, // ep12, e12, episode12
  /^s\d{1,3}e\d{1,4}$/, // s01e03
  /^v\d{1,3}(\.\d{1,3})*$/, // v3, v1.2
  /^(take|mix|rev|version|final)\d{1,3}$/, // take3, mix2, final2
  /^(final|finalfinal|master|mastered|approved|wip)$/,
  /^\d{2,3}bpm$/, // 92bpm
  /^\d{1,3}(s|sec|secs)$/, // 30s (not 1990s)
  /^\d{1,3}m\d{1,2}s$/, // 1m30s
  /^q[1-4]$/, // q4
  /^(q[1-4](19|20)\d\d|(19|20)\d\dq[1-4])$/, // q42026, 2026q4
  /^(19|20)\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/, // 20261205
];

const NUMBER = /^\d{1,4}$/;
const YEAR = /^(19|20)\d\d$/;
const QUARTER = /^q[1-4]$/;
const MONTH = /^(0[1-9]|1[0-2])$/;
const DAY = /^(0[1-9]|[12]\d|3[01])$/;

/** How many tokens from `i` on are noise together (0: the token is a word). */
function noiseAt(tokens: readonly string[], i: number): number {
  const [a = "", b = "", c = ""] = tokens.slice(i, i + 3).map((t) => t.toLowerCase());
  if (YEAR.test(a) && MONTH.test(b) && DAY.test(c)) return 3; // 2026_12_05
  if (/^(ep|episode|take|mix|rev|version|v)$/.test(a) && NUMBER.test(b)) return 2; // episode_12, take_3
  if (NUMBER.test(a) && b === "bpm") return 2; // 140_bpm
  if (NUMBER.test(a) && /^(s|sec|secs)$/.test(b)) return 2; // 30_sec
  if (/^(final|rough)$/.test(a) && /^(cut|mix|edit|master|version)$/.test(b)) return 2; // final_cut
  if ((QUARTER.test(a) && YEAR.test(b)) || (YEAR.test(a) && QUARTER.test(b))) return 2; // q4_2026
  return NOISE.some((rule) => rule.test(a)) ? 1 : 0;
}

function sentenceCase(text: string): string {
  const shouting = !/\p{Ll}/u.test(text);
  const cased = shouting ? text.toLowerCase() : text;
  return cased.charAt(0).toUpperCase() + cased.slice(1);
}

/** The listener-facing title for a file name (at most 100 characters, never empty). */
export function editorialTitle(fileName: string): string {
  const base = fileName.replace(UPLOAD_PREFIX, "").replace(EXTENSION, "");
  const tokens = base.split(/[\s_-]+/).filter(Boolean);
  const runs: string[][] = [[]];
  for (let i = 0; i < tokens.length; ) {
    const noise = noiseAt(tokens, i);
    if (noise === 0) {
      runs.at(-1)!.push(tokens[i]!);
      i++;
    } else {
      if (runs.at(-1)!.length > 0) runs.push([]);
      i += noise;
    }
  }
  const words = runs.filter((run) => run.length > 0).map((run) => run.join(" "));
  const title = words.length > 0 ? words.join(" — ") : fileTitle(fileName);
  return sentenceCase(title).slice(0, 100);
}
