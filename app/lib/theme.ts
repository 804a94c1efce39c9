// Theme preferences (seed 000 §3): a cookie holding the accent colour, the
// font size percentage and the dark-mode flag.
import { z } from "zod";

/** Seed 001 §9: the accent colour choices, plus the default #FFF. */
export const ACCENT_COLOURS = ["#FF6900", "#FCB900", "#964B00", "#8ED1FC", "#6fb31b", "#0693E3", "#ffffff", "#0047AB"] as const;
export const THEME_COOKIE = "theme";

export const themeSchema = z.object({
  isDarkMode: z.boolean().default(false),
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, "Choose one of the accent colours.")
    .default("#FFF"),
  fontPercentage: z.coerce.number().int().min(75, "Font size must be 75 to 150 percent.").max(150, "Font size must be 75 to 150 percent.").default(100),
});
export type Theme = z.output<typeof themeSchema>;
export const DEFAULT_THEME: Theme = themeSchema.parse({});

export function parseTheme(raw: string | undefined): Theme {
  if (!raw) return DEFAULT_THEME;
  try {
    return themeSchema.catch(DEFAULT_THEME).parse(JSON.parse(raw));
  } catch {
    return DEFAULT_THEME;
  }
}

/** The accent colour as the page uses it: #FFF (the default) would vanish on white, so links keep a readable blue. */
export function accentForDisplay(theme: Theme): string {
  const plainWhite = /^#f{3}(f{3})?$/i.test(theme.accentColor);
  return plainWhite ? "#0047AB" : theme.accentColor;
}
