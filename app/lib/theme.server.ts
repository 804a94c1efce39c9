import { z } from "zod";
import { parse } from "../../worker/domain/validation";
import { COLOR_SCHEMES, DEFAULT_THEME, type PageTheme, type SavedTheme, type Theme } from "../kernel/theme";

const FONT_SIZE = "Font size must be 75 to 150 percent.";

export const themeSchema = z.object({
  isDarkMode: z.boolean().default(DEFAULT_THEME.isDarkMode),
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, "Choose one of the accent colours.")
    .default(DEFAULT_THEME.accentColor),
  fontPercentage: z.coerce.number().int().min(75, FONT_SIZE).max(150, FONT_SIZE).default(DEFAULT_THEME.fontPercentage),
}) satisfies z.ZodType<Theme, unknown>;

/** The cookie's JSON, or nothing when it is missing or not JSON. */
function readSaved(raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Whether a saved theme holds a dark-mode choice (the settings form always saves one). */
function choosesDarkMode(saved: unknown) {
  return (
    typeof saved === "object" && saved !== null && typeof (saved as { isDarkMode?: unknown }).isDarkMode === "boolean"
  );
}

/**
 * A member's saved theme wins (it follows them across devices); otherwise the browser's cookie; with
 * neither, seed 000's defaults with dark mode following the device's setting.
 */
export function themeFor(user: { theme?: unknown } | null, cookie: string | undefined): PageTheme {
  // A member's saved theme without a dark-mode choice ('System') leaves light or dark to the device.
  const saved = user?.theme ? user.theme : readSaved(cookie);
  const theme = themeSchema.catch(DEFAULT_THEME).parse(saved ?? {});
  return choosesDarkMode(saved) ? theme : { ...theme, followsSystem: true };
}

const colorSchemeSchema = z.enum(COLOR_SCHEMES, { message: "Choose System, Light or Dark." });

/**
 * The settings form's theme: 'System' saves no dark-mode choice, Light and Dark save one. A form
 * from before the choice (the dark-mode checkbox alone) still saves on or off.
 */
export function parseThemeForm(fields: Record<string, string | undefined>): SavedTheme {
  const theme = parse(themeSchema, { ...fields, isDarkMode: fields.isDarkMode === "on" });
  if (fields.colorScheme === undefined) return theme;
  const scheme = parse(z.object({ colorScheme: colorSchemeSchema }), fields).colorScheme;
  if (scheme === "system") {
    const { isDarkMode: _device, ...rest } = theme;
    return rest;
  }
  return { ...theme, isDarkMode: scheme === "dark" };
}
