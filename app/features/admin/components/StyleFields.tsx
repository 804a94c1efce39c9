// A popup style edited as the allow-listed properties (colour, background, size,
// weight, style, alignment), kept as the seed's inline-style string of 'name:value;' pairs.
// Compact: small controls two to a row; above them, presets that fill both styles in one click.
import { useId } from "react";
import { Button, Select } from "../../../components/ui";
import { ColourField } from "./ColourField";

export const STYLE_FIELDS = [
  { property: "color", label: "Colour", kind: "colour" },
  { property: "background-color", label: "Background", kind: "colour" },
  {
    property: "font-size",
    label: "Size",
    kind: "choice",
    options: ["12px", "14px", "16px", "18px", "20px", "24px", "28px", "32px", "40px"],
  },
  { property: "font-weight", label: "Weight", kind: "choice", options: ["400", "500", "600", "700", "800"] },
  { property: "font-style", label: "Style", kind: "choice", options: ["normal", "italic"] },
  { property: "text-align", label: "Alignment", kind: "choice", options: ["left", "center", "right"] },
] as const;

export type StyleValues = Partial<Record<(typeof STYLE_FIELDS)[number]["property"], string>>;

/** The inline-style string of the set values, in a fixed order. */
export function styleString(values: StyleValues): string {
  return STYLE_FIELDS.map(({ property }) => [property, values[property]?.trim()] as const)
    .filter(([, value]) => value)
    .map(([property, value]) => `${property}:${value};`)
    .join("");
}

/** The editor's values of a saved style string (the properties it does not edit are dropped). */
export function parseStyle(inline: string): StyleValues {
  const values: StyleValues = {};
  for (const declaration of inline.split(";")) {
    const at = declaration.indexOf(":");
    if (at < 0) continue;
    const property = declaration.slice(0, at).trim().toLowerCase();
    const field = STYLE_FIELDS.find((f) => f.property === property);
    if (field) values[field.property] = declaration.slice(at + 1).trim();
  }
  return values;
}

/**
 * One style block (the header's or the paragraph's: the same block with its own legend): the six
 * properties as small controls, two to a row: Colour and Background, Size and Weight, Style and Alignment.
 */
export function StyleFields({
  legend,
  values,
  onChange,
}: {
  legend: string;
  values: StyleValues;
  onChange: (values: StyleValues) => void;
}) {
  const id = useId();
  const set = (property: keyof StyleValues, value: string) => onChange({ ...values, [property]: value });
  return (
    <fieldset className="style-fields">
      <legend>{legend}</legend>
      {STYLE_FIELDS.map((field) =>
        field.kind === "colour" ? (
          <ColourField
            key={field.property}
            label={field.label}
            of={legend.toLowerCase()}
            value={values[field.property] ?? ""}
            onChange={(value) => set(field.property, value)}
          />
        ) : (
          <div key={field.property} className="style-field">
            <label htmlFor={id + field.property}>{field.label}</label>
            <Select
              id={id + field.property}
              value={values[field.property] ?? ""}
              onChange={(event) => set(field.property, event.target.value)}
            >
              <option value="">Default</option>
              {field.options.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </Select>
          </div>
        ),
      )}
    </fieldset>
  );
}

export interface StylePreset {
  name: string;
  hint: string;
  header: StyleValues;
  paragraph: StyleValues;
}

/** A look's style: size, then weight, alignment, colour and background where it sets them. */
function look(size: string, weight = "", align = "", color = "", background = ""): StyleValues {
  return parseStyle(
    styleString({
      color,
      "background-color": background,
      "font-size": size,
      "font-weight": weight,
      "text-align": align,
    }),
  );
}

/**
 * Whole looks for the card. "Brand" leaves the colours unset so the card keeps the theme's brand
 * tokens in light and dark; the others set colour and background together, so text stays readable
 * on either theme's card.
 */
export const STYLE_PRESETS: readonly StylePreset[] = [
  { name: "Brand", hint: "The site's own colours", header: look("24px", "700", "left"), paragraph: look("16px") },
  {
    name: "Dark",
    hint: "Light text on ink",
    header: look("24px", "700", "left", "#ffffff", "#1e1633"),
    paragraph: look("16px", "", "", "#ede9fe", "#1e1633"),
  },
  { name: "Minimal", hint: "Small and quiet", header: look("18px", "600", "left"), paragraph: look("14px") },
  {
    name: "Bold",
    hint: "Big, centred, on violet",
    header: look("32px", "800", "center", "#ffffff", "#6d28d9"),
    paragraph: look("18px", "500", "center"),
  },
];

export const DEFAULT_PRESET = STYLE_PRESETS[0]!;

const same = (a: StyleValues, b: StyleValues) => styleString(a) === styleString(b);

/** The presets as one row of buttons; the one that matches both styles now is shown pressed. */
export function StylePresets({
  header,
  paragraph,
  onPick,
}: {
  header: StyleValues;
  paragraph: StyleValues;
  onPick: (preset: StylePreset) => void;
}) {
  return (
    <fieldset className="style-presets">
      <legend>Look</legend>
      <div className="style-preset-row">
        {STYLE_PRESETS.map((preset) => (
          <Button
            key={preset.name}
            size="sm"
            aria-pressed={same(header, preset.header) && same(paragraph, preset.paragraph)}
            title={preset.hint}
            onClick={() => onPick(preset)}
          >
            <span className="style-preset-sample" data-preset={preset.name.toLowerCase()} aria-hidden="true">
              Aa
            </span>
            {preset.name}
          </Button>
        ))}
      </div>
      <p>Fills the header and paragraph styles below; change any of them after.</p>
    </fieldset>
  );
}
