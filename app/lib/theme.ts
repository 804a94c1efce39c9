// Theme preferences (seed 000 §3): a cookie holding the accent colour, the
// font size percentage and the dark-mode flag. This module ships to the
// browser, so it stays free of zod; parsing lives in theme.server.ts.

/** Seed 001 §9: the accent colour choices, plus the default #FFF. */
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

/** Seed 000 §9: light mode, accent #FFF, font size 100 percent. */
export const DEFAULT_THEME: Theme = { isDarkMode: false, accentColor: "#FFF", fontPercentage: 100 };

/** The accent colour as the page uses it: #FFF (the default) would vanish on white, so links keep a readable blue. */
export function accentForDisplay(theme: Theme): string {
  const plainWhite = /^#f{3}(f{3})?$/i.test(theme.accentColor);
  return plainWhite ? "#0047AB" : theme.accentColor;
}
