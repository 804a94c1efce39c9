// Theme preferences (seed 000 §3): a cookie holding the accent colour, the
// font size percentage and the dark-mode flag. This module ships to the
// browser, so it stays free of zod; parsing lives in theme.server.ts.

/**
 * Seed 001 §9: the accent colour choices. Settings shows the default #FFF before them as the brand's
 * purple ("Purple"): #FFF keeps the brand's tokens, #ffffff (White) is a real white.
 */
export const ACCENT_COLOURS = [
  "#FF6900",
  "#FCB900",
  "#964B00",
  "#8ED1FC",
  "#6fb31b",
  "#0693E3",
  "#ffffff",
  "#0047AB",
] as const;
export const THEME_COOKIE = "theme";

export interface Theme {
  isDarkMode: boolean;
  accentColor: string;
  fontPercentage: number;
}

/** What is saved: with no dark-mode choice ('System') the device's light or dark applies. */
export type SavedTheme = Omit<Theme, "isDarkMode"> & { isDarkMode?: boolean };

/** The settings page's three choices of dark mode; "system" saves none. */
export const COLOR_SCHEMES = ["system", "light", "dark"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** Seed 000 §9: light mode, accent #FFF, font size 100 percent. */
export const DEFAULT_THEME: Theme = { isDarkMode: false, accentColor: "#FFF", fontPercentage: 100 };

/** The theme a page is drawn in; `followsSystem` when no choice was ever saved: the device's light or dark decides. */
export type PageTheme = Theme & { followsSystem?: boolean };

/** Seed 000's defaults, with dark mode left to the device until the visitor saves a choice. */
export const SYSTEM_THEME: PageTheme = { ...DEFAULT_THEME, followsSystem: true };

/** <html>'s class: a saved choice wins both ways; none leaves it to tokens.css's prefers-color-scheme. */
export function themeClass(theme: PageTheme) {
  if (theme.followsSystem) return undefined;
  return theme.isDarkMode ? "dark" : "light";
}

/** The page colours the accent is read against (tokens.css: --surface, --bg, --surface-2 of each theme). */
const BACKGROUNDS = { light: ["#ffffff", "#f7f7fa", "#efeff5"], dark: ["#1c1b24", "#121117", "#25242f"] } as const;
const DARK_INK = "#121117";

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex;
  const n = Number.parseInt(full.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string) {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = channels(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two #rgb/#rrggbb colours (1 to 21). */
export function contrast(a: string, b: string) {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function toHex(rgb: number[]) {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** The colour moved toward black (light theme) or white (dark theme) in small steps until it reads as text on every page background. */
function readableOn(colour: string, dark: boolean) {
  const target = dark ? 255 : 0;
  const start = channels(colour);
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(start.map((c) => c + ((target - c) * step) / 20));
    if (BACKGROUNDS[dark ? "dark" : "light"].every((bg) => contrast(mixed, bg) >= 4.6)) return mixed;
  }
  return dark ? "#ffffff" : "#000000";
}

/** The colour moved toward black (light theme) or white (dark theme) until its ink reads on it at AA and it stands at 3:1 from every page background. */
function fillOf(colour: string, dark: boolean) {
  const target = dark ? 255 : 0;
  const start = channels(colour);
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(start.map((c) => c + ((target - c) * step) / 20));
    const ink = Math.max(contrast("#ffffff", mixed), contrast(DARK_INK, mixed));
    if (ink >= 4.5 && BACKGROUNDS[dark ? "dark" : "light"].every((bg) => contrast(mixed, bg) >= 3)) return mixed;
  }
  return dark ? "#ffffff" : "#000000";
}

export interface AccentTokens {
  /** The member's colour as chosen: swatches, the header rule, the logo mark. */
  "--accent": string;
  /** The accent as text: links, the current nav item (≥ 4.5:1 on every background). */
  "--accent-text": string;
  /** The accent as a filled control (primary buttons, switches): saturated in both themes, ≥ 3:1 from every background. */
  "--accent-fill": string;
  /** Text on --accent-fill (≥ 4.5:1). */
  "--on-accent": string;
  /** What a hovered fill is mixed toward: away from --on-accent, so the hover keeps its contrast. */
  "--accent-shade": string;
}

/** Seed 000's default #FFF: no colour of the member's, so the brand's designed pair in tokens.css applies. */
export function isDefaultAccent(theme: Theme) {
  return /^#f{3}$/i.test(theme.accentColor);
}

/**
 * The member's accent colour applied so it stays readable in both themes: the chosen colour decorates,
 * a shade of it that passes WCAG AA carries text, and a shade that stays saturated fills controls.
 * Seed 000's default #FFF keeps the brand's own tokens (tokens.css, ADR 118): nothing is returned.
 * A chosen white (seed 001's swatch) is a real choice: white in dark mode, a neutral grey in light mode.
 */
export function accentTokens(theme: Theme): AccentTokens | null {
  if (isDefaultAccent(theme)) return null;
  const colour = theme.accentColor;
  const text = readableOn(colour, theme.isDarkMode);
  const fill = fillOf(colour, theme.isDarkMode);
  const onAccent = contrast("#ffffff", fill) >= contrast(DARK_INK, fill) ? "#ffffff" : DARK_INK;
  const shade = onAccent === "#ffffff" ? "#000000" : "#ffffff";
  return {
    "--accent": colour,
    "--accent-text": text,
    "--accent-fill": fill,
    "--on-accent": onAccent,
    "--accent-shade": shade,
  };
}

/**
 * With no saved dark-mode choice ('System') a member's own accent needs its dark shades too: the
 * inline style holds the light ones, and this rule (for a <style> in the head) swaps in the dark
 * ones when the device is dark (`!important` beats the inline style). Nothing for the default accent.
 */
export function systemAccentCss(theme: PageTheme): string | null {
  if (!theme.followsSystem) return null;
  const dark = accentTokens({ ...theme, isDarkMode: true });
  if (!dark) return null;
  const declarations = Object.entries(dark)
    .map(([name, value]) => `${name}:${value} !important`)
    .join(";");
  return `@media (prefers-color-scheme: dark){html:not(.light){${declarations}}}`;
}
