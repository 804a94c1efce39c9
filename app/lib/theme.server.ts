import { z } from "zod";
import { DEFAULT_THEME, type Theme } from "../kernel/theme";

const FONT_SIZE = "Font size must be 75 to 150 percent.";

export const themeSchema = z.object({
  isDarkMode: z.boolean().default(DEFAULT_THEME.isDarkMode),
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, "Choose one of the accent colours.")
    .default(DEFAULT_THEME.accentColor),
  fontPercentage: z.coerce.number().int().min(75, FONT_SIZE).max(150, FONT_SIZE).default(DEFAULT_THEME.fontPercentage),
}) satisfies z.ZodType<Theme, unknown>;

export function parseTheme(raw: string | undefined): Theme {
  if (!raw) return DEFAULT_THEME;
  try {
    return themeSchema.catch(DEFAULT_THEME).parse(JSON.parse(raw));
  } catch {
    return DEFAULT_THEME;
  }
}

/** A member's saved theme wins (it follows them across devices); otherwise the browser's cookie. */
export function themeFor(user: { theme?: unknown } | null, cookie: string | undefined): Theme {
  if (user?.theme) return themeSchema.catch(DEFAULT_THEME).parse(user.theme);
  return parseTheme(cookie);
}
